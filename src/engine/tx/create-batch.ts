/**
 * A transaction of element creations held in columns: what bulk import commits, 10,000 elements at a time.
 *
 * Why columns: as `WriteOperation` objects a batch is an operation, an input, a property array and a
 * value object per element, alive from parsing until the batch's log sync. They outlive young
 * collections, are promoted, and the old generation grows to several times the graph before V8 collects
 * it, with long mark-compact pauses (BENCHMARKS.md, section 12). Here a batch is a
 * few typed arrays and three pointer arrays, reused batch after batch (`reset`), so a load leaves no garbage
 * per element behind.
 *
 * Meaning: exactly the operations `toOperations` answers, in element order, each element followed by its
 * embeddings (createVertex / createEdge, then setEmbedding). The writer applies it with the same effects,
 * the log records the same entry, the change feed emits the same events. Created ids are consecutive from
 * `firstId`, which the writer sets just before the batch applies; embeddings name their element by its
 * offset in the batch. Inputs are checked as they are added (INVALID_INPUT), as `validateOperations`
 * checks operations at the door.
 */
import { EngineError } from '../errors.js';
import { typeOfTag, typeTag } from '../graph/property-store.js';
import { NUMBER_VALUE_TYPES, type TypedValue } from '../model/values.js';
import { isEmbeddingName } from '../embeddings/names.js';
import { vectorProblem } from '../vectors/metric.js';
import type { PropertyInput, WriteOperation } from './operations.js';
import { checkCreationDateAndLabel, checkPropertyKey } from './validate.js';
import { queuedTransactionBytes, valueBytes } from './queue-bounds.js';

/** Rows a new batch has room for before it grows (a batch grows by doubling and keeps its size). */
const initialRows = 1024;
/** Column bytes of one element row and of one property row (`CreateBatch.queuedBytes`). */
const rowBytes = 29;
const propertyRowBytes = 21;
/** An embedding's record beside its vector's bytes. */
const embeddingBytes = 64;
/** `labels` entry of an unlabelled element. */
export const noName = -1;
/** `kinds` of a vertex and of an edge row. */
export const vertexRow = 0;
export const edgeRow = 1;

/** One embedding written with the batch: `offset` is its element's position in the batch. */
export interface BatchEmbedding {
  offset: number;
  name: string;
  vector: Float32Array;
  model: string | null | undefined;
}

function invalid(message: string): EngineError {
  return new EngineError('INVALID_INPUT', message);
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const larger = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  larger.set(array);
  return larger;
}

export class CreateBatch {
  /** Elements in the batch. */
  count = 0;
  /** The id of the first element, set by the writer when the batch applies (-1 before). */
  firstId = -1;
  kinds = new Uint8Array(initialRows);
  created = new Float64Array(initialRows);
  /** Index in `names`, or `noName`. */
  labels = new Int32Array(initialRows);
  /** Edges: the edge type (index in `names`) and the endpoint vertex ids (patched by a resolver if need be). */
  types = new Int32Array(initialRows);
  sources = new Int32Array(initialRows);
  targets = new Int32Array(initialRows);
  /** Element i's properties are rows propertyEnds[i - 1] (0 for the first) to propertyEnds[i]. */
  propertyEnds = new Int32Array(initialRows);
  propertyCount = 0;
  keys = new Int32Array(initialRows);
  /** The value of property row p: type tag `valueTags[p]`, the number in `numbers[p]` for number types, else `others[p]`. */
  valueTags = new Uint8Array(initialRows);
  numbers = new Float64Array(initialRows);
  others: unknown[] = [];
  /** Labels, edge types and property keys, each once. */
  readonly names: string[] = [];
  private readonly nameIndex = new Map<string, number>();
  readonly embeddings: BatchEmbedding[] = [];
  /** Changes at every `reset`: what was derived from the old content must not be read afterwards. */
  generation = 0;
  /** Names, string values and vectors added since the last `reset`, in bytes (see `queuedBytes`). */
  private contentBytes = 0;

  /**
   * The estimate the writer's queue bound counts for this batch (queue-bounds.ts): its rows' share of the
   * columns, its names, string values and vectors. Rows refused as they were added may still be counted.
   */
  get queuedBytes(): number {
    return (
      queuedTransactionBytes +
      this.count * rowBytes +
      this.propertyCount * propertyRowBytes +
      this.contentBytes
    );
  }

  get isEmpty(): boolean {
    return this.count === 0 && this.embeddings.length === 0;
  }

  /** Forgets the content, keeping the arrays for the next batch. */
  reset(): void {
    this.count = 0;
    this.firstId = -1;
    this.propertyCount = 0;
    this.others.fill(undefined);
    this.names.length = 0;
    this.nameIndex.clear();
    this.embeddings.length = 0;
    this.contentBytes = 0;
    this.generation++;
  }

  addVertex(
    creationDate: number | undefined,
    label: string | null | undefined,
    properties?: readonly PropertyInput[],
  ): void {
    const row = this.addRow(vertexRow, creationDate, label);
    this.addProperties(row, properties);
  }

  addEdge(
    sourceVertex: number,
    targetVertex: number,
    edgePropertyId: string,
    creationDate: number | undefined,
    label: string | null | undefined,
    properties?: readonly PropertyInput[],
  ): void {
    checkId(sourceVertex, 'sourceVertex');
    checkId(targetVertex, 'targetVertex');
    if (typeof edgePropertyId !== 'string' || edgePropertyId.length === 0) {
      throw invalid('edgePropertyId is required and must be a non-empty string');
    }
    const row = this.addRow(edgeRow, creationDate, label);
    this.types[row] = this.nameOf(edgePropertyId);
    this.sources[row] = sourceVertex;
    this.targets[row] = targetVertex;
    this.addProperties(row, properties);
  }

  /** An embedding of the element at `offset` (already added), written right after it. */
  addEmbedding(offset: number, name: string, vector: Float32Array, model?: string | null): void {
    if (!Number.isInteger(offset) || offset < 0 || offset >= this.count) {
      throw invalid(`an embedding names the batch element ${offset}, which is not in the batch`);
    }
    const last = this.embeddings.length === 0 ? 0 : this.embeddings[this.embeddings.length - 1].offset;
    if (offset < last) throw invalid('embeddings are added in element order');
    if (!isEmbeddingName(name)) {
      throw invalid(`'${String(name)}' is not an embedding name: 1 to 64 of A-Z, a-z, 0-9, '_' and '-'`);
    }
    if (!(vector instanceof Float32Array)) throw invalid('an embedding is a Float32Array');
    const problem = vectorProblem(vector);
    if (problem !== undefined) throw invalid(`the embedding '${name}' is invalid: ${problem}`);
    if (model !== undefined && model !== null && typeof model !== 'string') {
      throw invalid('an embedding model stamp must be a string or null');
    }
    this.embeddings.push({ offset, name, vector, model });
    this.contentBytes += embeddingBytes + vector.byteLength;
  }

  labelOf(row: number): string | null {
    const name = this.labels[row];
    return name === noName ? null : this.names[name];
  }

  /** Property row p's value, as the operations hold it. */
  valueAt(p: number): TypedValue {
    const type = typeOfTag(this.valueTags[p]);
    const value = NUMBER_VALUE_TYPES.has(type)
      ? this.numbers[p]
      : type === 'Boolean'
        ? this.numbers[p] === 1
        : this.others[p];
    return { type, value } as TypedValue;
  }

  /** Element `row`'s properties as operation inputs, or undefined when it has none. */
  propertiesOf(row: number): PropertyInput[] | undefined {
    const from = row === 0 ? 0 : this.propertyEnds[row - 1];
    const to = this.propertyEnds[row];
    if (from === to) return undefined;
    const properties = new Array<PropertyInput>(to - from);
    for (let p = from; p < to; p++)
      properties[p - from] = { key: this.names[this.keys[p]], value: this.valueAt(p) };
    return properties;
  }

  /** The operations this batch stands for, with the created ids of `firstId` (see the header). */
  toOperations(): WriteOperation[] {
    const operations: WriteOperation[] = [];
    let next = 0;
    for (let row = 0; row < this.count; row++) {
      const creationDate = this.created[row];
      const label = this.labelOf(row);
      const properties = this.propertiesOf(row);
      const base = properties === undefined ? { creationDate, label } : { creationDate, label, properties };
      if (this.kinds[row] === edgeRow) {
        const sourceVertex = this.sources[row];
        const targetVertex = this.targets[row];
        const edgePropertyId = this.names[this.types[row]];
        operations.push({
          kind: 'createEdge',
          input: { sourceVertex, targetVertex, edgePropertyId, ...base },
        });
      } else operations.push({ kind: 'createVertex', input: base });
      for (; next < this.embeddings.length && this.embeddings[next].offset === row; next++) {
        const { name, vector, model } = this.embeddings[next];
        const id = this.firstId + row;
        operations.push(
          model === undefined
            ? { kind: 'setEmbedding', id, name, vector }
            : { kind: 'setEmbedding', id, name, vector, model },
        );
      }
    }
    return operations;
  }

  private addRow(kind: number, creationDate: number | undefined, label: string | null | undefined): number {
    checkCreationDateAndLabel(creationDate, label);
    const row = this.count;
    if (row === this.kinds.length) this.growRows(row + 1);
    this.kinds[row] = kind;
    this.created[row] = creationDate ?? 0;
    this.labels[row] = label === undefined || label === null ? noName : this.nameOf(label);
    this.propertyEnds[row] = this.propertyCount;
    this.count = row + 1;
    return row;
  }

  private addProperties(row: number, properties: readonly PropertyInput[] | undefined): void {
    if (properties === undefined) return;
    if (!Array.isArray(properties)) throw this.undoRow(row, invalid('properties must be an array'));
    let p = this.propertyCount;
    if (p + properties.length > this.keys.length) this.growProperties(p + properties.length);
    for (const property of properties) {
      try {
        if (property === null || typeof property !== 'object') throw invalid('a property must be an object');
        checkPropertyKey(property.key);
        const { value } = property;
        if (value === null || typeof value !== 'object')
          throw invalid(`the property '${property.key}' has no typed value`);
        const tag = typeTag(value.type) as number | undefined;
        if (tag === undefined) throw invalid(`the property '${property.key}' has an unknown value type`);
        this.keys[p] = this.nameOf(property.key);
        this.valueTags[p] = tag;
        if (NUMBER_VALUE_TYPES.has(value.type)) this.numbers[p] = value.value as number;
        else if (value.type === 'Boolean') this.numbers[p] = value.value ? 1 : 0;
        else {
          this.others[p] = value.value;
          this.contentBytes += valueBytes(value.value);
        }
      } catch (error) {
        throw this.undoRow(row, error);
      }
      p++;
    }
    this.propertyCount = p;
    this.propertyEnds[row] = p;
  }

  /** Drops the row being added (its input was refused), so the batch stays as it was. */
  private undoRow(row: number, error: unknown): unknown {
    for (let p = row === 0 ? 0 : this.propertyEnds[row - 1]; p < this.propertyCount; p++)
      this.others[p] = undefined;
    this.propertyCount = row === 0 ? 0 : this.propertyEnds[row - 1];
    this.count = row;
    return error;
  }

  private nameOf(name: string): number {
    let index = this.nameIndex.get(name);
    if (index === undefined) {
      index = this.names.length;
      this.names.push(name);
      this.contentBytes += name.length;
      this.nameIndex.set(name, index);
    }
    return index;
  }

  private growRows(needed: number): void {
    this.kinds = grown(this.kinds, needed);
    this.created = grown(this.created, needed);
    this.labels = grown(this.labels, needed);
    this.types = grown(this.types, needed);
    this.sources = grown(this.sources, needed);
    this.targets = grown(this.targets, needed);
    this.propertyEnds = grown(this.propertyEnds, needed);
  }

  private growProperties(needed: number): void {
    this.keys = grown(this.keys, needed);
    this.valueTags = grown(this.valueTags, needed);
    this.numbers = grown(this.numbers, needed);
  }
}

function checkId(id: unknown, what: string): void {
  if (!Number.isInteger(id) || (id as number) < -(2 ** 31) || (id as number) > 2 ** 31 - 1) {
    throw invalid(`${what} must be an int32, got ${String(id)}`);
  }
}
