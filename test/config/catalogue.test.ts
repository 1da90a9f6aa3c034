import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONFIG_KEYS, findConfigKey, tierOf, type ConfigKeySpec } from '../../src/config/index.js';
import { buildSettings, type ConfigValueReader } from '../../src/config/settings.js';
import { formatConfigValue, parseConfigText } from '../../src/config/values.js';

const specs: readonly ConfigKeySpec[] = CONFIG_KEYS;

describe('configuration key catalogue', () => {
  it('spells every key uniquely, ignoring letter case', () => {
    const lower = specs.map((spec) => spec.key.toLowerCase());
    assert.equal(new Set(lower).size, lower.length);
  });

  it('finds a key in any letter case and returns the canonical entry', () => {
    assert.equal(findConfigKey('SVC:HTTP:PORT')?.key, 'Svc:Http:Port');
    assert.equal(findConfigKey('Svc:Http:Nope'), undefined);
  });

  it('gives every key a default that its own parser accepts and reproduces', () => {
    for (const spec of specs) {
      const text = formatConfigValue(spec.default);
      if (text === null) continue;
      assert.deepEqual(parseConfigText(spec, text, 'the catalogue'), spec.default, spec.key);
    }
  });

  it('keeps numeric defaults within their bounds and enum defaults among their values', () => {
    for (const spec of specs) {
      if (spec.kind === 'int' || spec.kind === 'double') {
        assert.ok(spec.minimum === undefined || spec.default >= spec.minimum, spec.key);
        assert.ok(spec.maximum === undefined || spec.default <= spec.maximum, spec.key);
      }
      if (spec.kind === 'enum') assert.ok(spec.allowedValues.includes(spec.default), spec.key);
    }
  });

  it('gives a reason exactly for the keys that are never writable', () => {
    for (const spec of specs) {
      assert.equal(spec.applyMode === 'never', spec.notWritableReason !== undefined, spec.key);
    }
  });

  it('makes every Svc:Security key not writable and the API key secret', () => {
    for (const spec of specs.filter((s) => s.key.startsWith('Svc:Security:'))) {
      assert.equal(tierOf(spec), 'notWritable', spec.key);
    }
    assert.equal(findConfigKey('Svc:Security:ApiKey')?.secret, true);
  });

  it('maps apply modes to the tiers GET /config publishes', () => {
    const base = { key: 'X', kind: 'bool', default: false, description: '' } as const;
    assert.equal(tierOf({ ...base, applyMode: 'live' }), 'live');
    assert.equal(tierOf({ ...base, applyMode: 'liveForNewWork' }), 'live');
    assert.equal(tierOf({ ...base, applyMode: 'restart' }), 'restart');
    assert.equal(tierOf({ ...base, applyMode: 'never', notWritableReason: 'r' }), 'notWritable');
  });

  it('describes every key', () => {
    for (const spec of specs) assert.ok(spec.description.length > 10, spec.key);
  });

  it('reads every catalogue key into the typed settings', () => {
    const read = new Set<string>();
    const byKey = new Map(specs.map((spec) => [spec.key, spec.default]));
    const recording = ((key: string) => {
      read.add(key);
      return byKey.get(key);
    }) as ConfigValueReader;
    buildSettings(recording);
    assert.deepEqual([...read].sort(), specs.map((spec) => spec.key).sort());
  });
});
