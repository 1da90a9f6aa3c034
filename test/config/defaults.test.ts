import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONFIG_KEYS, loadConfig } from '../../src/config/index.js';

describe('configuration defaults', () => {
  it('gives every documented default when nothing is configured', () => {
    const { settings, warnings, configFile } = loadConfig({});
    assert.deepEqual(settings, {
      environment: 'Development',
      http: { host: '127.0.0.1', port: 8080, maxBodyBytes: 30_000_000, codeBodyLimitBytes: 1_048_576 },
      bulkIO: { importBatchSize: 10_000, maxLineBytes: 1_048_576, maxImportRequestBytes: 0 },
      security: {
        apiKey: null,
        apiKeyHeaderName: 'X-Api-Key',
        enableDynamicPluginLoading: true,
        sensitiveRateLimitPermitPerWindow: 30,
        rateLimitWindowSeconds: 10,
        enableConfigurationWrite: false,
        benchmarkMaxIterations: 10_000,
      },
      cors: { allowedOrigins: [] },
      namespaces: { maxNamespaces: 10_000 },
      observability: { prometheus: { enabled: false, requireApiKey: false } },
      writer: {
        maxGroupTransactions: 1024,
        maxGroupsInFlight: 3,
        minTransactionsToOverlap: 32,
        maxQueuedTransactions: 65_536,
        maxQueuedBytes: 268_435_456,
      },
      changeFeed: {
        enabled: true,
        bufferSize: 8192,
        subscriberQueueSize: 1024,
        maxSubscribers: 32,
        keepAliveSeconds: 15,
        flushIntervalMilliseconds: 10,
      },
      storedQueries: { maxCount: 256 },
      durability: {
        storageDirectory: 'data',
        walPath: null,
        volatile: false,
        saveOnShutdown: true,
        checkpointBaseName: 'Temp.f8s',
      },
      metadata: { directory: null },
      fragments: { maxSteps: 10_000_000 },
      paths: { defaultTimeBudgetSeconds: 30 },
      analytics: { defaultTimeBudgetSeconds: 30, maxTimeBudgetSeconds: 300, maxConcurrentRuns: 1 },
      subgraphs: {
        defaultTimeBudgetSeconds: 30,
        compileCacheMaxEntries: 256,
        compileCacheSlidingSeconds: 60,
      },
      logging: { level: 'info', requests: false },
    });
    assert.deepEqual(warnings, []);
    assert.equal(configFile, null);
  });

  it('reports the source of every key as default when nothing is configured', () => {
    const { sources } = loadConfig({ argv: [], env: {} });
    assert.equal(sources.size, CONFIG_KEYS.length);
    for (const { key } of CONFIG_KEYS) assert.equal(sources.get(key), 'default', key);
  });

  it('does not read process.env or process.argv', () => {
    process.env.Svc__Http__Port = '1234';
    try {
      assert.equal(loadConfig({}).settings.http.port, 8080);
    } finally {
      delete process.env.Svc__Http__Port;
    }
  });

  it('freezes the settings object deeply', () => {
    const { settings } = loadConfig({ env: { AllowedCorsOrigins: 'https://a.example' } });
    assert.ok(Object.isFrozen(settings));
    assert.ok(Object.isFrozen(settings.http));
    assert.ok(Object.isFrozen(settings.observability.prometheus));
    assert.ok(Object.isFrozen(settings.cors.allowedOrigins));
    assert.throws(() => {
      (settings.http as { port: number }).port = 1;
    }, TypeError);
  });

  it('gives the text of a default through raw, and null for an unset key', () => {
    const config = loadConfig({});
    assert.equal(config.raw('Svc:Http:Port'), '8080');
    assert.equal(config.raw('svc:security:enabledynamicpluginloading'), 'true');
    assert.equal(config.raw('Svc:Security:ApiKey'), null);
    assert.equal(config.raw('AllowedCorsOrigins'), '');
  });
});
