/**
 * The reads every element model offers (`AGraphElementModel`), as functions of (graph, id) that the
 * vertex and edge views both call. The views do not share a base class: in Node 20 constructing an
 * instance of a derived class costs many times what a plain class costs, and a view is made for every
 * element a traversal visits.
 */
import { type Graph, isReservedKey } from '../../engine/index.js';
import { isInlineTag, type PropertyStore } from '../../engine/graph/property-store.js';
import { embeddingKeyPrefix, embeddingStampKeyPrefix } from '../../engine/embeddings/names.js';
import { nullReference } from './exceptions.js';
import {
  Boxed,
  ClrType,
  TICKS_PER_SECOND,
  UNIX_EPOCH_TICKS,
  dateTime,
  defaultOf,
  type DateTimeValue,
  type Out,
} from './types.js';

/** Per type tag: 1 when the store keeps the value inline. A typed array, so the hot read is one load. */
const INLINE_TAGS = (() => {
  const table = new Uint8Array(32);
  for (let tag = 0; tag < table.length; tag++) table[tag] = isInlineTag(tag) ? 1 : 0;
  return table;
})();

/** `default(ReadOnlySpan<float>)`: what a failed `TryGetEmbedding` leaves. */
export const EMPTY_VECTOR = new Float32Array(0);

/** The value of the pair at `pair` in the runtime representation of its own type (types.ts). */
function valueAt(store: PropertyStore, pair: number, tag: number): unknown {
  if (INLINE_TAGS[tag] === 1) {
    const raw = store.inlineAt(pair);
    return tag === ClrType.Boolean ? raw === 1 : raw;
  }
  const side = store.sideAt(pair);
  // A C# float[] is mutable; the stored vector must not be, so a typed read gets a copy.
  return tag === ClrType.SingleArray ? new Float32Array(side as Float32Array) : side;
}

/** The value boxed as `object`: reference types as themselves, value types in a `Boxed`. */
function boxedAt(store: PropertyStore, pair: number, tag: number): unknown {
  const value = valueAt(store, pair, tag);
  return tag === ClrType.String || tag === ClrType.SingleArray ? value : new Boxed(tag as never, value);
}

/** DateTime (UTC) of engine Unix seconds. */
function utcFromUnixSeconds(seconds: number): DateTimeValue {
  return dateTime(UNIX_EPOCH_TICKS + BigInt(seconds) * TICKS_PER_SECOND, 'Utc');
}

export function creationDate(graph: Graph, id: number): DateTimeValue {
  return utcFromUnixSeconds(graph.created.view[id]);
}

export function modificationDate(graph: Graph, id: number): DateTimeValue {
  return utcFromUnixSeconds(graph.modificationDateOf(id));
}

/**
 * `TryGetProperty<T>`: true only when the stored value's type tag is exactly `type` (`ClrType.Object`
 * takes any type, boxed); otherwise `default(T)` and false. `keyId` < 0: no such key.
 */
export function tryGetProperty(
  graph: Graph,
  id: number,
  keyId: number,
  type: number,
  value: Out<unknown>,
): boolean {
  if (keyId >= 0) {
    const store = graph.properties;
    const pair = store.locate(id, keyId);
    if (pair >= 0) {
      const tag = store.tagOf(pair, keyId);
      if (tag === type) {
        value.value = valueAt(store, pair, tag);
        return true;
      }
      if (type === ClrType.Object) {
        value.value = boxedAt(store, pair, tag);
        return true;
      }
    }
  }
  value.value = defaultOf(type);
  return false;
}

/**
 * `TryGetProperty<T>` of a reserved key (`$embedding:<name>`, `$embeddingModel:<name>`): the entry the
 * element's embedding stands for, read from the embedding store as an element read shows it (docs/vectors.md,
 * "Element embeddings"): the vector as `float[]` (a copy, as every float[] read), the stamp as `string`.
 */
export function tryGetReservedProperty(
  graph: Graph,
  id: number,
  key: string,
  type: number,
  value: Out<unknown>,
): boolean {
  let stored: unknown;
  let tag = -1;
  if (key.startsWith(embeddingStampKeyPrefix)) {
    stored = graph.embeddings.model(id, key.slice(embeddingStampKeyPrefix.length)) ?? undefined;
    tag = ClrType.String;
  } else if (key.startsWith(embeddingKeyPrefix)) {
    const vector = graph.embeddings.get(id, key.slice(embeddingKeyPrefix.length));
    stored = vector === undefined ? undefined : new Float32Array(vector);
    tag = ClrType.SingleArray;
  }
  // Both types are reference types: boxed as `object` they are themselves.
  if (stored !== undefined && (type === tag || type === ClrType.Object)) {
    value.value = stored;
    return true;
  }
  value.value = defaultOf(type);
  return false;
}

/** `GetPropertyCount()`: stored properties plus the reserved entries of the element's embeddings. */
export function propertyCount(graph: Graph, id: number): number {
  return graph.properties.count(id) + graph.embeddings.entryCount(id);
}

/**
 * `AnyPropertyValueMatches`: the predicate sees String-typed values only, never names, never reserved
 * entries; it stops at the first match. A null predicate is a NullReferenceException, as invoking a null
 * delegate is.
 */
export function anyPropertyValueMatches(
  graph: Graph,
  id: number,
  predicate: ((value: string) => boolean) | null,
): boolean {
  if (predicate === null) throw nullReference();
  const { properties, propertyKeys } = graph;
  const first = properties.firstPair(id);
  if (first < 0) return false;
  const end = first + properties.count(id) * 2;
  for (let pair = first; pair < end; pair += 2) {
    if (properties.tagAt(pair) !== ClrType.String) continue;
    const key = propertyKeys.nameOf(properties.keyIdAt(pair));
    if (key.charCodeAt(0) === 0x24 && isReservedKey(key)) continue;
    if (predicate(properties.sideAt(pair) as string)) return true;
  }
  return false;
}
