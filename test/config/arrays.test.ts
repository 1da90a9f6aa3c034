import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/index.js';
import { writeConfigFile } from './helpers.js';

const A = 'https://a.example';
const B = 'https://b.example';
const C = 'https://c.example';

describe('list-valued configuration', () => {
  it('reads a JSON array from the file', () => {
    const file = writeConfigFile({ AllowedCorsOrigins: [A, B] });
    const config = loadConfig({ argv: ['--config', file] });
    assert.deepEqual(config.settings.cors.allowedOrigins, [A, B]);
    assert.equal(config.sources.get('AllowedCorsOrigins'), 'appSettings');
  });

  it('reads indexed environment variables in index order', () => {
    const config = loadConfig({ env: { AllowedCorsOrigins__1: B, AllowedCorsOrigins__0: A } });
    assert.deepEqual(config.settings.cors.allowedOrigins, [A, B]);
  });

  it('closes gaps between indexes', () => {
    const config = loadConfig({ env: { AllowedCorsOrigins__0: A, AllowedCorsOrigins__7: B } });
    assert.deepEqual(config.settings.cors.allowedOrigins, [A, B]);
  });

  it('reads indexed command-line flags', () => {
    const config = loadConfig({ argv: ['--AllowedCorsOrigins:0', A, '--allowedcorsorigins:1=' + B] });
    assert.deepEqual(config.settings.cors.allowedOrigins, [A, B]);
    assert.equal(config.sources.get('AllowedCorsOrigins'), 'commandLine');
  });

  it('reads a comma-separated list, trimming items and dropping empty ones', () => {
    const config = loadConfig({ env: { AllowedCorsOrigins: ` ${A} ,, ${B},` } });
    assert.deepEqual(config.settings.cors.allowedOrigins, [A, B]);
    assert.equal(config.raw('AllowedCorsOrigins'), `${A},${B}`);
  });

  it('reads a comma-separated list from a flag and from a JSON string', () => {
    assert.deepEqual(loadConfig({ argv: [`--AllowedCorsOrigins=${A},${B}`] }).settings.cors.allowedOrigins, [
      A,
      B,
    ]);
    const file = writeConfigFile({ AllowedCorsOrigins: `${A},${B}` });
    assert.deepEqual(loadConfig({ argv: ['--config', file] }).settings.cors.allowedOrigins, [A, B]);
  });

  it('replaces the whole list from an earlier layer instead of merging by index', () => {
    const file = writeConfigFile({ AllowedCorsOrigins: [A, B, C] });
    const config = loadConfig({ argv: ['--config', file], env: { AllowedCorsOrigins__0: C } });
    assert.deepEqual(config.settings.cors.allowedOrigins, [C]);
    assert.equal(config.sources.get('AllowedCorsOrigins'), 'environment');
  });

  it('lets an empty value clear a list set by an earlier layer', () => {
    const file = writeConfigFile({ AllowedCorsOrigins: [A] });
    const config = loadConfig({ argv: ['--config', file, '--AllowedCorsOrigins='] });
    assert.deepEqual(config.settings.cors.allowedOrigins, []);
    const emptyArray = writeConfigFile({ AllowedCorsOrigins: [] });
    const fromFile = loadConfig({ argv: ['--config', emptyArray] });
    assert.deepEqual(fromFile.settings.cors.allowedOrigins, []);
    assert.equal(fromFile.sources.get('AllowedCorsOrigins'), 'appSettings');
  });

  it('uses the indexed entries and warns when one layer also gives a comma list', () => {
    const config = loadConfig({ env: { AllowedCorsOrigins: `${A},${B}`, AllowedCorsOrigins__0: C } });
    assert.deepEqual(config.settings.cors.allowedOrigins, [C]);
    assert.equal(config.warnings.length, 1);
    assert.match(config.warnings[0], /AllowedCorsOrigins is given both as a list/);
  });

  it('does not share the array it returns with later loads', () => {
    const first = loadConfig({ env: { AllowedCorsOrigins: A } });
    const second = loadConfig({});
    assert.deepEqual(first.settings.cors.allowedOrigins, [A]);
    assert.deepEqual(second.settings.cors.allowedOrigins, []);
  });
});
