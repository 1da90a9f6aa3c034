import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { writeConfigFile } from './helpers.js';

describe('configuration file', () => {
  it('is named by --config <path>', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: 9000 } } });
    assert.equal(loadConfig({ argv: ['--config', file] }).settings.http.port, 9000);
  });

  it('is named by --config=<path>', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: 9000 } } });
    assert.equal(loadConfig({ argv: [`--config=${file}`] }).settings.http.port, 9000);
  });

  it('is named by SVC_CONFIG', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: 9000 } } });
    const config = loadConfig({ env: { SVC_CONFIG: file } });
    assert.equal(config.settings.http.port, 9000);
    assert.equal(config.sources.get('Svc:Http:Port'), 'appSettings');
    assert.equal(config.configFile, file);
  });

  it('prefers --config over SVC_CONFIG, reading only one file', () => {
    const fromFlag = writeConfigFile({ Svc: { Http: { Port: 9000 } } });
    const fromEnv = writeConfigFile({ Svc: { Http: { Port: 9001, Host: '0.0.0.0' } } });
    const config = loadConfig({ argv: ['--config', fromFlag], env: { SVC_CONFIG: fromEnv } });
    assert.equal(config.settings.http.port, 9000);
    assert.equal(config.settings.http.host, '127.0.0.1');
  });

  it('reads colon-separated keys and mixed nesting the same as nested objects', () => {
    const file = writeConfigFile({ 'Svc:Http:Port': 9000, Svc: { 'Security:ApiKey': 'k' } });
    const { settings } = loadConfig({ argv: ['--config', file] });
    assert.equal(settings.http.port, 9000);
    assert.equal(settings.security.apiKey, 'k');
  });

  it('matches keys in the file in any letter case', () => {
    const file = writeConfigFile({
      svc: { HTTP: { port: 9000 } },
      allowedcorsorigins: ['https://a.example'],
    });
    const { settings, warnings } = loadConfig({ argv: ['--config', file] });
    assert.equal(settings.http.port, 9000);
    assert.deepEqual(settings.cors.allowedOrigins, ['https://a.example']);
    assert.deepEqual(warnings, []);
  });

  it('accepts numbers and booleans as JSON values or as strings', () => {
    const file = writeConfigFile({
      Svc: {
        Http: { Port: '9000' },
        Security: { EnableConfigurationWrite: true, EnableDynamicPluginLoading: 'False' },
      },
    });
    const { settings } = loadConfig({ argv: ['--config', file] });
    assert.equal(settings.http.port, 9000);
    assert.equal(settings.security.enableConfigurationWrite, true);
    assert.equal(settings.security.enableDynamicPluginLoading, false);
  });

  it('accepts a file that starts with a byte-order mark', () => {
    const file = writeConfigFile('\uFEFF{"Svc":{"Http":{"Port":9000}}}');
    assert.equal(loadConfig({ argv: ['--config', file] }).settings.http.port, 9000);
  });

  it('stops the start when the named file is missing, naming the path and who named it', () => {
    const missing = `${writeConfigFile({})}.absent`;
    assert.throws(
      () => loadConfig({ argv: ['--config', missing] }),
      (e) => e instanceof ConfigError && e.message.includes(missing) && /--config/.test(e.message),
    );
    assert.throws(
      () => loadConfig({ env: { SVC_CONFIG: missing } }),
      (e) => e instanceof ConfigError && e.message.includes(missing) && /SVC_CONFIG/.test(e.message),
    );
  });

  it('stops the start when the named file is not valid JSON, naming the path', () => {
    const file = writeConfigFile('{ "Svc": { "Http": { "Port": 9000, } } }');
    assert.throws(
      () => loadConfig({ argv: ['--config', file] }),
      (e) => e instanceof ConfigError && e.message.includes(file) && /not valid JSON/.test(e.message),
    );
  });

  it('stops the start when the file does not hold a JSON object', () => {
    const file = writeConfigFile('[1, 2]');
    assert.throws(
      () => loadConfig({ argv: ['--config', file] }),
      (e) => e instanceof ConfigError && e.message.includes(file) && /JSON object/.test(e.message),
    );
  });

  it('refuses --config without a path', () => {
    assert.throws(
      () => loadConfig({ argv: ['--config'] }),
      (e) => e instanceof ConfigError && /--config has no value/.test(e.message),
    );
    assert.throws(
      () => loadConfig({ argv: ['--config='] }),
      (e) => e instanceof ConfigError && /--config has an empty path/.test(e.message),
    );
  });
});
