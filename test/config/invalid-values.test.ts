import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { writeConfigFile } from './helpers.js';

function throwsNaming(load: () => unknown, ...patterns: RegExp[]): void {
  assert.throws(load, (e) => e instanceof ConfigError && patterns.every((p) => p.test(e.message)));
}

describe('invalid configuration values', () => {
  it('stops the start on a non-integer for an int key, naming key, value and variable', () => {
    assert.throws(
      () => loadConfig({ env: { Svc__Http__Port: 'abc' } }),
      (e) =>
        e instanceof ConfigError &&
        e.message ===
          'Svc:Http:Port: "abc" from environment variable Svc__Http__Port is not an integer in [0, 65535]' &&
        e.key === 'Svc:Http:Port' &&
        e.origin === 'environment variable Svc__Http__Port',
    );
  });

  it('refuses fractions and exponents for an int key', () => {
    throwsNaming(() => loadConfig({ argv: ['--Svc:Http:Port=80.5'] }), /Svc:Http:Port/, /"80\.5"/);
    throwsNaming(() => loadConfig({ argv: ['--Svc:Http:Port=8e3'] }), /Svc:Http:Port/, /"8e3"/);
    throwsNaming(() => loadConfig({ argv: ['--Svc:Http:Port='] }), /Svc:Http:Port/, /""/);
  });

  it('stops the start on an int out of its bounds', () => {
    throwsNaming(() => loadConfig({ argv: ['--Svc:Http:Port=65536'] }), /Svc:Http:Port/, /--Svc:Http:Port/);
    throwsNaming(() => loadConfig({ argv: ['--Svc:Http:Port=-1'] }), /Svc:Http:Port/);
    throwsNaming(
      () => loadConfig({ env: { Svc__Namespaces__MaxNamespaces: '0' } }),
      /Svc:Namespaces:MaxNamespaces/,
      /\[1, 9007199254740991\]/,
    );
    throwsNaming(
      () => loadConfig({ env: { Svc__Writer__MaxGroupTransactions: '1000001' } }),
      /Svc:Writer:MaxGroupTransactions/,
    );
    for (const [key, outside] of [
      ['MaxGroupsInFlight', '0'],
      ['MaxGroupsInFlight', '65'],
      ['MinTransactionsToOverlap', '0'],
    ]) {
      throwsNaming(
        () => loadConfig({ env: { [`Svc__Writer__${key}`]: outside } }),
        new RegExp(`Svc:Writer:${key}`),
      );
    }
    assert.equal(
      loadConfig({ env: { Svc__Writer__MaxGroupsInFlight: '64' } }).settings.writer.maxGroupsInFlight,
      64,
    );
    assert.equal(
      loadConfig({ env: { Svc__Writer__MinTransactionsToOverlap: '1' } }).settings.writer
        .minTransactionsToOverlap,
      1,
    );
    throwsNaming(
      () => loadConfig({ env: { Svc__Security__RateLimitWindowSeconds: '99999999999999999999' } }),
      /Svc:Security:RateLimitWindowSeconds/,
    );
    for (const outside of ['-1', '1001']) {
      throwsNaming(
        () => loadConfig({ env: { Svc__ChangeFeed__FlushIntervalMilliseconds: outside } }),
        /Svc:ChangeFeed:FlushIntervalMilliseconds/,
      );
    }
    for (const edge of [0, 1000]) {
      const { settings } = loadConfig({ env: { Svc__ChangeFeed__FlushIntervalMilliseconds: String(edge) } });
      assert.equal(settings.changeFeed.flushIntervalMilliseconds, edge);
    }
  });

  it('bounds the writer queue keys: each end of the range is accepted, one past it stops the start', () => {
    for (const [key, lowest, highest, field] of [
      ['MaxQueuedTransactions', 1, 16_777_216, 'maxQueuedTransactions'],
      ['MaxQueuedBytes', 1_048_576, 68_719_476_736, 'maxQueuedBytes'],
    ] as const) {
      for (const edge of [lowest, highest]) {
        const { settings } = loadConfig({ env: { [`Svc__Writer__${key}`]: String(edge) } });
        assert.equal(settings.writer[field], edge);
      }
      for (const outside of [lowest - 1, highest + 1]) {
        throwsNaming(
          () => loadConfig({ env: { [`Svc__Writer__${key}`]: String(outside) } }),
          new RegExp(`Svc:Writer:${key}`),
          new RegExp(`"${outside}"`),
        );
      }
    }
  });

  it('names PORT as the origin when PORT is invalid', () => {
    throwsNaming(() => loadConfig({ env: { PORT: 'http' } }), /Svc:Http:Port/, /environment variable PORT/);
  });

  it('names the file as the origin when the file holds an invalid value', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: 70000 } } });
    throwsNaming(
      () => loadConfig({ argv: ['--config', file] }),
      /Svc:Http:Port/,
      /"70000"/,
      new RegExp(file),
    );
  });

  it('stops the start on an invalid value even when a later layer overrides it', () => {
    const file = writeConfigFile({ Svc: { Http: { Port: 'eighty' } } });
    throwsNaming(() => loadConfig({ argv: ['--config', file, '--Svc:Http:Port=80'] }), /Svc:Http:Port/);
  });

  it('stops the start on a bool that is not true or false', () => {
    throwsNaming(
      () => loadConfig({ env: { Svc__Security__EnableDynamicPluginLoading: 'yes' } }),
      /Svc:Security:EnableDynamicPluginLoading/,
      /"yes"/,
      /is not true or false/,
    );
    throwsNaming(
      () => loadConfig({ argv: ['--Svc:Observability:Prometheus:Enabled=1'] }),
      /Svc:Observability:Prometheus:Enabled/,
    );
  });

  it('accepts true and false in any letter case and with surrounding spaces', () => {
    const config = loadConfig({
      env: {
        Svc__Security__EnableDynamicPluginLoading: ' FALSE ',
        Svc__Security__EnableConfigurationWrite: 'True',
      },
    });
    assert.equal(config.settings.security.enableDynamicPluginLoading, false);
    assert.equal(config.settings.security.enableConfigurationWrite, true);
  });

  it('stops the start on an enum value that is not allowed, listing the allowed ones', () => {
    throwsNaming(
      () => loadConfig({ env: { Svc__Environment: 'Staging' } }),
      /Svc:Environment/,
      /"Staging"/,
      /one of Development, Production/,
    );
    throwsNaming(() => loadConfig({ argv: ['--Svc:Logging:Level=verbose'] }), /Svc:Logging:Level/);
  });

  it('matches enum values in any letter case and uses the canonical spelling', () => {
    const config = loadConfig({ env: { Svc__Environment: 'production', Svc__Logging__Level: 'WARN' } });
    assert.equal(config.settings.environment, 'Production');
    assert.equal(config.settings.logging.level, 'warn');
    assert.equal(config.raw('Svc:Environment'), 'Production');
  });

  it('stops the start on a string that breaks its format', () => {
    throwsNaming(
      () => loadConfig({ env: { Svc__Security__ApiKeyHeaderName: 'X Api Key' } }),
      /Svc:Security:ApiKeyHeaderName/,
      /an HTTP header name/,
    );
    throwsNaming(() => loadConfig({ argv: ['--Svc:Http:Host='] }), /Svc:Http:Host/);
  });

  it('raw refuses an unknown key', () => {
    assert.throws(
      () => loadConfig({}).raw('Svc:Nope'),
      (e) => e instanceof ConfigError && /Svc:Nope/.test(e.message),
    );
  });
});
