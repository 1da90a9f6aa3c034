/**
 * Copies chosen elements of one graph into a new, standalone graph: the extract of a subgraph
 * (docs/subgraphs.md, "The extract"). The copy has its own ids, assigned in the order elements are
 * copied, and shares no mutable state with its source: labels, edge types and property keys are interned
 * again, property values that are objects are cloned, embeddings are copied into the copy's own vector
 * sets, and creation and modification dates are kept.
 *
 * The caller decides the order and the pace (an extraction copies in slices that yield the event loop);
 * an edge may be copied only once both its endpoints were.
 */
import type { TypedValue } from '../model/values.js';
import { Graph, edgeKindBase } from './graph.js';

/** What `copyIdOf` answers for a source id that was not copied. */
const notCopied = -1;

function cloneValue(value: TypedValue): TypedValue {
  switch (value.type) {
    case 'Single[]':
      return { type: 'Single[]', value: value.value.slice() };
    case 'DateTime':
      return { type: 'DateTime', value: { ...value.value } };
    case 'DateTimeOffset':
      return { type: 'DateTimeOffset', value: { ...value.value } };
    default:
      // Strings, numbers, bigints, booleans and Decimal values are immutable.
      return value;
  }
}

export class GraphCopy {
  readonly target = new Graph();
  /**
   * Source id to copy id plus one, 0 when not copied: a fresh array is already all zeros, so a copy of a
   * few elements out of a large graph does not pay for filling it.
   */
  private readonly copyIds: Int32Array;
  /** Source property key id to the copy's key id, -1 until first seen. */
  private keyIds = new Int32Array(16).fill(-1);

  constructor(readonly source: Graph) {
    this.copyIds = new Int32Array(source.nextId);
  }

  /** The copy's id of a source element, or -1 when it was not copied. */
  copyIdOf(sourceId: number): number {
    return sourceId >= 0 && sourceId < this.copyIds.length ? this.copyIds[sourceId] - 1 : notCopied;
  }

  /** Copies a live source vertex; answers its id in the copy. */
  copyVertex(sourceId: number): number {
    const source = this.source;
    const id = this.target.addVertex(source.created.view[sourceId], source.labelOf(sourceId), []);
    this.copyIds[sourceId] = id + 1;
    this.copyContents(sourceId, id);
    return id;
  }

  /** Copies a live source edge whose endpoints were both copied; answers its id in the copy. */
  copyEdge(sourceId: number): number {
    const source = this.source;
    const from = this.copyIdOf(source.first.view[sourceId]);
    const to = this.copyIdOf(source.second.view[sourceId]);
    if (from === notCopied || to === notCopied) {
      throw new Error(`edge ${sourceId} copied before its endpoints`);
    }
    const edgeType = source.edgeTypes.nameOf(source.kindType.view[sourceId] - edgeKindBase);
    const id = this.target.addEdge(
      from,
      to,
      edgeType,
      source.created.view[sourceId],
      source.labelOf(sourceId),
      [],
    );
    this.copyIds[sourceId] = id + 1;
    this.copyContents(sourceId, id);
    return id;
  }

  private keyIdOf(sourceKeyId: number): number {
    if (sourceKeyId >= this.keyIds.length) {
      const grown = new Int32Array(Math.max(sourceKeyId + 1, this.keyIds.length * 2)).fill(-1);
      grown.set(this.keyIds);
      this.keyIds = grown;
    }
    let keyId = this.keyIds[sourceKeyId];
    if (keyId < 0) {
      keyId = this.target.propertyKeys.intern(this.source.propertyKeys.nameOf(sourceKeyId));
      this.keyIds[sourceKeyId] = keyId;
    }
    return keyId;
  }

  private copyContents(sourceId: number, id: number): void {
    const source = this.source;
    const properties = source.properties.list(sourceId);
    if (properties.length > 0) {
      this.target.properties.reserve(id, properties.length);
      for (const { keyId, value } of properties) {
        this.target.properties.set(id, this.keyIdOf(keyId), cloneValue(value));
      }
    }
    const modified = source.properties.modificationDate(sourceId);
    if (modified >= 0) this.target.properties.setModificationDate(id, modified);
    // `list` answers copies of the vectors, so the copy never views the source's memory.
    for (const embedding of source.embeddings.list(sourceId)) {
      this.target.embeddings.set(id, embedding.name, embedding.vector, embedding.model);
    }
  }
}
