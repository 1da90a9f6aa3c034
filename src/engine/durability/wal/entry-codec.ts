/**
 * Log entries: what one committed transaction becomes in the log, and back.
 *
 * Bodies (after the common payload prefix of format.ts: entry version, entry type, sequence):
 *
 *   element transaction  varint commit seconds, varuint (first created id + 1, or 0), varuint operation
 *                        count, operations
 *     createVertex       u8 1, varuint creation date, label, varuint property count, (string key, value)*
 *     createEdge         u8 2, varint source, varint target, string edge type, then as createVertex
 *     setProperty        u8 3, varint id, string key, value
 *     removeProperty     u8 4, varint id, string key
 *     removeElement      u8 5, varint id
 *     setEmbedding       u8 6, varint id, string name, varuint dimension, dimension f32 (little-endian),
 *                        u8 0 (no stamp) or u8 1 and a string (the provider stamp)
 *     removeEmbedding    u8 7, varint id, string name
 *   clear marker         varint commit seconds
 *   trim marker          varint commit seconds, varuint id count before, varuint survivors
 *   registration (17, 18) varint commit seconds, u8 action (1 register, 2 unregister), string name, and
 *                        for a register string payload
 *   index definition (20) varint commit seconds, u8 action (1 define, 2 drop), string index id, and for a
 *                        define string plug-in type, varuint option count, (string name, value)*
 *   index write (21)     varint commit seconds, u8 action, string index id, then by action:
 *     add                u8 1, varint element id, value (the key)
 *     removeElement      u8 2, varint element id
 *     removeKey          u8 3, value (the key)
 *     putVector          u8 4, varint element id, then u8 1 (vector), varuint dimension, dimension f32
 *                        (little-endian), or u8 2 (property) and a string (the property id, read again
 *                        when replay applies the write: the element's state there is the one it had)
 *
 * A label is u8 0 (none) or u8 1 and a string. Ids are int32 and written signed: an id the writer found
 * missing is logged as it was asked for, since a missing element is a committed no-op. The created id and
 * the trim counts are not needed to replay; they let replay check that it reproduced the history exactly.
 */
import type { TypedValue } from '../../model/values.js';
import type { IndexWriteOperation, PropertyInput, WriteOperation } from '../../tx/operations.js';
import type { CommittedTransaction } from '../../tx/writer.js';
import { edgeRow, type CreateBatch } from '../../tx/create-batch.js';
import type { RegistrationFamily } from '../../registrations/store.js';
import { ByteReader, LogDecodeError, type ByteWriter } from '../../codec/binary.js';
import {
  EntryType,
  IndexDefinitionAction,
  IndexWriteAction,
  OperationCode,
  VectorSource,
  entryFormatVersion,
  reservedEntryTypes,
} from './format.js';
import { readValue, writeValue } from '../../codec/value-codec.js';

export interface ElementTransactionEntry {
  readonly type: 'elementTransaction';
  readonly sequence: number;
  /** The writer's clock at commit (modification dates), Unix seconds. */
  readonly nowSeconds: number;
  /** The id the transaction's first created element received, or null when it created none. */
  readonly firstCreatedId: number | null;
  readonly operations: WriteOperation[];
}

export interface ClearMarkerEntry {
  readonly type: 'clear';
  readonly sequence: number;
  readonly nowSeconds: number;
}

export interface TrimMarkerEntry {
  readonly type: 'trim';
  readonly sequence: number;
  readonly nowSeconds: number;
  /** The id space's size (next id) before the trim. */
  readonly idsBefore: number;
  /** Live elements, and so the next id, after it. */
  readonly survivors: number;
}

/** A registration added or removed (src/engine/registrations); one entry type per family. */
export interface RegistrationEntryRecord {
  readonly type: 'registration';
  readonly sequence: number;
  readonly nowSeconds: number;
  readonly operation: Extract<WriteOperation, { kind: 'register' | 'unregister' }>;
}

/**
 * An index defined or dropped (src/engine/indexes). Decoded in its replay form: a define replaces an index
 * of the same id (`replaceExisting`), a drop of an absent index is a no-op (`ignoreAbsent`), so changes the
 * log never saw (`engine.indexes` used directly) cannot stop replay; `overInterface` is not recorded.
 */
export interface IndexDefinitionEntry {
  readonly type: 'indexDefinition';
  readonly sequence: number;
  readonly nowSeconds: number;
  readonly operation: Extract<WriteOperation, { kind: 'defineIndex' | 'dropIndex' }>;
}

/**
 * An explicit index write (src/engine/indexes). Decoded in its replay form (`ignoreRefusal`): a write the
 * index refuses at replay, because of index changes the log never saw, is a committed no-op.
 */
export interface IndexWriteEntry {
  readonly type: 'indexWrite';
  readonly sequence: number;
  readonly nowSeconds: number;
  readonly operation: IndexWriteOperation;
}

export type LogEntry =
  | ElementTransactionEntry
  | ClearMarkerEntry
  | TrimMarkerEntry
  | RegistrationEntryRecord
  | IndexDefinitionEntry
  | IndexWriteEntry;

/** The log entry type of each registration family. */
const registrationEntryTypes: Readonly<Record<RegistrationFamily, number>> = {
  storedQuery: EntryType.storedQuery,
  subgraphRecipe: EntryType.subgraphRecipe,
};

/** The action byte of a registration entry. */
const RegistrationAction = { register: 1, unregister: 2 } as const;

/**
 * An entry this build cannot replay: a newer entry format, a reserved type later versions fill, or a
 * number no version defines. Replay stops with this error rather than skip history.
 */
export class UnsupportedEntryError extends Error {
  override readonly name = 'UnsupportedEntryError';
}

/** The common prefix of every payload. */
export interface EntryPrefix {
  readonly version: number;
  readonly type: number;
  readonly sequence: number;
}

export function readEntryPrefix(input: ByteReader): EntryPrefix {
  const version = input.u8();
  const type = input.u8();
  const sequence = input.varUint();
  return { version, type, sequence };
}

function writeLabel(out: ByteWriter, label: string | null | undefined): void {
  if (label === null || label === undefined) out.u8(0);
  else {
    out.u8(1);
    out.string(label);
  }
}

function readLabel(input: ByteReader): string | null {
  const present = input.u8();
  if (present === 0) return null;
  if (present !== 1) throw new LogDecodeError(`bad label flag ${present}`);
  return input.string();
}

function writeProperties(out: ByteWriter, properties: readonly PropertyInput[] | undefined): void {
  if (properties === undefined) {
    out.varUint(0);
    return;
  }
  out.varUint(properties.length);
  for (const { key, value } of properties) {
    out.string(key);
    writeValue(out, value);
  }
}

function readProperties(input: ByteReader): PropertyInput[] {
  const count = input.varUint();
  const properties = new Array<PropertyInput>(count);
  for (let i = 0; i < count; i++) {
    const key = input.string();
    const value: TypedValue = readValue(input);
    properties[i] = { key, value };
  }
  return properties;
}

function writeOperation(out: ByteWriter, operation: WriteOperation): void {
  switch (operation.kind) {
    case 'createVertex': {
      const { input } = operation;
      out.u8(OperationCode.createVertex);
      out.varUint(input.creationDate ?? 0);
      writeLabel(out, input.label);
      writeProperties(out, input.properties);
      return;
    }
    case 'createEdge': {
      const { input } = operation;
      out.u8(OperationCode.createEdge);
      out.varInt(input.sourceVertex);
      out.varInt(input.targetVertex);
      out.string(input.edgePropertyId);
      out.varUint(input.creationDate ?? 0);
      writeLabel(out, input.label);
      writeProperties(out, input.properties);
      return;
    }
    case 'setProperty':
      out.u8(OperationCode.setProperty);
      out.varInt(operation.id);
      out.string(operation.key);
      writeValue(out, operation.value);
      return;
    case 'removeProperty':
      out.u8(OperationCode.removeProperty);
      out.varInt(operation.id);
      out.string(operation.key);
      return;
    case 'removeElement':
      out.u8(OperationCode.removeElement);
      out.varInt(operation.id);
      return;
    case 'setEmbedding': {
      const { vector, model } = operation;
      out.u8(OperationCode.setEmbedding);
      out.varInt(operation.id);
      out.string(operation.name);
      out.varUint(vector.length);
      out.bytes(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength));
      writeLabel(out, model);
      return;
    }
    case 'removeEmbedding':
      out.u8(OperationCode.removeEmbedding);
      out.varInt(operation.id);
      out.string(operation.name);
      return;
    case 'register':
    case 'unregister':
    case 'defineIndex':
    case 'dropIndex':
    case 'indexAdd':
    case 'indexRemoveElement':
    case 'indexRemoveKey':
    case 'indexPutVector':
    case 'clear':
    case 'trim':
    case 'compact':
      throw new RangeError(`a ${operation.kind} travels alone and is logged as its own entry`);
  }
}

function readOperation(input: ByteReader): WriteOperation {
  const code = input.u8();
  switch (code) {
    case OperationCode.createVertex: {
      const creationDate = input.varUint();
      const label = readLabel(input);
      return { kind: 'createVertex', input: { creationDate, label, properties: readProperties(input) } };
    }
    case OperationCode.createEdge: {
      const sourceVertex = input.varInt();
      const targetVertex = input.varInt();
      const edgePropertyId = input.string();
      const creationDate = input.varUint();
      const label = readLabel(input);
      return {
        kind: 'createEdge',
        input: {
          sourceVertex,
          targetVertex,
          edgePropertyId,
          creationDate,
          label,
          properties: readProperties(input),
        },
      };
    }
    case OperationCode.setProperty: {
      const id = input.varInt();
      const key = input.string();
      return { kind: 'setProperty', id, key, value: readValue(input) };
    }
    case OperationCode.removeProperty: {
      const id = input.varInt();
      return { kind: 'removeProperty', id, key: input.string() };
    }
    case OperationCode.removeElement:
      return { kind: 'removeElement', id: input.varInt() };
    case OperationCode.setEmbedding: {
      const id = input.varInt();
      const name = input.string();
      const dimension = input.varUint();
      // Copied into fresh, aligned storage: the log buffer is neither aligned nor ours to keep.
      const vector = new Float32Array(dimension);
      new Uint8Array(vector.buffer).set(input.bytes(dimension * 4));
      return { kind: 'setEmbedding', id, name, vector, model: readLabel(input) };
    }
    case OperationCode.removeEmbedding: {
      const id = input.varInt();
      return { kind: 'removeEmbedding', id, name: input.string() };
    }
    default:
      throw new LogDecodeError(`unknown operation code ${code}`);
  }
}

function writePrefix(out: ByteWriter, type: number, sequence: number): void {
  out.u8(entryFormatVersion);
  out.u8(type);
  out.varUint(sequence);
}

/** Writes the payload of one committed transaction: a marker for clear and trim, else an element transaction. */
export function writeCommittedPayload(
  out: ByteWriter,
  transaction: CommittedTransaction,
  sequence: number,
  nowSeconds: number,
): void {
  if (transaction.creates !== undefined) {
    writeCreateBatch(out, transaction.creates, sequence, nowSeconds);
    return;
  }
  const { operations, result } = transaction;
  const only = operations.length === 1 ? operations[0].kind : undefined;
  if (only === 'clear') {
    writePrefix(out, EntryType.clearMarker, sequence);
    out.varInt(nowSeconds);
    return;
  }
  if (only === 'trim') {
    // The counts come with the effect: counting survivors here would walk the whole id space again.
    const trimmed = result.effects.find((effect) => effect.kind === 'trimmed');
    writePrefix(out, EntryType.trimMarker, sequence);
    out.varInt(nowSeconds);
    out.varUint(trimmed?.renumbering.length ?? 0);
    out.varUint(trimmed?.survivors ?? 0);
    return;
  }
  if (only === 'register' || only === 'unregister') {
    const operation = operations[0] as RegistrationEntryRecord['operation'];
    writePrefix(out, registrationEntryTypes[operation.family], sequence);
    out.varInt(nowSeconds);
    out.u8(operation.kind === 'register' ? RegistrationAction.register : RegistrationAction.unregister);
    out.string(operation.name);
    if (operation.kind === 'register') out.string(operation.payload);
    return;
  }
  if (only === 'defineIndex' || only === 'dropIndex') {
    const operation = operations[0] as IndexDefinitionEntry['operation'];
    writePrefix(out, EntryType.indexDefinition, sequence);
    out.varInt(nowSeconds);
    const define = operation.kind === 'defineIndex';
    out.u8(define ? IndexDefinitionAction.define : IndexDefinitionAction.drop);
    out.string(operation.indexId);
    if (!define) return;
    out.string(operation.pluginType);
    out.varUint(operation.options.size);
    for (const [name, value] of operation.options) {
      out.string(name);
      writeValue(out, value);
    }
    return;
  }
  if (
    only === 'indexAdd' ||
    only === 'indexRemoveElement' ||
    only === 'indexRemoveKey' ||
    only === 'indexPutVector'
  ) {
    writeIndexWrite(out, operations[0] as IndexWriteOperation, sequence, nowSeconds);
    return;
  }
  writeElementTransactionHeader(out, transaction, sequence, nowSeconds);
  for (const operation of operations) writeOperation(out, operation);
}

function writeElementTransactionHeader(
  out: ByteWriter,
  { operations, result }: CommittedTransaction,
  sequence: number,
  nowSeconds: number,
): void {
  writePrefix(out, EntryType.elementTransaction, sequence);
  out.varInt(nowSeconds);
  out.varUint(result.createdIds.length === 0 ? 0 : result.createdIds[0] + 1);
  out.varUint(operations.length);
}

/**
 * The payload `writeCommittedPayload` writes for a transaction of element operations (one applied in
 * slices, for instance), pausing after every `operationsPerStep` operations.
 */
export function* writeElementTransactionSteps(
  out: ByteWriter,
  transaction: CommittedTransaction,
  sequence: number,
  nowSeconds: number,
  operationsPerStep: number,
): Generator<void, void, void> {
  writeElementTransactionHeader(out, transaction, sequence, nowSeconds);
  const { operations } = transaction;
  for (let i = 0; i < operations.length; i++) {
    writeOperation(out, operations[i]);
    if ((i + 1) % operationsPerStep === 0) yield;
  }
}

function writeIndexWrite(
  out: ByteWriter,
  operation: IndexWriteOperation,
  sequence: number,
  nowSeconds: number,
): void {
  writePrefix(out, EntryType.indexWrite, sequence);
  out.varInt(nowSeconds);
  switch (operation.kind) {
    case 'indexAdd':
      out.u8(IndexWriteAction.add);
      out.string(operation.indexId);
      out.varInt(operation.id);
      writeValue(out, operation.key);
      return;
    case 'indexRemoveElement':
      out.u8(IndexWriteAction.removeElement);
      out.string(operation.indexId);
      out.varInt(operation.id);
      return;
    case 'indexRemoveKey':
      out.u8(IndexWriteAction.removeKey);
      out.string(operation.indexId);
      writeValue(out, operation.key);
      return;
    case 'indexPutVector': {
      const { vector, propertyId } = operation;
      out.u8(IndexWriteAction.putVector);
      out.string(operation.indexId);
      out.varInt(operation.id);
      // The writer refuses a put with both sources or neither, so what committed has exactly one.
      if (vector !== null) {
        out.u8(VectorSource.vector);
        out.varUint(vector.length);
        out.bytes(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength));
      } else {
        out.u8(VectorSource.property);
        out.string(propertyId!);
      }
      return;
    }
  }
}

/**
 * The element transaction of a columnar batch: the same bytes as its operations (`toOperations`) give, so
 * replay reads it like any other, without a batch.
 */
function writeCreateBatch(out: ByteWriter, batch: CreateBatch, sequence: number, nowSeconds: number): void {
  writePrefix(out, EntryType.elementTransaction, sequence);
  out.varInt(nowSeconds);
  out.varUint(batch.count === 0 ? 0 : batch.firstId + 1);
  out.varUint(batch.count + batch.embeddings.length);
  const { kinds, created, labels, types, sources, targets, propertyEnds, keys, names, embeddings } = batch;
  let next = 0;
  for (let row = 0; row < batch.count; row++) {
    if (kinds[row] === edgeRow) {
      out.u8(OperationCode.createEdge);
      out.varInt(sources[row]);
      out.varInt(targets[row]);
      out.string(names[types[row]]);
    } else out.u8(OperationCode.createVertex);
    out.varUint(created[row]);
    writeLabel(out, labels[row] < 0 ? null : names[labels[row]]);
    const from = row === 0 ? 0 : propertyEnds[row - 1];
    out.varUint(propertyEnds[row] - from);
    for (let p = from; p < propertyEnds[row]; p++) {
      out.string(names[keys[p]]);
      writeValue(out, batch.valueAt(p));
    }
    for (; next < embeddings.length && embeddings[next].offset === row; next++) {
      const { name, vector, model } = embeddings[next];
      writeOperation(out, { kind: 'setEmbedding', id: batch.firstId + row, name, vector, model });
    }
  }
}

/** Decodes one payload. Throws `UnsupportedEntryError` for what this build cannot replay. */
export function readEntry(payload: Buffer, where: string): LogEntry {
  const input = new ByteReader(payload);
  const { version, type, sequence } = readEntryPrefix(input);
  if (version !== entryFormatVersion) {
    throw new UnsupportedEntryError(
      `${where}: entry format version ${version} is not supported (this build reads version ` +
        `${entryFormatVersion}); the log was written by a newer Skein`,
    );
  }
  let entry: LogEntry;
  switch (type) {
    case EntryType.elementTransaction: {
      const nowSeconds = input.varInt();
      const created = input.varUint();
      const count = input.varUint();
      const operations = new Array<WriteOperation>(count);
      for (let i = 0; i < count; i++) operations[i] = readOperation(input);
      entry = {
        type: 'elementTransaction',
        sequence,
        nowSeconds,
        firstCreatedId: created === 0 ? null : created - 1,
        operations,
      };
      break;
    }
    case EntryType.clearMarker:
      entry = { type: 'clear', sequence, nowSeconds: input.varInt() };
      break;
    case EntryType.trimMarker:
      entry = {
        type: 'trim',
        sequence,
        nowSeconds: input.varInt(),
        idsBefore: input.varUint(),
        survivors: input.varUint(),
      };
      break;
    case EntryType.subgraphRecipe:
      entry = readRegistration(input, 'subgraphRecipe', sequence, where);
      break;
    case EntryType.storedQuery:
      entry = readRegistration(input, 'storedQuery', sequence, where);
      break;
    case EntryType.indexDefinition:
      entry = readIndexDefinition(input, sequence, where);
      break;
    case EntryType.indexWrite:
      entry = {
        type: 'indexWrite',
        sequence,
        nowSeconds: input.varInt(),
        operation: readIndexWrite(input, where),
      };
      break;
    default:
      throw new UnsupportedEntryError(`${where}: ${describeUnsupportedType(type)}`);
  }
  if (input.remaining !== 0) {
    throw new LogDecodeError(`${where}: ${input.remaining} bytes after the end of the entry`);
  }
  return entry;
}

function readRegistration(
  input: ByteReader,
  family: RegistrationFamily,
  sequence: number,
  where: string,
): RegistrationEntryRecord {
  const nowSeconds = input.varInt();
  const action = input.u8();
  const name = input.string();
  if (action === RegistrationAction.register) {
    const payload = input.string();
    return {
      type: 'registration',
      sequence,
      nowSeconds,
      operation: { kind: 'register', family, name, payload },
    };
  }
  if (action === RegistrationAction.unregister) {
    return { type: 'registration', sequence, nowSeconds, operation: { kind: 'unregister', family, name } };
  }
  throw new LogDecodeError(`${where}: unknown registration action ${action}`);
}

function readIndexDefinition(input: ByteReader, sequence: number, where: string): IndexDefinitionEntry {
  const nowSeconds = input.varInt();
  const action = input.u8();
  const indexId = input.string();
  if (action === IndexDefinitionAction.drop) {
    return {
      type: 'indexDefinition',
      sequence,
      nowSeconds,
      operation: { kind: 'dropIndex', indexId, ignoreAbsent: true },
    };
  }
  if (action !== IndexDefinitionAction.define) {
    throw new LogDecodeError(`${where}: unknown index definition action ${action}`);
  }
  const pluginType = input.string();
  const count = input.varUint();
  const options = new Map<string, TypedValue>();
  for (let i = 0; i < count; i++) {
    const name = input.string();
    if (options.has(name)) throw new LogDecodeError(`${where}: the index option '${name}' appears twice`);
    options.set(name, readValue(input));
  }
  return {
    type: 'indexDefinition',
    sequence,
    nowSeconds,
    operation: { kind: 'defineIndex', indexId, pluginType, options, replaceExisting: true },
  };
}

function readIndexWrite(input: ByteReader, where: string): IndexWriteOperation {
  const action = input.u8();
  const indexId = input.string();
  switch (action) {
    case IndexWriteAction.add: {
      const id = input.varInt();
      return { kind: 'indexAdd', indexId, id, key: readValue(input), ignoreRefusal: true };
    }
    case IndexWriteAction.removeElement:
      return { kind: 'indexRemoveElement', indexId, id: input.varInt(), ignoreRefusal: true };
    case IndexWriteAction.removeKey:
      return { kind: 'indexRemoveKey', indexId, key: readValue(input), ignoreRefusal: true };
    case IndexWriteAction.putVector: {
      const id = input.varInt();
      const source = input.u8();
      if (source === VectorSource.property) {
        const propertyId = input.string();
        return { kind: 'indexPutVector', indexId, id, vector: null, propertyId, ignoreRefusal: true };
      }
      if (source !== VectorSource.vector)
        throw new LogDecodeError(`${where}: unknown vector source ${source}`);
      const dimension = input.varUint();
      // Copied into fresh, aligned storage: the log buffer is neither aligned nor ours to keep.
      const vector = new Float32Array(dimension);
      new Uint8Array(vector.buffer).set(input.bytes(dimension * 4));
      return { kind: 'indexPutVector', indexId, id, vector, propertyId: null, ignoreRefusal: true };
    }
    default:
      throw new LogDecodeError(`${where}: unknown index write action ${action}`);
  }
}

function describeUnsupportedType(type: number): string {
  const reserved = reservedEntryTypes.get(type);
  return reserved === undefined
    ? `unknown entry type ${type}; the log was written by a newer Skein or is damaged`
    : `entry type ${type} (${reserved}) is reserved for a later version and cannot be replayed by this build`;
}

/** The operations a decoded entry replays as, one transaction. */
export function operationsOf(entry: LogEntry): readonly WriteOperation[] {
  switch (entry.type) {
    case 'elementTransaction':
      return entry.operations;
    case 'clear':
      return clearOperations;
    case 'trim':
      return trimOperations;
    case 'registration':
    case 'indexDefinition':
    case 'indexWrite':
      return [entry.operation];
  }
}

const clearOperations: readonly WriteOperation[] = [{ kind: 'clear' }];
const trimOperations: readonly WriteOperation[] = [{ kind: 'trim' }];
