import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, EngineError, isEngineError } from '../../src/index.js';

const text = (value: string) => ({ type: 'String' as const, value });

describe('single writer and transactions', () => {
  it('assigns consecutive ids from 0 in commit order, one id space for vertices and edges', async () => {
    const engine = new Engine();
    const [a, b] = await engine.createVertices([{}, {}]);
    const edge = await engine.createEdge({ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' });
    const c = await engine.createVertex();
    assert.deepEqual([a, b, edge, c], [0, 1, 2, 3]);
  });

  it('applies transactions in submission order even when not awaited one by one', async () => {
    const engine = new Engine();
    const pending = [];
    for (let i = 0; i < 100; i++) pending.push(engine.createVertex({ label: `v${i}` }));
    const ids = await Promise.all(pending);
    assert.deepEqual(
      ids,
      Array.from({ length: 100 }, (_, i) => i),
    );
    assert.equal(engine.getVertex(42)?.label, 'v42');
  });

  it('rolls back a whole batch when its last edge has a missing endpoint, ids included', async () => {
    const engine = new Engine();
    const [a, b] = await engine.createVertices([{}, {}]);
    await assert.rejects(
      engine.createEdges([
        { sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' },
        {
          sourceVertex: b,
          targetVertex: a,
          edgePropertyId: 'knows',
          properties: [{ key: 'w', value: text('x') }],
        },
        { sourceVertex: a, targetVertex: 999, edgePropertyId: 'knows' },
      ]),
      (error) => isEngineError(error, 'ELEMENT_NOT_FOUND'),
    );
    assert.equal(engine.edgeCount, 0);
    assert.equal(engine.getVertex(a)?.outEdges, null);
    assert.equal(engine.getVertex(b)?.inEdges, null);
    assert.equal(await engine.createVertex(), 2, 'the rolled-back ids are handed out again');
  });

  it('rolls back removals and property writes made earlier in a failing transaction', async () => {
    const engine = new Engine();
    const [a, b, c] = await engine.createVertices([
      { properties: [{ key: 'name', value: text('a') }] },
      {},
      {},
    ]);
    const ab = await engine.createEdge({ sourceVertex: a, targetVertex: b, edgePropertyId: 'x' });
    const ca = await engine.createEdge({ sourceVertex: c, targetVertex: a, edgePropertyId: 'y' });
    const aa = await engine.createEdge({ sourceVertex: a, targetVertex: a, edgePropertyId: 'x' });
    const before = engine.getVertex(a);
    await assert.rejects(
      engine.submit([
        { kind: 'setProperty', id: a, key: 'name', value: text('changed') },
        { kind: 'removeElement', id: a },
        { kind: 'createEdge', input: { sourceVertex: b, targetVertex: a, edgePropertyId: 'x' } },
      ]),
      (error) => isEngineError(error, 'ELEMENT_NOT_FOUND'),
    );
    assert.deepEqual(engine.getVertex(a), before);
    assert.deepEqual(engine.getVertex(a)?.outEdges, { x: [ab, aa] });
    assert.deepEqual(engine.getVertex(a)?.inEdges, { x: [aa], y: [ca] });
    assert.equal(engine.edgeCount, 3);
    assert.equal(engine.vertexCount, 3);
  });

  it('settles a submit with what its pick makes of the result, and a pick that throws rejects only its caller', async () => {
    const engine = new Engine();
    const failure = new Error('pick failed');
    const picked = engine.submit(
      [{ kind: 'createVertex', input: {} }],
      (result) => result.createdIds[0] * 10,
    );
    const throwing = engine.submit([{ kind: 'createVertex', input: {} }], () => {
      throw failure;
    });
    const plain = engine.submit([{ kind: 'createVertex', input: {} }]);
    assert.equal(await picked, 0);
    await assert.rejects(throwing, (error) => error === failure);
    assert.deepEqual(await plain, { createdIds: [2] }, 'the rest of the group is released');
    assert.equal(engine.vertexCount, 3, 'the throwing pick does not undo its committed transaction');
  });

  it('refuses bad input before anything is enqueued', () => {
    const engine = new Engine();
    assert.throws(
      () =>
        engine.submit([
          { kind: 'createEdge', input: { sourceVertex: 0, targetVertex: 0, edgePropertyId: '' } },
        ]),
      (error) => error instanceof EngineError && error.code === 'INVALID_INPUT',
    );
    assert.throws(
      () => engine.submit([{ kind: 'createVertex', input: { creationDate: -1 } }]),
      (error) => isEngineError(error, 'INVALID_INPUT'),
    );
    assert.throws(
      () => engine.submit([{ kind: 'setProperty', id: 0, key: '$embedding:default', value: text('x') }]),
      (error) => isEngineError(error, 'INVALID_INPUT'),
    );
    assert.throws(
      () => engine.submit([{ kind: 'clear' }, { kind: 'trim' }]),
      (error) => isEngineError(error, 'INVALID_INPUT'),
    );
    assert.equal(engine.pendingWrites, 0);
  });

  it('treats writes to a missing element as committed no-ops', async () => {
    const engine = new Engine();
    await engine.setProperty(5, 'k', text('v'));
    await engine.removeProperty(5, 'k');
    await engine.removeElement(5);
    await engine.removeElement(-3);
    assert.equal(engine.nextId, 0);
  });

  it('releases callers only after the commit hooks of their group settle, and reports a failing hook', async () => {
    const engine = new Engine();
    const seen: number[] = [];
    let failNext = false;
    engine.addCommitHook(async (group) => {
      for (const committed of group) seen.push(...committed.result.createdIds);
      if (failNext) throw new Error('disk full');
    });
    await engine.createVertex();
    assert.deepEqual(seen, [0]);
    failNext = true;
    await assert.rejects(
      engine.createVertex(),
      (error) => isEngineError(error, 'WRITER_FAULT') && /disk full/.test(error.message),
    );
    assert.equal(engine.vertexCount, 2, 'the commit landed in memory');
  });

  it('commits a trim alone: what comes before and after it in the same tick commits in other groups', async () => {
    const engine = new Engine();
    const groups: string[][] = [];
    engine.addCommitHook((group) => {
      groups.push(
        group.map((committed) => committed.operations.map((operation) => operation.kind).join('+')),
      );
    });
    await Promise.all([
      engine.createVertex(),
      engine.submit([{ kind: 'trim' }]),
      engine.createVertex(),
      engine.submit([{ kind: 'trim' }]),
    ]);
    assert.deepEqual(groups, [['createVertex'], ['trim'], ['createVertex'], ['trim']]);
  });

  it('yields the event loop between groups of a long burst', async () => {
    const engine = new Engine({ maxGroupTransactions: 10 });
    let timerRan = false;
    const pending = [];
    for (let i = 0; i < 100; i++) pending.push(engine.createVertex());
    setImmediate(() => {
      timerRan = true;
    });
    const first = await pending[0];
    assert.equal(first, 0);
    await Promise.all(pending);
    assert.ok(timerRan, 'a macrotask ran while the burst was being applied');
  });
});

describe('commit hooks that throw', () => {
  it('reports a synchronously throwing hook to the callers and keeps the writer running', async () => {
    const engine = new Engine();
    let throwNext = true;
    engine.addCommitHook(() => {
      if (throwNext) {
        throwNext = false;
        throw new Error('hook exploded');
      }
    });
    await assert.rejects(
      engine.createVertex(),
      (error) => isEngineError(error, 'WRITER_FAULT') && /hook exploded/.test(error.message),
    );
    assert.equal(await engine.createVertex(), 1, 'later writes still commit');
  });
});
