/**
 * Key-store captures against a model (copy-on-write.ts, `KeyStore.capture`): random adds, removals, key
 * removals, clears and reloads interleave with captures that are read a few entries at a time; every
 * capture must read exactly the content of its moment, the id sets it hands out must not change while it
 * is open, and the live store must still agree with the model.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { HashKeyStore, OrderedKeyStore } from '../../../src/engine/indexes/key-stores.js';
import {
  drain,
  type Ids,
  type KeyIds,
  type KeyStore,
  type KeyStoreCapture,
} from '../../../src/engine/indexes/keyed-index.js';
import type { TypedValue } from '../../../src/index.js';

const keyArbitrary: fc.Arbitrary<TypedValue> = fc.oneof(
  fc.integer({ min: 0, max: 7 }).map((value): TypedValue => ({ type: 'Int32', value })),
  fc.constantFrom('a', 'b', 'é', 'e\u0301', 'B').map((value): TypedValue => ({ type: 'String', value })),
);
const id = fc.nat({ max: 9 });

type Step =
  | { op: 'add'; key: TypedValue; id: number }
  | { op: 'remove'; key: TypedValue; id: number }
  | { op: 'removeKey'; key: TypedValue }
  | { op: 'clear' }
  | { op: 'reload' }
  | { op: 'capture' }
  | { op: 'read'; which: number; entries: number }
  | { op: 'finish'; which: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ op: fc.constant('add' as const), key: keyArbitrary, id }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('remove' as const), key: keyArbitrary, id }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeKey' as const), key: keyArbitrary }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'reload' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'capture' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('read' as const), which: fc.nat(), entries: fc.nat({ max: 4 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('finish' as const), which: fc.nat() }) },
);

const keyText = (key: TypedValue) => `${key.type}|${String(key.value)}`;
const idList = (ids: Ids) => (typeof ids === 'number' ? [ids] : [...ids].sort((a, b) => a - b));

function canonical(entries: Iterable<readonly [string, readonly number[]]>): string[] {
  return [...entries].map(([key, ids]) => `${key}:${[...ids].sort((a, b) => a - b).join(',')}`).sort();
}

function storeContent(store: KeyStore): string[] {
  const entries: [string, number[]][] = [];
  store.forEach((key, ids) => entries.push([keyText(key), idList(ids)]));
  return canonical(entries);
}

interface OpenCapture {
  capture: KeyStoreCapture;
  entries: Generator<KeyIds, void>;
  expected: string[];
  read: [string, number[]][];
  /** The id sets handed out, with their content when handed out: they must not change while open. */
  sets: [ReadonlySet<number>, number[]][];
  done: boolean;
}

function readEntries(open: OpenCapture, count: number): void {
  for (let i = 0; i < count && !open.done; i++) {
    const next = open.entries.next();
    if (next.done === true) {
      open.done = true;
      return;
    }
    const [key, ids] = next.value;
    open.read.push([keyText(key), idList(ids)]);
    if (typeof ids !== 'number') open.sets.push([ids, idList(ids)]);
  }
}

function finish(open: OpenCapture): void {
  readEntries(open, Infinity);
  assert.equal(open.read.length, open.capture.size, 'one entry per key of the capture');
  assert.deepEqual(canonical(open.read), open.expected);
  for (const [set, content] of open.sets)
    assert.deepEqual(
      [...set].sort((a, b) => a - b),
      content,
    );
  open.capture.release();
  open.capture.release();
}

function run(store: KeyStore, steps: readonly Step[]): void {
  const model = new Map<string, { key: TypedValue; ids: Set<number> }>();
  const open: OpenCapture[] = [];
  const modelContent = () => canonical([...model.values()].map(({ key, ids }) => [keyText(key), [...ids]]));
  for (const s of steps) {
    switch (s.op) {
      case 'add': {
        const entry = model.get(keyText(s.key)) ?? { key: s.key, ids: new Set<number>() };
        assert.equal(store.add(s.key, s.id), !entry.ids.has(s.id));
        entry.ids.add(s.id);
        model.set(keyText(s.key), entry);
        break;
      }
      case 'remove': {
        const entry = model.get(keyText(s.key));
        assert.equal(store.remove(s.key, s.id), entry?.ids.has(s.id) === true);
        entry?.ids.delete(s.id);
        if (entry?.ids.size === 0) model.delete(keyText(s.key));
        break;
      }
      case 'removeKey':
        assert.equal(store.removeKey(s.key) !== undefined, model.delete(keyText(s.key)));
        break;
      case 'clear':
        store.clear();
        model.clear();
        break;
      case 'reload': {
        // What a trim does: the same keys, fresh id sets under new ids.
        const entries: KeyIds[] = [];
        store.forEach((key, ids) => {
          const renamed = idList(ids).map((held) => 20 - held);
          entries.push([key, renamed.length === 1 ? renamed[0] : new Set(renamed)]);
        });
        drain(store.loadSteps(entries));
        for (const entry of model.values()) entry.ids = new Set([...entry.ids].map((held) => 20 - held));
        break;
      }
      case 'capture': {
        const capture = store.capture();
        open.push({
          capture,
          entries: capture.entries(),
          expected: modelContent(),
          read: [],
          sets: [],
          done: false,
        });
        break;
      }
      case 'read':
        if (open.length > 0) readEntries(open[s.which % open.length], s.entries);
        break;
      case 'finish':
        if (open.length > 0) finish(open.splice(s.which % open.length, 1)[0]);
        break;
    }
  }
  for (const capture of open) finish(capture);
  assert.deepEqual(storeContent(store), modelContent(), 'the live store agrees with the model');
}

describe('key-store captures', () => {
  for (const [name, make] of [
    ['HashKeyStore', () => new HashKeyStore()],
    ['OrderedKeyStore', () => new OrderedKeyStore()],
  ] as const) {
    it(`a ${name} capture reads the content of its moment whatever changes while it is read`, () => {
      fc.assert(
        fc.property(fc.array(step, { maxLength: 150, size: 'max' }), (steps) => run(make(), steps)),
        { numRuns: 300 },
      );
    });
  }
});
