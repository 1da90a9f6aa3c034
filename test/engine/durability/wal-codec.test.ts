/**
 * The log codec: values, operations and entries round-trip exactly (property-based), frames carry their
 * CRC, and entries this build cannot replay are refused loudly.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { formatValue, parseValue, type TypedValue, type WriteOperation } from '../../../src/index.js';
import type { IndexWriteOperation } from '../../../src/engine/tx/operations.js';
import { ByteReader, ByteWriter } from '../../../src/engine/codec/binary.js';
import {
  operationsOf,
  readEntry,
  UnsupportedEntryError,
  writeCommittedPayload,
} from '../../../src/engine/durability/wal/entry-codec.js';
import { EntryType, entryFormatVersion } from '../../../src/engine/durability/wal/format.js';
import { beginFrame, endFrame, scanFrames } from '../../../src/engine/durability/wal/frames.js';
import { decodeHeader, encodeHeader, LogHeaderError } from '../../../src/engine/durability/wal/header.js';
import { readValue, writeValue } from '../../../src/engine/codec/value-codec.js';
import type { CommittedTransaction } from '../../../src/engine/tx/writer.js';
import { anyText, assertIdentical, elementOperation, typedValue, unicodeText } from './arbitraries.js';

const int32 = (value: number): TypedValue => ({ type: 'Int32', value });

function roundTripValue(value: TypedValue): TypedValue {
  const out = new ByteWriter(16);
  writeValue(out, value);
  const input = new ByteReader(out.toBuffer());
  const back = readValue(input);
  assert.equal(input.remaining, 0);
  return back;
}

/** Operations with every typed value replaced by its type and read text, defaults made explicit. */
function canonical(operations: readonly WriteOperation[]): unknown {
  const value = (v: TypedValue) => [v.type, formatValue(v)];
  const props = (list: readonly { key: string; value: TypedValue }[] | undefined) =>
    (list ?? []).map((p) => [p.key, value(p.value)]);
  return operations.map((operation) => {
    switch (operation.kind) {
      case 'createVertex':
      case 'createEdge':
        return {
          ...operation,
          input: {
            ...operation.input,
            creationDate: operation.input.creationDate ?? 0,
            label: operation.input.label ?? null,
            properties: props(operation.input.properties),
          },
        };
      case 'setProperty':
        return { ...operation, value: value(operation.value) };
      default:
        return operation;
    }
  });
}

function committed(
  operations: WriteOperation[],
  createdIds: number[] = [],
  nowSeconds = 1_700_000_000,
): CommittedTransaction {
  return { operations, result: { createdIds, effects: [] }, nowSeconds, replayed: false };
}

function payloadOf(transaction: CommittedTransaction, sequence: number): Buffer {
  const out = new ByteWriter(64);
  writeCommittedPayload(out, transaction, sequence, transaction.nowSeconds);
  return out.toBuffer();
}

describe('log codec: strings', () => {
  /** What the log holds for a text: varuint of twice the UTF-8 length, then UTF-8 (well-formed text). */
  function expectedBytes(text: string): Buffer {
    const utf8 = Buffer.from(text, 'utf8');
    const header = new ByteWriter(16);
    header.varUint(utf8.length * 2);
    return Buffer.concat([header.toBuffer(), utf8]);
  }

  it('writes short texts unit by unit with the same bytes as the UTF-8 path, whatever the buffer (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.string({ unit: 'grapheme', maxLength: 70 }),
        fc.nat(40),
        (ascii, any, room) => {
          for (const text of [ascii, any]) {
            if (!text.isWellFormed()) continue;
            const out = new ByteWriter(1 + room);
            out.u8(7);
            out.string(text);
            assert.deepEqual(out.toBuffer(), Buffer.concat([Buffer.from([7]), expectedBytes(text)]));
            const input = new ByteReader(out.toBuffer());
            input.u8();
            assert.equal(input.string(), text);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('log codec: values', () => {
  it('round-trips every value type exactly (property)', () => {
    fc.assert(
      fc.property(typedValue, (value) => assertIdentical(roundTripValue(value), value)),
      { numRuns: 5000 },
    );
  });

  it('keeps text that is not well-formed Unicode (lone surrogates) unit for unit', () => {
    for (const value of ['\ud800', 'a\udc00b', '\udc00\ud800', '', 'plain', 'é😀中']) {
      assert.equal(roundTripValue({ type: 'String', value }).value, value);
    }
    fc.assert(
      fc.property(anyText, (value) => assert.equal(roundTripValue({ type: 'String', value }).value, value)),
      { numRuns: 2000 },
    );
  });

  it('keeps strings whose UTF-8 length header is shorter than the reserved worst case', () => {
    fc.assert(
      fc.property(fc.oneof(unicodeText, fc.string({ minLength: 40, maxLength: 300 })), (value) => {
        const out = new ByteWriter(8);
        out.string(value);
        out.u8(0xab);
        const input = new ByteReader(out.toBuffer());
        assert.equal(input.string(), value);
        assert.equal(input.u8(), 0xab);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a Decimal scale (1.250 stays 1.250) and Double NaN and -0', () => {
    const decimal = roundTripValue(parseValue('Decimal', '1.250'));
    assert.equal(formatValue(decimal), '1.250');
    assert.ok(Object.is(roundTripValue({ type: 'Double', value: -0 }).value, -0));
    assert.ok(Number.isNaN(roundTripValue({ type: 'Double', value: NaN }).value));
  });

  it('refuses a signed varint whose zigzag form would not be exact', () => {
    assert.throws(() => new ByteWriter(4).varInt(2 ** 52), RangeError);
    assert.throws(() => new ByteWriter(4).varInt(-(2 ** 52) - 1), RangeError);
    const out = new ByteWriter(4);
    out.varInt(2 ** 52 - 1);
    out.varInt(-(2 ** 52));
    const input = new ByteReader(out.toBuffer());
    assert.equal(input.varInt(), 2 ** 52 - 1);
    assert.equal(input.varInt(), -(2 ** 52));
  });

  it('varints cover the whole range they promise', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: -(2 ** 52), max: 2 ** 52 - 1 }), (unsigned, signed) => {
        const out = new ByteWriter(4);
        out.varUint(unsigned);
        out.varInt(signed);
        const input = new ByteReader(out.toBuffer());
        assert.equal(input.varUint(), unsigned);
        assert.equal(input.varInt(), signed);
      }),
    );
  });
});

describe('log codec: entries', () => {
  it('round-trips element transactions: operations, commit clock, sequence, first created id (property)', () => {
    fc.assert(
      fc.property(
        fc.array(elementOperation, { minLength: 1, maxLength: 8 }),
        fc.maxSafeNat(),
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        fc.option(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { nil: null }),
        (operations, sequence, nowSeconds, firstCreated) => {
          const transaction = committed(operations, firstCreated === null ? [] : [firstCreated], nowSeconds);
          const entry = readEntry(payloadOf(transaction, sequence), 'test');
          assert.equal(entry.type, 'elementTransaction');
          if (entry.type !== 'elementTransaction') return;
          assert.equal(entry.sequence, sequence);
          assert.equal(entry.nowSeconds, nowSeconds);
          assert.equal(entry.firstCreatedId, firstCreated);
          assert.deepEqual(canonical(entry.operations), canonical(operations));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('writes clear and trim as id-space markers', () => {
    const clear = readEntry(payloadOf(committed([{ kind: 'clear' }]), 7), 'test');
    assert.deepEqual(clear, { type: 'clear', sequence: 7, nowSeconds: 1_700_000_000 });
    const renumbering = Int32Array.from([0, -1, 1, -1, 2]);
    const trim = readEntry(
      payloadOf(
        {
          operations: [{ kind: 'trim' }],
          result: { createdIds: [], effects: [{ kind: 'trimmed', op: 0, renumbering, survivors: 3 }] },
          nowSeconds: 5,
          replayed: false,
        },
        8,
      ),
      'test',
    );
    assert.deepEqual(trim, { type: 'trim', sequence: 8, nowSeconds: 5, idsBefore: 5, survivors: 3 });
  });

  it('refuses an unknown entry type loudly, naming it', () => {
    const payload = payloadOf(committed([{ kind: 'removeElement', id: 1 }]), 1);
    payload[1] = 200;
    assert.throws(
      () => readEntry(payload, 'svc.wal, entry 1'),
      (error: unknown) =>
        error instanceof UnsupportedEntryError &&
        /svc\.wal, entry 1: unknown entry type 200/.test(error.message),
    );
  });

  it('refuses every reserved type (embeddings, plugins) loudly', () => {
    const reserved = [
      [EntryType.embeddingWrite, 'embedding write'],
      [EntryType.pluginRegistration, 'plugin registration'],
    ] as const;
    for (const [type, name] of reserved) {
      const payload = payloadOf(committed([{ kind: 'removeElement', id: 1 }]), 1);
      payload[1] = type;
      assert.throws(
        () => readEntry(payload, 'here'),
        (error: unknown) =>
          error instanceof UnsupportedEntryError &&
          error.message.includes(`entry type ${type} (${name}) is reserved`),
      );
    }
  });

  it('round-trips stored-query registrations and removals as entries of type 18, without the limit', () => {
    const register = {
      kind: 'register',
      family: 'storedQuery',
      name: 'q-1',
      payload: '{"name":"q-1","x":"\ud800"}',
      maxEntries: 3,
    } as const;
    const payload = payloadOf(committed([register]), 7);
    assert.equal(payload[1], EntryType.storedQuery);
    const entry = readEntry(payload, 'here');
    assert.equal(entry.type, 'registration');
    assert.equal(entry.sequence, 7);
    assert.deepEqual(operationsOf(entry), [
      { kind: 'register', family: 'storedQuery', name: 'q-1', payload: register.payload },
    ]);
    const removal = readEntry(
      payloadOf(committed([{ kind: 'unregister', family: 'storedQuery', name: 'q-1' }]), 8),
      'here',
    );
    assert.deepEqual(operationsOf(removal), [{ kind: 'unregister', family: 'storedQuery', name: 'q-1' }]);
  });

  it('round-trips subgraph recipe registrations and removals as entries of type 17', () => {
    const register = {
      kind: 'register',
      family: 'subgraphRecipe',
      name: 'friends-of',
      payload: '{"name":"friends-of","patterns":[]}',
    } as const;
    const payload = payloadOf(committed([register]), 4);
    assert.equal(payload[1], EntryType.subgraphRecipe);
    const entry = readEntry(payload, 'here');
    assert.equal(entry.type, 'registration');
    assert.equal(entry.sequence, 4);
    assert.deepEqual(operationsOf(entry), [register]);
    const removal = readEntry(
      payloadOf(committed([{ kind: 'unregister', family: 'subgraphRecipe', name: 'friends-of' }]), 5),
      'here',
    );
    assert.equal(removal.type, 'registration');
    assert.deepEqual(operationsOf(removal), [
      { kind: 'unregister', family: 'subgraphRecipe', name: 'friends-of' },
    ]);
  });

  it('round-trips index definitions and drops as entries of type 20, decoded in their replay form (property)', () => {
    const options = fc.uniqueArray(fc.tuple(fc.oneof(anyText, unicodeText), typedValue), {
      maxLength: 6,
      selector: ([name]) => name,
    });
    const definition = fc.oneof(
      fc.record({
        kind: fc.constant('defineIndex' as const),
        indexId: fc.oneof(anyText, unicodeText),
        pluginType: fc.oneof(fc.constantFrom('RangeIndex', 'VectorIndex'), anyText),
        options: options.map((entries) => new Map(entries)),
        overInterface: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('dropIndex' as const), indexId: fc.oneof(anyText, unicodeText) }),
    );
    fc.assert(
      fc.property(
        definition,
        fc.maxSafeNat(),
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        (operation, sequence, nowSeconds) => {
          const payload = payloadOf(committed([operation], [], nowSeconds), sequence);
          assert.equal(payload[1], EntryType.indexDefinition);
          const entry = readEntry(payload, 'here');
          assert.equal(entry.type, 'indexDefinition');
          assert.equal(entry.sequence, sequence);
          assert.equal(entry.nowSeconds, nowSeconds);
          const [back] = operationsOf(entry);
          if (operation.kind === 'dropIndex') {
            assert.deepEqual(back, { ...operation, ignoreAbsent: true });
            return;
          }
          assert.ok(back.kind === 'defineIndex');
          assert.equal(back.indexId, operation.indexId);
          assert.equal(back.pluginType, operation.pluginType);
          assert.equal(back.replaceExisting, true);
          assert.equal(back.overInterface, undefined);
          assert.deepEqual([...back.options.keys()], [...operation.options.keys()]);
          for (const [name, value] of operation.options) assertIdentical(back.options.get(name)!, value);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('refuses an index definition entry with an unknown action or a repeated option', () => {
    const define = payloadOf(
      committed([
        { kind: 'defineIndex', indexId: 'i', pluginType: 'RangeIndex', options: new Map([['a', int32(1)]]) },
      ]),
      3,
    );
    const bad = Buffer.from(define);
    bad[3 + 5] = 9; // after version, type, sequence (1 byte) and the 5-byte commit clock: the action
    assert.throws(() => readEntry(bad, 'here'), /here: unknown index definition action 9/);
    const repeated = payloadOf(
      committed([
        {
          kind: 'defineIndex',
          indexId: 'i',
          pluginType: 'T',
          options: new Map([
            ['a', int32(1)],
            ['b', int32(2)],
          ]),
        },
      ]),
      3,
    );
    // Rename option 'b' to 'a' in place: the same name twice.
    repeated[repeated.lastIndexOf(Buffer.from('b'))] = 'a'.charCodeAt(0);
    assert.throws(() => readEntry(repeated, 'here'), /the index option 'a' appears twice/);
    assert.throws(
      () =>
        writeCommittedPayload(
          new ByteWriter(8),
          committed([
            { kind: 'dropIndex', indexId: 'i' },
            { kind: 'removeElement', id: 1 },
          ]),
          1,
          0,
        ),
      /travels alone/,
    );
  });

  it('round-trips index writes as entries of type 21, decoded in their replay form (property)', () => {
    const indexId = fc.oneof(anyText, unicodeText);
    const id = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    const vector = fc.array(fc.float(), { maxLength: 40 }).map((components) => Float32Array.from(components));
    const write: fc.Arbitrary<IndexWriteOperation> = fc.oneof(
      fc.record({ kind: fc.constant('indexAdd' as const), indexId, id, key: typedValue }),
      fc.record({ kind: fc.constant('indexRemoveElement' as const), indexId, id }),
      fc.record({ kind: fc.constant('indexRemoveKey' as const), indexId, key: typedValue }),
      fc.record({
        kind: fc.constant('indexPutVector' as const),
        indexId,
        id,
        vector,
        propertyId: fc.constant(null),
      }),
      fc.record({
        kind: fc.constant('indexPutVector' as const),
        indexId,
        id,
        vector: fc.constant(null),
        propertyId: fc.oneof(anyText, unicodeText),
      }),
    );
    const bytesOf = (floats: Float32Array | null) =>
      floats === null
        ? null
        : Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('hex');
    fc.assert(
      fc.property(
        write,
        fc.maxSafeNat(),
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        (operation, sequence, nowSeconds) => {
          const payload = payloadOf(committed([operation], [], nowSeconds), sequence);
          assert.equal(payload[1], EntryType.indexWrite);
          const entry = readEntry(payload, 'here');
          assert.equal(entry.type, 'indexWrite');
          assert.equal(entry.sequence, sequence);
          assert.equal(entry.nowSeconds, nowSeconds);
          const [back] = operationsOf(entry);
          // Keys compared exactly below; vectors as their bytes (NaN and -0 kept).
          const plain = (written: WriteOperation) => ({
            ...written,
            key: undefined,
            vector: bytesOf('vector' in written ? written.vector : null),
          });
          assert.deepEqual(plain(back), plain({ ...operation, ignoreRefusal: true }));
          if ('key' in operation) {
            assert.ok(back.kind === 'indexAdd' || back.kind === 'indexRemoveKey');
            assertIdentical(back.key, operation.key);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('refuses an index write entry with an unknown action or vector source', () => {
    const put = payloadOf(
      committed([
        { kind: 'indexPutVector', indexId: 'i', id: 3, vector: Float32Array.of(1), propertyId: null },
      ]),
      3,
    );
    const badAction = Buffer.from(put);
    badAction[3 + 5] = 9; // after version, type, sequence (1 byte) and the 5-byte commit clock: the action
    assert.throws(() => readEntry(badAction, 'here'), /here: unknown index write action 9/);
    const badSource = Buffer.from(put);
    badSource[3 + 5 + 1 + 2 + 1] = 7; // after the action, the index id (length and 'i') and the element id
    assert.throws(() => readEntry(badSource, 'here'), /here: unknown vector source 7/);
    assert.throws(
      () =>
        writeCommittedPayload(
          new ByteWriter(8),
          committed([
            { kind: 'indexRemoveKey', indexId: 'i', key: int32(1) },
            { kind: 'removeElement', id: 1 },
          ]),
          1,
          0,
        ),
      /travels alone/,
    );
  });

  it('refuses an entry of a newer entry format version', () => {
    const payload = payloadOf(committed([{ kind: 'removeElement', id: 1 }]), 1);
    payload[0] = entryFormatVersion + 1;
    assert.throws(
      () => readEntry(payload, 'here'),
      (error: unknown) => error instanceof UnsupportedEntryError && /format version 2/.test(error.message),
    );
  });
});

describe('log codec: frames and header', () => {
  it('frames carry the payload length, its check and the payload CRC-32', () => {
    const out = new ByteWriter(16);
    const start = beginFrame(out);
    writeCommittedPayload(out, committed([{ kind: 'removeElement', id: 3 }]), 1, 0);
    endFrame(out, start);
    const frame = out.toBuffer();
    const length = frame.readUInt32LE(0);
    assert.equal(length, frame.length - 12);
    assert.equal(frame.readUInt32LE(4), (length ^ 0xffffffff) >>> 0);
    assert.equal(frame.readUInt32LE(8), crc32(frame.subarray(12)));
    const scan = scanFrames(frame, 0, 1);
    assert.equal(scan.stop, 'end');
    assert.equal(scan.frames.length, 1);
  });

  it('the header round-trips its anchor and refuses foreign or damaged files', () => {
    const header = encodeHeader({
      namespaceId: 'ns-1',
      anchor: { kind: 'checkpoint', id: 'sg-20260301-090000-3fa2', sequence: 12345 },
      createdAtMs: 1_760_000_000_000,
    });
    const { header: back, framesStart } = decodeHeader(header, 'x');
    assert.equal(framesStart, header.length);
    assert.deepEqual(back, {
      namespaceId: 'ns-1',
      anchor: { kind: 'checkpoint', id: 'sg-20260301-090000-3fa2', sequence: 12345 },
      createdAtMs: 1_760_000_000_000,
    });
    assert.throws(() => decodeHeader(Buffer.from('not a log at all, clearly'), 'x'), LogHeaderError);
    const damaged = Buffer.from(header);
    damaged[damaged.length - 1] ^= 0x01;
    assert.throws(() => decodeHeader(damaged, 'x'), /fails its CRC-32/);
    const newer = Buffer.from(header);
    newer.writeUInt16LE(9, 8);
    assert.throws(() => decodeHeader(newer, 'x'), /format version 9/);
  });
});
