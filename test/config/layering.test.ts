import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/index.js';
import { writeConfigFile } from './helpers.js';

describe('configuration layering', () => {
  it('lets the file override a default', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: 9000 } } });
    const config = loadConfig({ argv: ['--config', file] });
    assert.equal(config.settings.http.port, 9000);
    assert.equal(config.sources.get('Svc:Http:Port'), 'appSettings');
    assert.equal(config.configFile, file);
  });

  it('lets the environment override the file', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: 9000 } } });
    const config = loadConfig({ argv: ['--config', file], env: { Svc__Http__Port: '9001' } });
    assert.equal(config.settings.http.port, 9001);
    assert.equal(config.sources.get('Svc:Http:Port'), 'environment');
  });

  it('lets a command-line flag override the environment', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: 9000 } } });
    const config = loadConfig({
      argv: ['--config', file, '--Svc:Http:Port=9002'],
      env: { Svc__Http__Port: '9001' },
    });
    assert.equal(config.settings.http.port, 9002);
    assert.equal(config.sources.get('Svc:Http:Port'), 'commandLine');
    assert.equal(config.raw('Svc:Http:Port'), '9002');
  });

  it('keeps each key from the highest layer that sets it', () => {
    const file = writeConfigFile({
      Svc: { Http: { Host: '0.0.0.0', Port: 9000 }, Security: { ApiKey: 'from-file' } },
    });
    const config = loadConfig({
      argv: ['--config', file, '--Svc:Security:ApiKey', 'from-flag'],
      env: { Svc__Http__Port: '9001' },
    });
    assert.equal(config.settings.http.host, '0.0.0.0');
    assert.equal(config.sources.get('Svc:Http:Host'), 'appSettings');
    assert.equal(config.settings.http.port, 9001);
    assert.equal(config.sources.get('Svc:Http:Port'), 'environment');
    assert.equal(config.settings.security.apiKey, 'from-flag');
    assert.equal(config.sources.get('Svc:Security:ApiKey'), 'commandLine');
    assert.equal(config.sources.get('Svc:Logging:Level'), 'default');
  });

  it('lets an empty environment value clear an API key the file sets', () => {
    const file = writeConfigFile({ Svc: { Security: { ApiKey: 'from-file' } } });
    const config = loadConfig({ argv: ['--config', file], env: { Svc__Security__ApiKey: '' } });
    assert.equal(config.settings.security.apiKey, null);
    assert.equal(config.sources.get('Svc:Security:ApiKey'), 'environment');
  });

  it('treats a JSON null in the file as not set', () => {
    const file = writeConfigFile({ Svc: { Security: { ApiKey: null }, Http: { Port: null } } });
    const config = loadConfig({ argv: ['--config', file] });
    assert.equal(config.settings.security.apiKey, null);
    assert.equal(config.settings.http.port, 8080);
    assert.equal(config.sources.get('Svc:Http:Port'), 'default');
    assert.deepEqual(config.warnings, []);
  });
});
