/**
 * Building a graph from checked partitions (partition-check.ts), partition by partition: the per-id
 * columns (every kind and label checked), the adjacency records (copied as whole blocks into the pool, each
 * checked and pointed at by its vertex), the edges' endpoints, the property records with their side
 * values, and the element embeddings (each on a live element). Any inconsistency is CHECKPOINT_CORRUPT naming the partition's file.
 *
 * The loops are synchronous functions over a chunk of ids, called from paced async drivers that yield
 * the event loop between chunks: V8 does not optimise a hot loop inside an async function.
 */
import { Graph, edgeKindBase, kindAbsent, kindVertex } from '../../graph/graph.js';
import { typeOfTag, isInlineTag, typeTagCount } from '../../graph/property-store.js';
import { SCALAR_TYPES } from '../../model/values.js';
import { classModulus, sizeClassWords } from '../../storage/block-pool.js';
import { groupHeaderWords, noRecord, recordHeaderWords } from '../../graph/adjacency.js';
import { SectionType, corrupt } from './format.js';
import { pacedCopy, type Pacer } from './pace.js';
import type { Partition } from './partition-check.js';
import { SideValueReader } from './side-values.js';
import { EmbeddingSectionError, decodeEmbeddingSteps } from '../../embeddings/checkpoint.js';

/** Type tags in use: the scalar types and `Single[]` (property-store.ts). */
const valueTypeCount = SCALAR_TYPES.length + 1;

/** Copies a section's bytes into a column's view at element `at`, in paced chunks. */
function copyInto(view: Int32Array | Uint32Array, at: number, data: Uint8Array, pacer: Pacer): Promise<void> {
  return pacedCopy(new Uint8Array(view.buffer, view.byteOffset + at * 4, data.byteLength), data, pacer);
}

/** A typed view of a section's bytes (a copy if the bytes are not aligned for it). */
function sectionView<K extends Int32ArrayConstructor | Float64ArrayConstructor>(
  kind: K,
  data: Uint8Array,
): InstanceType<K> {
  const size = kind.BYTES_PER_ELEMENT;
  const View = kind as unknown as {
    new (buffer: ArrayBufferLike, offset: number, length: number): InstanceType<K>;
    new (length: number): InstanceType<K>;
  };
  if (data.byteOffset % size === 0) return new View(data.buffer, data.byteOffset, data.byteLength / size);
  const copy = new View(data.byteLength / size);
  new Uint8Array(copy.buffer).set(data);
  return copy;
}

/** Ids per paced chunk of a pass. */
const idsPerChunk = 1 << 16;

/** Runs `pass(from, to)` over [start, end) in chunks, yielding between them as `pacer` asks. */
async function paced(
  start: number,
  end: number,
  pacer: Pacer,
  pass: (from: number, to: number) => void,
): Promise<void> {
  for (let from = start; from < end; from += idsPerChunk) {
    pass(from, Math.min(end, from + idsPerChunk));
    await pacer.pace();
  }
}

// The loops below are synchronous functions over a chunk, called from paced async drivers: V8 does not
// optimise a hot loop inside an async function.

interface KindTally {
  vertices: number;
  edges: number;
  /** First offending id, or -1. */
  badKind: number;
  badLabel: number;
}

function tallyKinds(graph: Graph, tally: KindTally, from: number, to: number): void {
  const kinds = graph.kindType.view;
  const bits = graph.vertexBits.view;
  const labels = graph.labels.view;
  const labelLimit = Math.min(to, labels.length);
  const edgeKindEnd = edgeKindBase + graph.edgeTypes.size;
  const labelCount = graph.labelNames.size;
  for (let id = from; id < to; id++) {
    const kind = kinds[id];
    if (kind === kindVertex) {
      tally.vertices++;
      bits[id >>> 5] |= 1 << (id & 31);
    } else if (kind >= edgeKindBase && kind < edgeKindEnd) tally.edges++;
    else if (kind !== kindAbsent && tally.badKind < 0) tally.badKind = id;
  }
  for (let id = from; id < labelLimit; id++) {
    const slot = labels[id];
    if ((slot < 0 || slot > labelCount || (slot !== 0 && kinds[id] === kindAbsent)) && tally.badLabel < 0) {
      tally.badLabel = id;
    }
  }
}

/** Header columns of one partition, checked element by element. */
export async function loadColumns(graph: Graph, partition: Partition, pacer: Pacer): Promise<void> {
  const { idStart, idEnd } = partition.header;
  const { file } = partition;
  await copyInto(graph.kindType.view, idStart, partition.section.get(SectionType.kind)!, pacer);
  await copyInto(graph.created.view, idStart, partition.section.get(SectionType.created)!, pacer);
  await copyInto(graph.first.view, idStart, partition.section.get(SectionType.first)!, pacer);
  await copyInto(graph.second.view, idStart, partition.section.get(SectionType.second)!, pacer);
  const labels = partition.section.get(SectionType.labels)!;
  if (labels.byteLength > 0) {
    graph.labels.ensureLength(idStart + labels.byteLength / 4);
    await copyInto(graph.labels.view, idStart, labels, pacer);
  }
  const tally: KindTally = { vertices: 0, edges: 0, badKind: -1, badLabel: -1 };
  await paced(idStart, idEnd, pacer, (from, to) => tallyKinds(graph, tally, from, to));
  if (tally.badKind >= 0) {
    throw corrupt(file, `gives id ${tally.badKind} an unknown kind ${graph.kindType.view[tally.badKind]}`);
  }
  if (tally.badLabel >= 0) {
    throw corrupt(
      file,
      `gives id ${tally.badLabel} an impossible label ${graph.labels.view[tally.badLabel]}`,
    );
  }
  if (tally.vertices !== partition.header.vertexCount || tally.edges !== partition.header.edgeCount) {
    throw corrupt(file, 'holds other vertex or edge counts than its header declares');
  }
}

/** Walking one partition's adjacency section in step with its vertices (see `loadAdjacency`). */
interface RecordCursor {
  readonly words: Int32Array;
  /** Where the section's words start in the pool. */
  readonly base: number;
  /** The block the next vertex with a record must point at. */
  at: number;
  /** Pairs seen: every edge appears once among the out-records and once among the in-records. */
  pairs: number;
  problem: string | undefined;
}

/**
 * Checks the records of the vertices in [from, to) for one direction (`column`: `first` for out-records,
 * `second` for in-records) and points the vertices at their place in the pool. A vertex's record must be
 * the next block of the section, each block well formed: its size class, the used words within it, groups
 * of known edge types that fill the used words exactly.
 */
function relocateRecords(
  graph: Graph,
  column: Int32Array,
  cursor: RecordCursor,
  from: number,
  to: number,
): void {
  const kinds = graph.kindType.view;
  const { words, base } = cursor;
  const edgeTypeCount = graph.edgeTypes.size;
  const classes = sizeClassWords.length;
  for (let id = from; id < to; id++) {
    if (kinds[id] !== kindVertex) continue;
    const record = column[id];
    if (record === noRecord) continue;
    const at = cursor.at;
    const sizeClass = words[at];
    if (
      record !== at ||
      !(sizeClass >= 0 && sizeClass < classes) ||
      at + sizeClassWords[sizeClass] > words.length
    ) {
      cursor.problem = `has a misplaced adjacency record for vertex ${id}`;
      return;
    }
    const used = words[at + 1];
    if (!(used >= 0 && recordHeaderWords + used <= sizeClassWords[sizeClass])) {
      cursor.problem = `has an adjacency record of impossible length for vertex ${id}`;
      return;
    }
    const end = at + recordHeaderWords + used;
    let group = at + recordHeaderWords;
    while (group < end) {
      const type = words[group];
      const count = words[group + 1];
      if (!(type >= 0 && type < edgeTypeCount && count >= 1)) break;
      cursor.pairs += count;
      group += groupHeaderWords + 2 * count;
    }
    if (group !== end) {
      cursor.problem = `has a malformed adjacency record for vertex ${id}`;
      return;
    }
    column[id] = base + record;
    cursor.at = at + sizeClassWords[sizeClass];
  }
}

/**
 * Copies one partition's adjacency section into the graph's pool as it is (whole blocks) and points its
 * vertices at their records; answers the pairs seen in its out-records and in its in-records.
 */
export async function loadAdjacency(
  graph: Graph,
  partition: Partition,
  pacer: Pacer,
): Promise<{ outPairs: number; inPairs: number }> {
  const words = sectionView(Int32Array, partition.section.get(SectionType.adjacency)!);
  const pool = graph.adjacencyPool;
  const base = pool.appendBlocks(words.length);
  await pacedCopy(pool.column.view.subarray(base, base + words.length), words, pacer);
  const cursor: RecordCursor = { words, base, at: 0, pairs: 0, problem: undefined };
  const { idStart, idEnd } = partition.header;
  const outcome = { outPairs: 0, inPairs: 0 };
  for (const [column, direction] of [
    [graph.first.view, 'outPairs'],
    [graph.second.view, 'inPairs'],
  ] as const) {
    cursor.pairs = 0;
    await paced(idStart, idEnd, pacer, (from, to) => {
      if (cursor.problem === undefined) relocateRecords(graph, column, cursor, from, to);
    });
    if (cursor.problem !== undefined) throw corrupt(partition.file, cursor.problem);
    outcome[direction] = cursor.pairs;
  }
  if (cursor.at !== words.length) throw corrupt(partition.file, 'has adjacency blocks no vertex uses');
  return outcome;
}

/** The first edge in [from, to) with an endpoint that is not a live vertex, or -1. */
function badEndpoint(graph: Graph, from: number, to: number): number {
  const kinds = graph.kindType.view;
  const first = graph.first.view;
  const second = graph.second.view;
  // The vertex bitmap (a bit per id) stays in cache where the kind column (a word per id) would not.
  const bits = graph.vertexBits.view;
  const end = graph.nextId;
  for (let id = from; id < to; id++) {
    if (kinds[id] < edgeKindBase) continue;
    const source = first[id];
    const target = second[id];
    if (
      !(source >= 0 && source < end && (bits[source >>> 5] & (1 << (source & 31))) !== 0) ||
      !(target >= 0 && target < end && (bits[target >>> 5] & (1 << (target & 31))) !== 0)
    ) {
      return id;
    }
  }
  return -1;
}

/** Every edge's endpoints are live vertices (checked once every partition is in). */
export async function checkEndpoints(graph: Graph, partition: Partition, pacer: Pacer): Promise<void> {
  let bad = -1;
  await paced(partition.header.idStart, partition.header.idEnd, pacer, (from, to) => {
    if (bad < 0) bad = badEndpoint(graph, from, to);
  });
  if (bad >= 0) throw corrupt(partition.file, `gives edge ${bad} an endpoint that is not a vertex`);
}

/** Decoding state of one partition's property records. */
interface PropertyCursor {
  readonly words: Float64Array;
  readonly side: SideValueReader;
  readonly idEnd: number;
  at: number;
  previousId: number;
  /** What is wrong, once something is. */
  problem: string | undefined;
}

/** Decodes records from the cursor into the graph's property store until the pacer's slice is spent. */
function decodeRecords(graph: Graph, cursor: PropertyCursor, pacer: Pacer): void {
  const { words, side, idEnd } = cursor;
  const store = graph.properties;
  const pool = store.recordPool;
  const kinds = graph.kindType.view;
  const keyCount = graph.propertyKeys.size;
  const records = store.ensureRecordOffsets(idEnd).view;
  let at = cursor.at;
  for (let decoded = 1; at < words.length; decoded++) {
    if ((decoded & 255) === 0 && pacer.due) break;
    const id = words[at];
    const count = words[at + 1];
    if (!Number.isInteger(id) || id <= cursor.previousId || id >= idEnd || kinds[id] === kindAbsent) {
      cursor.problem = `has a property record for an impossible id ${id}`;
      return;
    }
    if (!Number.isInteger(count) || count < 0 || at + 3 + 2 * count > words.length) {
      cursor.problem = `has a property record of impossible length on id ${id}`;
      return;
    }
    cursor.previousId = id;
    const record = pool.allocate(2 + 2 * count);
    const view = pool.column.view;
    view[record] += count * classModulus;
    view[record + 1] = words[at + 2];
    let previousKey = -1;
    for (let i = 0; i < count; i++) {
      const word = words[at + 3 + 2 * i];
      const keyId = Math.floor(word / typeTagCount);
      const tag = word - keyId * typeTagCount;
      if (keyId <= previousKey || keyId >= keyCount || !(tag >= 0 && tag < valueTypeCount)) {
        cursor.problem = `has an impossible property on id ${id}`;
        return;
      }
      previousKey = keyId;
      view[record + 2 + 2 * i] = word;
      if (isInlineTag(tag)) view[record + 3 + 2 * i] = words[at + 4 + 2 * i];
      else {
        let value: unknown;
        try {
          value = side.read(typeOfTag(tag));
        } catch (error) {
          cursor.problem = `has side values that do not match its records (${(error as Error).message})`;
          return;
        }
        view[record + 3 + 2 * i] = store.addSideValue(value);
      }
    }
    records[id] = record + 1;
    at += 3 + 2 * count;
  }
  cursor.at = at;
}

/** Property records of one partition, with their side values decoded. */
export async function loadProperties(graph: Graph, partition: Partition, pacer: Pacer): Promise<void> {
  const cursor: PropertyCursor = {
    words: sectionView(Float64Array, partition.section.get(SectionType.properties)!),
    side: new SideValueReader(partition.section.get(SectionType.sideValues)!),
    idEnd: partition.header.idEnd,
    at: 0,
    previousId: partition.header.idStart - 1,
    problem: undefined,
  };
  while (cursor.at < cursor.words.length) {
    decodeRecords(graph, cursor, pacer);
    if (cursor.problem !== undefined) throw corrupt(partition.file, cursor.problem);
    await pacer.pace();
  }
  if (cursor.side.remaining !== 0) throw corrupt(partition.file, 'has side values its records do not use');
}

/** The partition's element embeddings, decoded in steps; each must belong to a live element of its range. */
export async function loadEmbeddings(graph: Graph, partition: Partition, pacer: Pacer): Promise<void> {
  const { idStart, idEnd } = partition.header;
  const section = partition.section.get(SectionType.embeddings)!;
  if (section.byteLength === 0) return;
  const steps = decodeEmbeddingSteps(graph.embeddings, section, idStart, idEnd);
  try {
    while (steps.next().done !== true) await pacer.pace();
  } catch (error) {
    if (error instanceof EmbeddingSectionError)
      throw corrupt(partition.file, `has an unreadable ${error.message}`);
    throw error;
  }
  const kinds = graph.kindType.view;
  for (const { name, sets } of graph.embeddings.groups()) {
    for (const set of sets) {
      for (const id of set.idsInRange(idStart, idEnd)) {
        if (kinds[id] === kindAbsent) {
          throw corrupt(partition.file, `gives the absent element ${id} an embedding '${name}'`);
        }
      }
    }
  }
}
