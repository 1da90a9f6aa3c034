import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  CONFIG_KEYS,
  ConfigError,
  loadConfig,
  type ConfigKeySpec,
  type LoadOptions,
} from '../../src/config/index.js';
import { writeConfigFile } from './helpers.js';

type IntSpec = Extract<ConfigKeySpec, { kind: 'int' | 'double' }>;
const intKeys = (CONFIG_KEYS as readonly ConfigKeySpec[]).filter(
  (spec): spec is IntSpec => spec.kind === 'int',
);

type LayerName = 'appSettings' | 'environment' | 'commandLine';
const LAYERS: readonly LayerName[] = ['appSettings', 'environment', 'commandLine'];

/** Sets `key` to `text` through one layer, spelling the key as given. */
function through(layer: LayerName, key: string, text: string): LoadOptions {
  switch (layer) {
    case 'appSettings':
      return { argv: ['--config', writeConfigFile({ [key]: text })] };
    case 'environment':
      return { env: { [key.replaceAll(':', '__')]: text } };
    case 'commandLine':
      return { argv: [`--${key}=${text}`] };
  }
}

const randomCase = (key: string) =>
  fc
    .array(fc.boolean(), { minLength: key.length, maxLength: key.length })
    .map((upper) => [...key].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

const keyValueAndLayer = fc.constantFrom(...intKeys).chain((spec) =>
  fc.record({
    spec: fc.constant(spec),
    spelling: randomCase(spec.key),
    value: fc.integer({
      min: spec.minimum ?? Number.MIN_SAFE_INTEGER,
      max: spec.maximum ?? Number.MAX_SAFE_INTEGER,
    }),
    layer: fc.constantFrom(...LAYERS),
  }),
);

describe('configuration properties', () => {
  it('round-trips any in-range integer of any int key through every layer, in any key letter case', () => {
    fc.assert(
      fc.property(keyValueAndLayer, ({ spec, spelling, value, layer }) => {
        const config = loadConfig(through(layer, spelling, String(value)));
        assert.equal(config.raw(spec.key), String(value));
        assert.equal(config.sources.get(spec.key as never), layer);
        assert.deepEqual(config.warnings, []);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any integer just outside the bounds of an int key, in every layer', () => {
    const bounded = intKeys.filter((spec) => spec.minimum !== undefined);
    fc.assert(
      fc.property(
        fc.constantFrom(...bounded),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(...LAYERS),
        (spec, distance, layer) => {
          const below = (spec.minimum ?? 0) - distance;
          assert.throws(
            () => loadConfig(through(layer, spec.key, String(below))),
            (e) => e instanceof ConfigError && e.key === spec.key && e.message.startsWith(`${spec.key}: `),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
