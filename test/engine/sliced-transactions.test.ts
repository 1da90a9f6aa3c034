import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fc from 'fast-check';
import {
  CreateBatch,
  Engine,
  isEngineError,
  ScanOperator,
  type ChangeEvent,
  type CommittedTransaction,
  type EngineOptions,
  type WriteOperation,
} from '../../src/index.js';
import { engineState, openLogged, temporaryDirectory } from './durability/support.js';
import { ByteWriter } from '../../src/engine/codec/binary.js';
import { writeCommittedPayload } from '../../src/engine/durability/wal/entry-codec.js';
import { beginFrame, endFrame } from '../../src/engine/durability/wal/frames.js';
import { encodeInSteps } from '../../src/engine/durability/wal/entry-steps.js';

const int = (value: number) => ({ type: 'Int32' as const, value });
const text = (value: string) => ({ type: 'String' as const, value });

/** Deterministic clocks, and a feed small enough that a large transaction overwrites it many times. */
function engineWith(options: EngineOptions = {}): Engine {
  return new Engine({
    clockSeconds: () => 1_700_000_000,
    changeFeed: { bufferSize: 16, clockMilliseconds: () => 0 },
    ...options,
  });
}

/** `vertices` labelled vertices with a property, and `edges` edges between them (seeded), hub 0 included. */
async function populate(engine: Engine, vertices: number, edges: [number, number][]): Promise<void> {
  await engine.submit(
    Array.from({ length: vertices }, (_, i): WriteOperation => ({
      kind: 'createVertex',
      input: { label: `l${i % 3}`, properties: [{ key: 'n', value: int(i) }] },
    })),
  );
  await engine.submit(
    edges.map(([source, target], i): WriteOperation => ({
      kind: 'createEdge',
      input: {
        sourceVertex: source,
        targetVertex: target,
        edgePropertyId: `t${i % 2}`,
        label: i % 4 === 0 ? 'e' : null,
        properties: i % 5 === 0 ? [{ key: 'w', value: int(i) }] : undefined,
      },
    })),
  );
}

function events(engine: Engine): unknown[] {
  return engine.changeFeed!.buffered().map((event: ChangeEvent) => ({ ...event, ts: undefined }));
}

/** A transaction's result, or the code and message of the EngineError it was rolled back with. */
async function outcome(committing: Promise<unknown>): Promise<unknown> {
  try {
    return { result: await committing };
  } catch (error) {
    assert.ok(isEngineError(error), `an EngineError, got ${String(error)}`);
    return { code: error.code, message: error.message };
  }
}

function observed(engine: Engine): unknown {
  return { state: engineState(engine), events: events(engine), lastSeq: engine.changeFeed!.lastSeq };
}

const vertexCount = 12;
const edgeList = fc.array(fc.tuple(fc.nat({ max: vertexCount - 1 }), fc.nat({ max: vertexCount - 1 })), {
  maxLength: 40,
});
const anyId = fc.nat({ max: vertexCount + 45 });
const operation: fc.Arbitrary<WriteOperation> = fc.oneof(
  fc.record({
    kind: fc.constant('createVertex' as const),
    input: fc.record({
      label: fc.constantFrom(null, 'l1', 'fresh'),
      properties: fc.array(fc.record({ key: fc.constantFrom('n', 'm'), value: fc.integer().map(int) }), {
        maxLength: 2,
      }),
    }),
  }),
  fc.record({
    kind: fc.constant('createEdge' as const),
    input: fc.record({
      sourceVertex: fc.nat({ max: vertexCount - 1 }),
      targetVertex: fc.nat({ max: vertexCount - 1 }),
      edgePropertyId: fc.constantFrom('t0', 't1', 'new'),
    }),
  }),
  fc.record({
    kind: fc.constant('setProperty' as const),
    id: anyId,
    key: fc.constantFrom('n', 'm'),
    value: fc.integer({ min: 0, max: 3 }).map(int),
  }),
  fc.record({ kind: fc.constant('removeProperty' as const), id: anyId, key: fc.constantFrom('n', 'w') }),
  fc.record({ kind: fc.constant('removeElement' as const), id: anyId }),
);

describe('transactions applied in slices', () => {
  it('commit what the same transaction applied in one piece commits: graph, result, events', async () => {
    await fc.assert(
      fc.asyncProperty(
        edgeList,
        fc.array(operation, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        async (edges, operations, applyWorkPerSlice) => {
          const whole = engineWith();
          const sliced = engineWith({ applyWorkPerSlice });
          await populate(whole, vertexCount, edges);
          await populate(sliced, vertexCount, edges);
          const expected = await outcome(whole.submit(operations));
          const actual = await outcome(sliced.submit(operations));
          assert.deepEqual(actual, expected);
          assert.deepEqual(observed(sliced), observed(whole));
          assert.equal(sliced.committedSequence, whole.committedSequence);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('roll back every slice, interned names included, when an operation fails part-way', async () => {
    const engine = engineWith({ applyWorkPerSlice: 3 });
    await populate(engine, 30, [
      [0, 1],
      [1, 2],
      [2, 0],
      [0, 0],
      [5, 6],
    ]);
    const before = observed(engine);
    const sequence = engine.committedSequence;
    const operations: WriteOperation[] = [
      ...Array.from({ length: 20 }, (_, i): WriteOperation => ({ kind: 'removeElement', id: i })),
      { kind: 'setProperty', id: 25, key: 'brandNew', value: text('x') },
      { kind: 'createVertex', input: { label: 'fresh' } },
      { kind: 'createEdge', input: { sourceVertex: 25, targetVertex: 26, edgePropertyId: 'newType' } },
      { kind: 'createEdge', input: { sourceVertex: 25, targetVertex: 10_000, edgePropertyId: 't0' } },
    ];
    await assert.rejects(engine.submit(operations), (error) => isEngineError(error, 'ELEMENT_NOT_FOUND'));
    assert.deepEqual(observed(engine), before);
    assert.equal(engine.committedSequence, sequence);
    for (const name of ['fresh']) assert.equal(engine.graph.labelNames.find(name), -1);
    assert.equal(engine.graph.edgeTypes.find('newType'), -1);
    assert.equal(engine.graph.propertyKeys.find('brandNew'), -1);
    assert.equal(await engine.createVertex(), 30 + 5, 'the rolled-back ids are handed out again');
  });

  it('show reads between slices a prefix of the operations, each applied whole, and hold later writes back', async () => {
    const engine = engineWith({ applyWorkPerSlice: 10 });
    const edges: [number, number][] = [];
    for (let v = 0; v < 60; v++) for (let k = 1; k <= 3; k++) edges.push([v, (v * 7 + k) % 60]);
    await populate(engine, 60, edges);
    const doomed = Array.from({ length: 30 }, (_, i) => 59 - 2 * i);
    const nextId = engine.nextId;
    let done = false;
    const removal = engine.removeElements(doomed).then(() => (done = true));
    const later = engine.createVertex({ label: 'later' });
    let turns = 0;
    let sawPartial = false;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
      const gone = doomed.map((id) => engine.getVertex(id) === undefined);
      const removedSoFar = gone.indexOf(false) === -1 ? gone.length : gone.indexOf(false);
      assert.ok(
        gone.slice(removedSoFar).every((isGone) => !isGone),
        'removals form a prefix',
      );
      if (removedSoFar > 0 && removedSoFar < doomed.length) sawPartial = true;
      let degrees = 0;
      for (let id = 0; id < nextId; id++) {
        const vertex = engine.getVertex(id);
        if (vertex === undefined) continue;
        for (const [direction, groups] of [
          ['out', vertex.outEdges],
          ['in', vertex.inEdges],
        ] as const) {
          for (const edgeIds of Object.values(groups ?? {})) {
            for (const edge of edgeIds) {
              const record = engine.getEdge(edge);
              assert.ok(record !== undefined, `vertex ${id} lists live edges only`);
              const other = direction === 'out' ? record.targetVertex : record.sourceVertex;
              assert.ok(engine.getVertex(other) !== undefined, 'an edge has live endpoints');
              if (direction === 'out') degrees++;
            }
          }
        }
      }
      assert.equal(degrees, engine.edgeCount);
      if (!done) assert.equal(engine.getVertex(nextId), undefined, 'a later write waits for the large one');
    }
    await removal;
    assert.ok(turns > 3 && sawPartial, `the removal took several turns (${turns})`);
    assert.equal(await later, nextId);
    for (const id of doomed) assert.equal(engine.getVertex(id), undefined);
  });

  it('remove a hub a slice of edges at a time, with one removal in cascade order (outgoing, then incoming, a self-loop once)', async () => {
    const edges: [number, number][] = [];
    for (let i = 1; i <= 20; i++) edges.push([0, i], [i, 0]);
    edges.push([0, 0], [3, 4]);
    const whole = engineWith({ changeFeed: { bufferSize: 100, clockMilliseconds: () => 0 } });
    const sliced = engineWith({
      applyWorkPerSlice: 4,
      changeFeed: { bufferSize: 100, clockMilliseconds: () => 0 },
    });
    await populate(whole, 21, edges);
    await populate(sliced, 21, edges);
    const groups: CommittedTransaction[][] = [];
    sliced.addCommitHook((group) => void groups.push([...group]));
    const operations: WriteOperation[] = [
      { kind: 'removeElement', id: 0 },
      { kind: 'removeElement', id: 3 },
    ];
    await whole.submit(operations);
    await sliced.submit(operations);
    assert.deepEqual(observed(sliced), observed(whole));
    assert.equal(groups.length, 1);
    const [transaction] = groups[0];
    assert.equal(transaction.sliced, true);
    const [hub] = transaction.result.effects;
    assert.ok(hub.kind === 'removed' && hub.vertex && hub.op === 0);
    assert.equal(hub.ids.length, 1 + 41);
    assert.equal(sliced.edgeCount, 0);
  });

  it('purge removed elements from every index, a slice at a time, scans never answering them', async () => {
    const engine = engineWith({ applyWorkPerSlice: 5 });
    await populate(
      engine,
      10_000,
      Array.from({ length: 2_000 }, (_, i) => [i, (i * 13 + 1) % 10_000]),
    );
    engine.indexes.create('byN', 'DictionaryIndex');
    await engine.indexes.backfill('byN', { propertyId: 'n' });
    const doomed = Array.from({ length: 6_000 }, (_, i) => i);
    let done = false;
    const removal = engine.removeElements(doomed).then(() => (done = true));
    const every = { resultType: 'Both' as const };
    for (let turn = 0; !done; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      if (turn % 25 !== 0) continue;
      const hits = engine.indexes.scan('byN', ScanOperator.GreaterOrEquals, int(0), every)!;
      for (const id of hits) assert.ok(engine.getVertex(id) !== undefined, `scan answered removed ${id}`);
    }
    await removal;
    assert.equal(engine.indexes.get('byN')!.valueCount, 4_000);
    assert.deepEqual(engine.indexes.scan('byN', ScanOperator.Lower, int(6_001), every), [6_000]);
  });

  it('bound a commit group by its work as well as its transaction count', async () => {
    const engine = engineWith({ applyWorkPerSlice: 10 });
    const works: number[] = [];
    engine.addCommitHook((group) => {
      let work = 0;
      for (const transaction of group) work += transaction.operations.length;
      works.push(work);
    });
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      pending.push(i % 4 === 0 ? engine.createVertices([{}, {}, {}]) : engine.createVertex());
    }
    await Promise.all(pending);
    assert.equal(engine.vertexCount, 10 * 3 + 30);
    assert.ok(works.length > 1);
    for (const work of works) assert.ok(work <= 10, `a group of ${work} element changes`);
  });

  it('apply a batch of creations (bulk import) as it applies in one piece, or roll all of it back', async () => {
    const fill = (batch: CreateBatch, first: number, missingEndpoint: boolean): void => {
      batch.reset();
      let previous = -1;
      for (let i = 0; i < 40; i++) {
        const vertex = first + batch.count;
        batch.addVertex(i, i % 2 === 0 ? 'even' : null, [{ key: 'n', value: int(i) }]);
        if (i % 5 === 0) batch.addEmbedding(batch.count - 1, 'e', new Float32Array([i, 1]));
        if (previous >= 0) batch.addEdge(previous, vertex, 'next', i, null, [{ key: 'w', value: int(-i) }]);
        previous = vertex;
      }
      if (missingEndpoint) batch.addEdge(first, 10_000, 'next', 0, null);
    };
    const whole = engineWith();
    const sliced = engineWith({ applyWorkPerSlice: 3 });
    const payloads: Buffer[][] = [[], []];
    [whole, sliced].forEach((engine, at) =>
      engine.addCommitHook(
        (group) => {
          for (const transaction of group) {
            const out = new ByteWriter();
            writeCommittedPayload(out, transaction, 1, transaction.nowSeconds);
            payloads[at].push(out.toBuffer());
          }
        },
        { readsCreateBatches: true },
      ),
    );
    for (const engine of [whole, sliced]) await engine.createVertex({ label: 'first' });
    const batch = new CreateBatch();
    const results = [];
    for (const engine of [whole, sliced]) {
      fill(batch, 1, false);
      results.push(await engine.submitCreates(batch));
    }
    assert.deepEqual(results[1], results[0]);
    assert.deepEqual(observed(sliced), observed(whole));
    assert.deepEqual(payloads[1], payloads[0]);
    const before = observed(sliced);
    fill(batch, sliced.nextId, true);
    await assert.rejects(sliced.submitCreates(batch), (error) => isEngineError(error, 'ELEMENT_NOT_FOUND'));
    assert.deepEqual(observed(sliced), before);
  });

  it('are encoded for the log a step at a time into the bytes of an encoding in one piece', async () => {
    const engine = engineWith({ applyWorkPerSlice: 5 });
    await populate(engine, 20, [[0, 1]]);
    let committed: CommittedTransaction | undefined;
    engine.addCommitHook((group) => void (committed = group[0]));
    await engine.submit([
      ...Array.from({ length: 15 }, (_, i): WriteOperation => ({
        kind: 'setProperty',
        id: i,
        key: 'm',
        value: text(`v${i}`),
      })),
      { kind: 'createVertex', input: { label: 'x', properties: [{ key: 'n', value: int(1) }] } },
      { kind: 'removeElement', id: 0 },
    ]);
    assert.equal(committed?.sliced, true);
    const whole = new ByteWriter();
    const start = beginFrame(whole);
    writeCommittedPayload(whole, committed!, 7, committed!.nowSeconds);
    endFrame(whole, start);
    for (const [operationsPerStep, bytesPerStep] of [
      [1, 1],
      [4, 16],
      [100, 1 << 20],
    ]) {
      const stepped = await encodeInSteps(committed!, 7, operationsPerStep, bytesPerStep);
      assert.deepEqual(stepped, whole.toBuffer());
    }
  });

  it('log one entry that replays to the same graph', async () => {
    const file = path.join(temporaryDirectory(), 'sliced.wal');
    const options = { engine: engineWith({ applyWorkPerSlice: 7 }) };
    const { engine, log } = await openLogged(file, options);
    await populate(engine, 40, [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 0],
    ]);
    const sequence = engine.committedSequence;
    await engine.submit([
      ...Array.from({ length: 20 }, (_, i): WriteOperation => ({ kind: 'removeElement', id: i })),
      ...Array.from({ length: 30 }, (_, i): WriteOperation => ({
        kind: 'setProperty',
        id: 20 + (i % 20),
        key: 'm',
        value: int(i),
      })),
      { kind: 'createVertex', input: { label: 'after' } },
    ]);
    assert.equal(engine.committedSequence, sequence + 1);
    const expected = engineState(engine);
    await log.close();
    const reopened = await openLogged(file);
    assert.deepEqual(engineState(reopened.engine), expected);
    assert.equal(reopened.engine.committedSequence, sequence + 1);
    await reopened.log.close();

    // Replayed into an engine with slices as small, the entry applies in slices too: reads between them
    // see some of its removals and not others, and the end state is the same.
    const counts: number[] = [];
    let replaying = true;
    const watch = (): void => {
      counts.push(replayedInto.vertexCount);
      if (replaying) setImmediate(watch);
    };
    const replayedInto = engineWith({ applyWorkPerSlice: 7 });
    setImmediate(watch);
    const sliced = await openLogged(file, { engine: replayedInto });
    replaying = false;
    assert.deepEqual(engineState(sliced.engine), expected);
    assert.ok(
      counts.some((count) => count > 21 && count < 40),
      `a read between slices sees the removals part-applied (${counts.join(' ')})`,
    );
    await sliced.log.close();
  });
});
