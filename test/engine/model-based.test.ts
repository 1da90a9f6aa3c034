/**
 * Model-based check of the storage core: random operation sequences (creates, removals, property writes,
 * failing batches, trims) applied to the engine and to a plain-object model; every read must agree.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Engine, isEngineError, type WriteOperation } from '../../src/index.js';

interface ModelElement {
  kind: 'vertex' | 'edge';
  label: string | null;
  source?: number;
  target?: number;
  type?: string;
  properties: Map<string, number>;
}

type Step =
  | { op: 'vertex'; label: string | null; props: [string, number][] }
  | { op: 'edge'; from: number; to: number; type: string }
  | { op: 'remove'; id: number }
  | { op: 'set'; id: number; key: string; value: number }
  | { op: 'unset'; id: number; key: string }
  | { op: 'failingBatch'; from: number; to: number }
  | { op: 'trim' }
  | { op: 'compact' };

const key = fc.constantFrom('a', 'b', 'c', 'd');
const idRef = fc.nat({ max: 40 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('vertex' as const),
      label: fc.option(fc.constantFrom('x', 'y')),
      props: fc.array(fc.tuple(key, fc.integer()), { maxLength: 3 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('edge' as const),
      from: idRef,
      to: idRef,
      type: fc.constantFrom('k1', 'k2', 'k3'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), id: idRef }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('set' as const), id: idRef, key, value: fc.integer() }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unset' as const), id: idRef, key }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('failingBatch' as const), from: idRef, to: idRef }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('trim' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('compact' as const) }) },
);

class Model {
  elements = new Map<number, ModelElement>();
  nextId = 0;
  liveIds(): number[] {
    return [...this.elements.keys()].sort((a, b) => a - b);
  }
  isVertex(id: number) {
    return this.elements.get(id)?.kind === 'vertex';
  }
  addEdge(from: number, to: number, type: string) {
    this.elements.set(this.nextId++, {
      kind: 'edge',
      label: null,
      source: from,
      target: to,
      type,
      properties: new Map(),
    });
  }
  remove(id: number) {
    const element = this.elements.get(id);
    if (element === undefined) return;
    this.elements.delete(id);
    if (element.kind === 'vertex') {
      for (const [edgeId, edge] of [...this.elements]) {
        if (edge.kind === 'edge' && (edge.source === id || edge.target === id)) this.elements.delete(edgeId);
      }
    }
  }
  trim() {
    const mapping = new Map<number, number>();
    this.liveIds().forEach((id, index) => mapping.set(id, index));
    const next = new Map<number, ModelElement>();
    for (const [id, element] of this.elements) {
      if (element.kind === 'edge') {
        element.source = mapping.get(element.source!);
        element.target = mapping.get(element.target!);
      }
      next.set(mapping.get(id)!, element);
    }
    this.elements = next;
    this.nextId = next.size;
  }
  adjacency(vertex: number, direction: 'out' | 'in'): Record<string, number[]> | null {
    const groups: Record<string, number[]> = {};
    for (const id of this.liveIds()) {
      const edge = this.elements.get(id)!;
      if (edge.kind !== 'edge') continue;
      if ((direction === 'out' ? edge.source : edge.target) === vertex) (groups[edge.type!] ??= []).push(id);
    }
    return Object.keys(groups).length === 0 ? null : groups;
  }
}

function sortedGroups(groups: Record<string, number[]> | null) {
  return groups === null
    ? null
    : Object.fromEntries(Object.entries(groups).sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function apply(engine: Engine, model: Model, s: Step): Promise<void> {
  switch (s.op) {
    case 'vertex': {
      const props = new Map(s.props);
      await engine.createVertex({
        label: s.label,
        properties: [...props].map(([k, v]) => ({ key: k, value: { type: 'Int32', value: v } })),
      });
      model.elements.set(model.nextId++, { kind: 'vertex', label: s.label, properties: props });
      break;
    }
    case 'edge': {
      const ok = model.isVertex(s.from) && model.isVertex(s.to);
      const pending = engine.createEdge({ sourceVertex: s.from, targetVertex: s.to, edgePropertyId: s.type });
      if (ok) {
        await pending;
        model.addEdge(s.from, s.to, s.type);
      } else {
        const missing = model.isVertex(s.from) ? s.to : s.from;
        await assert.rejects(
          pending,
          (error: unknown) =>
            isEngineError(error, 'ELEMENT_NOT_FOUND') &&
            error.message.includes(`endpoint vertex ${missing} `),
        );
      }
      break;
    }
    case 'remove':
      await engine.removeElement(s.id);
      model.remove(s.id);
      break;
    case 'set':
      await engine.setProperty(s.id, s.key, { type: 'Int32', value: s.value });
      model.elements.get(s.id)?.properties.set(s.key, s.value);
      break;
    case 'unset':
      await engine.removeProperty(s.id, s.key);
      model.elements.get(s.id)?.properties.delete(s.key);
      break;
    case 'failingBatch': {
      const operations: WriteOperation[] = [
        { kind: 'createVertex', input: { label: 'doomed' } },
        { kind: 'removeElement', id: s.from },
        { kind: 'setProperty', id: s.to, key: 'a', value: { type: 'Int32', value: -1 } },
        { kind: 'createEdge', input: { sourceVertex: s.to, targetVertex: s.from, edgePropertyId: 'k1' } },
        { kind: 'createEdge', input: { sourceVertex: -5, targetVertex: s.to, edgePropertyId: 'k2' } },
      ];
      // Whichever operation fails first, it fails for an element the batch cannot find.
      await assert.rejects(engine.submit(operations), (error: unknown) =>
        isEngineError(error, 'ELEMENT_NOT_FOUND'),
      );
      break;
    }
    case 'trim':
      await engine.trim();
      await engine.flush();
      model.trim();
      break;
    case 'compact':
      await engine.compact();
      break;
  }
}

function check(engine: Engine, model: Model): void {
  assert.equal(engine.nextId, model.nextId);
  const vertices = [...model.elements.values()].filter((e) => e.kind === 'vertex').length;
  assert.equal(engine.vertexCount, vertices);
  assert.equal(engine.edgeCount, model.elements.size - vertices);
  for (let id = 0; id < model.nextId + 2; id++) {
    const expected = model.elements.get(id);
    const actual = engine.getElement(id);
    const bits = engine.graph.vertexBits.view;
    const bit = id >>> 5 < bits.length ? (bits[id >>> 5] >>> (id & 31)) & 1 : 0;
    assert.equal(bit, expected?.kind === 'vertex' ? 1 : 0, `vertex bit of ${id}`);
    if (expected === undefined) {
      assert.equal(actual, undefined, `id ${id} should be absent`);
      continue;
    }
    assert.ok(actual, `id ${id} should exist`);
    assert.equal(actual.kind, expected.kind);
    const props = Object.fromEntries(actual.properties.map((p) => [p.key, p.value.value]));
    assert.deepEqual(props, Object.fromEntries([...expected.properties].sort()));
    if (actual.kind === 'vertex') {
      assert.equal(actual.label, expected.label);
      assert.deepEqual(sortedGroups(actual.outEdges), model.adjacency(id, 'out'), `out of ${id}`);
      assert.deepEqual(sortedGroups(actual.inEdges), model.adjacency(id, 'in'), `in of ${id}`);
      assert.equal(engine.degree(id, 'out'), Object.values(model.adjacency(id, 'out') ?? {}).flat().length);
    } else {
      assert.deepEqual(
        [actual.sourceVertex, actual.targetVertex, actual.edgePropertyId],
        [expected.source, expected.target, expected.type],
      );
    }
  }
}

describe('storage core against a model', () => {
  it('agrees with a plain model after any sequence of writes, rollbacks and trims', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 80 }), async (steps) => {
        const engine = new Engine();
        const model = new Model();
        for (const s of steps) {
          await apply(engine, model, s);
          check(engine, model);
        }
      }),
      { numRuns: 150 },
    );
  });
});
