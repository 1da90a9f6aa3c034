import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, type ConfigKeySpec } from '../../src/config/index.js';
import { formatConfigValue, parseConfigText } from '../../src/config/values.js';

const ratio: ConfigKeySpec = {
  key: 'Test:Ratio',
  kind: 'double',
  default: 1,
  minimum: 0,
  maximum: 1,
  applyMode: 'live',
  description: 'a test key',
};

describe('configuration value text', () => {
  it('parses a double within its bounds, exponents included', () => {
    assert.equal(parseConfigText(ratio, '0.25', 'a test'), 0.25);
    assert.equal(parseConfigText(ratio, '2.5e-1', 'a test'), 0.25);
    assert.equal(parseConfigText(ratio, ' .5 ', 'a test'), 0.5);
  });

  it('refuses a double out of bounds or not a number, naming the key', () => {
    for (const text of ['1.5', 'NaN', 'Infinity', '0x1', '', 'half']) {
      assert.throws(
        () => parseConfigText(ratio, text, 'a test'),
        (e) =>
          e instanceof ConfigError &&
          /^Test:Ratio: .* from a test is not a number in \[0, 1\]$/.test(e.message),
        text,
      );
    }
  });

  it('never shows the value of a secret key in an error', () => {
    const secretCount: ConfigKeySpec = { ...ratio, key: 'Test:Secret', kind: 'int', secret: true };
    assert.throws(
      () => parseConfigText(secretCount, 'hunter2', 'a test'),
      (e) => e instanceof ConfigError && !e.message.includes('hunter2') && /withheld/.test(e.message),
    );
  });

  it('formats values as configuration text', () => {
    assert.equal(formatConfigValue(8080), '8080');
    assert.equal(formatConfigValue(false), 'false');
    assert.equal(formatConfigValue('Production'), 'Production');
    assert.equal(formatConfigValue(null), null);
    assert.equal(formatConfigValue(['a', 'b']), 'a,b');
  });
});
