import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/index.js';

describe('configuration from environment variables', () => {
  it('maps __ to : in variable names', () => {
    const config = loadConfig({
      env: {
        Svc__Security__EnableDynamicPluginLoading: 'false',
        Svc__Observability__Prometheus__Enabled: 'true',
      },
    });
    assert.equal(config.settings.security.enableDynamicPluginLoading, false);
    assert.equal(config.settings.observability.prometheus.enabled, true);
    assert.equal(config.sources.get('Svc:Observability:Prometheus:Enabled'), 'environment');
  });

  it('matches variable names in any letter case', () => {
    const config = loadConfig({ env: { SVC__HTTP__PORT: '9100', svc__logging__level: 'warn' } });
    assert.equal(config.settings.http.port, 9100);
    assert.equal(config.settings.logging.level, 'warn');
  });

  it('accepts colons in a variable name as well as __', () => {
    assert.equal(loadConfig({ env: { 'Svc:Http:Port': '9101' } }).settings.http.port, 9101);
  });

  it('does not treat or report variables outside Svc__ as configuration', () => {
    const config = loadConfig({
      env: { PATH: '/usr/bin', HOME: '/root', Http__Port: '1', SvcHttpPort: '2' },
    });
    assert.equal(config.settings.http.port, 8080);
    assert.deepEqual(config.warnings, []);
  });

  it('sets the port and host from PORT and HOST', () => {
    const config = loadConfig({ env: { PORT: '3000', HOST: '0.0.0.0' } });
    assert.equal(config.settings.http.port, 3000);
    assert.equal(config.settings.http.host, '0.0.0.0');
    assert.equal(config.sources.get('Svc:Http:Port'), 'environment');
    assert.equal(config.sources.get('Svc:Http:Host'), 'environment');
  });

  it('prefers Svc__Http__Port and Svc__Http__Host over PORT and HOST', () => {
    const config = loadConfig({
      env: { Svc__Http__Port: '4000', PORT: '3000', HOST: '0.0.0.0', Svc__Http__Host: '::1' },
    });
    assert.equal(config.settings.http.port, 4000);
    assert.equal(config.settings.http.host, '::1');
  });

  it('lets a command-line flag override PORT', () => {
    assert.equal(
      loadConfig({ argv: ['--Svc:Http:Port=5000'], env: { PORT: '3000' } }).settings.http.port,
      5000,
    );
  });

  it('ignores an empty PORT or HOST', () => {
    const config = loadConfig({ env: { PORT: '', HOST: ' ' } });
    assert.equal(config.settings.http.port, 8080);
    assert.equal(config.settings.http.host, '127.0.0.1');
  });

  it('sets the environment from NODE_ENV only when it is development or production', () => {
    assert.equal(loadConfig({ env: { NODE_ENV: 'production' } }).settings.environment, 'Production');
    assert.equal(loadConfig({ env: { NODE_ENV: 'PRODUCTION' } }).settings.environment, 'Production');
    assert.equal(loadConfig({ env: { NODE_ENV: 'development' } }).settings.environment, 'Development');
    const test = loadConfig({ env: { NODE_ENV: 'test' } });
    assert.equal(test.settings.environment, 'Development');
    assert.equal(test.sources.get('Svc:Environment'), 'default');
    assert.deepEqual(test.warnings, []);
  });

  it('prefers Svc__Environment over NODE_ENV', () => {
    const config = loadConfig({ env: { NODE_ENV: 'production', Svc__Environment: 'Development' } });
    assert.equal(config.settings.environment, 'Development');
  });

  it('ignores variables whose value is undefined', () => {
    assert.equal(loadConfig({ env: { Svc__Http__Port: undefined } }).settings.http.port, 8080);
  });
});
