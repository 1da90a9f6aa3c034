import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Namespaces, isEngineError } from '../../src/index.js';

describe('namespace catalog', () => {
  it('always holds default, lists by ordinal name, and isolates engines', async () => {
    const namespaces = new Namespaces();
    const flights = namespaces.create('flights');
    namespaces.create('Zoo');
    await flights.engine.createVertex();
    assert.deepEqual(
      namespaces.list().map((n) => n.name),
      ['Zoo', 'default', 'flights'],
    );
    assert.equal(namespaces.default.engine.vertexCount, 0);
    assert.equal(flights.engine.vertexCount, 1);
    assert.match(flights.id, /^ns-\d{8}-\d{6}-[0-9a-f]{4}$/);
    assert.equal(namespaces.default.id, 'default');
  });

  it('refuses invalid names, duplicates and names over quota', () => {
    const namespaces = new Namespaces({ maxNamespaces: 2 });
    for (const bad of ['', '   ', ' lead', 'trail ', '.', '..', 'a/b', 'a\\b', 'tab\there', 'x'.repeat(64)]) {
      assert.throws(
        () => namespaces.create(bad),
        (e) => isEngineError(e, 'NAMESPACE_NAME_INVALID'),
        bad,
      );
    }
    assert.throws(
      () => namespaces.create('default'),
      (e) => isEngineError(e, 'NAMESPACE_NAME_IN_USE'),
    );
    namespaces.create('ünïcode name!');
    assert.throws(
      () => namespaces.create('third'),
      (e) => isEngineError(e, 'NAMESPACE_QUOTA_EXCEEDED') && e.extensions.maxNamespaces === 2,
    );
  });

  it('renames keeping the id and data; drop and recreate gives a new id', async () => {
    const namespaces = new Namespaces();
    const original = namespaces.create('a');
    await original.engine.createVertex();
    const renamed = namespaces.update('a', { name: 'b' });
    assert.equal(renamed.id, original.id);
    assert.equal(namespaces.get('a'), undefined);
    assert.equal(namespaces.require('b').engine.vertexCount, 1);
    namespaces.drop('b');
    const again = namespaces.create('b');
    assert.notEqual(again.id, original.id);
    assert.equal(again.engine.vertexCount, 0);
  });

  it('validates every patch field before applying any, and protects default', () => {
    const namespaces = new Namespaces();
    namespaces.create('a');
    assert.throws(
      () => namespaces.update('a', {}),
      (e) => isEngineError(e, 'NAMESPACE_UPDATE_INVALID'),
    );
    assert.throws(
      () => namespaces.update('a', { name: 'c', pluginRegistration: 'sometimes' }),
      (e) => isEngineError(e, 'NAMESPACE_PLUGIN_REGISTRATION_INVALID'),
    );
    assert.ok(namespaces.get('a'), 'the rename did not happen');
    assert.equal(namespaces.update('a', { pluginRegistration: 'disabled' }).pluginRegistrationEnabled, false);
    assert.equal(namespaces.update('a', { pluginRegistration: 'inherit' }).pluginRegistrationEnabled, null);
    assert.throws(
      () => namespaces.update('default', { name: 'x' }),
      (e) => isEngineError(e, 'NAMESPACE_RESERVED'),
    );
    assert.throws(
      () => namespaces.update('default', { loadOnStartup: 'disabled' }),
      (e) => isEngineError(e, 'NAMESPACE_RESERVED'),
    );
    assert.throws(
      () => namespaces.drop('default'),
      (e) => isEngineError(e, 'NAMESPACE_RESERVED'),
    );
    assert.throws(
      () => namespaces.require('nope'),
      (e) => isEngineError(e, 'NAMESPACE_NOT_FOUND') && e.extensions.namespace === 'nope',
    );
    assert.equal(
      namespaces.update('default', { pluginRegistration: 'enabled' }).pluginRegistrationEnabled,
      true,
    );
  });

  it('tabula rasa for the deployment drops every namespace but default and clears it', async () => {
    const namespaces = new Namespaces();
    namespaces.create('a');
    await namespaces.default.engine.createVertex();
    await namespaces.clearAll();
    assert.deepEqual(
      namespaces.list().map((n) => n.name),
      ['default'],
    );
    assert.equal(namespaces.default.engine.vertexCount, 0);
  });
});

describe('namespace isolation under load', () => {
  it('commits a write in one namespace while another namespace still has a long queue', async () => {
    const namespaces = new Namespaces({ engine: { maxGroupTransactions: 1024 } });
    const heavy = namespaces.create('heavy').engine;
    const light = namespaces.create('light').engine;
    const burst: Promise<number>[] = [];
    for (let i = 0; i < 50_000; i++) burst.push(heavy.createVertex());
    await light.createVertex();
    assert.ok(heavy.pendingWrites > 0, 'the light write did not wait for the heavy queue to drain');
    assert.equal(light.vertexCount, 1);
    await Promise.all(burst);
    assert.equal(heavy.vertexCount, 50_000);
  });
});
