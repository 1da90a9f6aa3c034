import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/index.js';

describe('configuration from command-line flags', () => {
  it('accepts --key=value', () => {
    assert.equal(loadConfig({ argv: ['--Svc:Security:ApiKey=secret'] }).settings.security.apiKey, 'secret');
  });

  it('accepts --key value', () => {
    const config = loadConfig({ argv: ['--Svc:Security:ApiKey', 'secret', '--Svc:Http:Port', '9000'] });
    assert.equal(config.settings.security.apiKey, 'secret');
    assert.equal(config.settings.http.port, 9000);
    assert.equal(config.sources.get('Svc:Security:ApiKey'), 'commandLine');
  });

  it('matches flag names in any letter case', () => {
    assert.equal(loadConfig({ argv: ['--svc:HTTP:port=9000'] }).settings.http.port, 9000);
  });

  it('keeps everything after the first = as the value', () => {
    assert.equal(loadConfig({ argv: ['--Svc:Security:ApiKey=a=b=c'] }).settings.security.apiKey, 'a=b=c');
  });

  it('uses the last of a repeated flag', () => {
    assert.equal(loadConfig({ argv: ['--Svc:Http:Port=1', '--Svc:Http:Port=2'] }).settings.http.port, 2);
  });

  it('refuses a flag for a known key that has no value', () => {
    assert.throws(
      () => loadConfig({ argv: ['--Svc:Http:Port'] }),
      (e) => e instanceof ConfigError && /--Svc:Http:Port has no value/.test(e.message),
    );
    assert.throws(
      () => loadConfig({ argv: ['--Svc:Http:Port', '--Svc:Http:Host=::1'] }),
      (e) => e instanceof ConfigError && /Svc:Http:Port/.test(e.message),
    );
  });

  it('warns about an argument that is not a flag', () => {
    const config = loadConfig({ argv: ['serve'] });
    assert.equal(config.warnings.length, 1);
    assert.match(config.warnings[0], /"serve" is not a --key=value flag/);
  });
});
