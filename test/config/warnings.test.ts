import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/index.js';
import { writeConfigFile } from './helpers.js';

describe('configuration warnings', () => {
  it('reports an unknown key in the file, in Svc__ variables and in flags without stopping the start', () => {
    const file = writeConfigFile({ Svc: { Http: { Portt: 1 } } });
    const config = loadConfig({
      argv: ['--config', file, '--Svc:Nonsense=1'],
      env: { Svc__Other__Thing: 'x' },
    });
    assert.equal(config.warnings.length, 3);
    assert.ok(config.warnings.some((w) => w.includes('"Svc:Http:Portt"') && w.includes(file)));
    assert.ok(
      config.warnings.some((w) => w.includes('"Svc:Other:Thing"') && w.includes('Svc__Other__Thing')),
    );
    assert.ok(config.warnings.some((w) => w.includes('"Svc:Nonsense"') && w.includes('--Svc:Nonsense')));
  });

  it('lists an unknown key once even when several layers set it, naming each place', () => {
    const file = writeConfigFile({ Svc: { Http: { Prot: 1 } } });
    const config = loadConfig({
      argv: ['--config', file, '--svc:http:prot=3'],
      env: { Svc__Http__Prot: '2', SVC__HTTP__PROT: '2' },
    });
    assert.equal(config.warnings.length, 1);
    const [warning] = config.warnings;
    assert.match(warning, /unknown configuration key "Svc:Http:Prot"/);
    for (const origin of [file, 'Svc__Http__Prot', 'SVC__HTTP__PROT', '--svc:http:prot']) {
      assert.ok(warning.includes(origin), `${warning} names ${origin}`);
    }
  });

  it('suggests the closest known key', () => {
    const config = loadConfig({ env: { Svc__Http__Prot: '1' }, argv: ['--Svc__Http__Host=x'] });
    assert.match(config.warnings[0], /did you mean Svc:Http:Port\?/);
    assert.match(config.warnings[1], /did you mean Svc:Http:Host\?/);
  });

  it('reports a path below a scalar key, or a list index on a scalar key, as unknown', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: [1] } } });
    const config = loadConfig({ argv: ['--config', file] });
    assert.equal(config.settings.http.port, 8080);
    assert.equal(config.warnings.length, 1);
    assert.match(config.warnings[0], /"Svc:Http:Port:0"/);
  });

  it('warns when one layer sets a key twice with different values, using the later', () => {
    const config = loadConfig({ env: { Svc__Http__Port: '1', SVC__HTTP__PORT: '2' } });
    assert.equal(config.settings.http.port, 2);
    assert.equal(config.warnings.length, 1);
    assert.match(config.warnings[0], /Svc:Http:Port is set twice/);
  });

  it('gives no warning for known keys', () => {
    const config = loadConfig({
      argv: ['--Svc:Http:Port=1'],
      env: { Svc__Logging__Level: 'debug', PORT: '2', HOST: 'localhost', NODE_ENV: 'test' },
    });
    assert.deepEqual(config.warnings, []);
  });
});
