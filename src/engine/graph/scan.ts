/**
 * Full-graph property scans: linear passes over the property records, no index.
 * Results are ascending element ids.
 */
import { compareValues, convertibleText, valuesEqual, type TypedValue } from '../model/values.js';
import { Graph, edgeKindBase, kindVertex } from './graph.js';

/** The scan operators, numbered as on the wire. */
export const ScanOperator = {
  Equals: 0,
  Greater: 1,
  GreaterOrEquals: 2,
  Lower: 3,
  LowerOrEquals: 4,
  NotEquals: 5,
} as const;
export type ScanOperator = (typeof ScanOperator)[keyof typeof ScanOperator];

export type ResultType = 'Vertices' | 'Edges' | 'Both';

/** Reserved engine-managed keys, never matched by the text scan. */
export const reservedKeyPrefixes = ['$embedding:', '$embeddingModel:'] as const;

export function isReservedKey(key: string): boolean {
  return key.startsWith(reservedKeyPrefixes[0]) || key.startsWith(reservedKeyPrefixes[1]);
}

export interface ScanFilter {
  resultType: ResultType;
  /** Exact, case-sensitive label restrictor; undefined means any label. */
  label?: string;
}

/** Accepts live elements of the wanted kinds carrying the label (when one is given). */
export function elementFilter(graph: Graph, filter: ScanFilter): (id: number) => boolean {
  const kinds = graph.kindType.view;
  const labels = graph.labels.view;
  let labelSlot = -1;
  if (filter.label !== undefined) {
    const labelId = graph.labelNames.find(filter.label);
    if (labelId < 0) return () => false;
    labelSlot = labelId + 1;
  }
  const wantVertices = filter.resultType !== 'Edges';
  const wantEdges = filter.resultType !== 'Vertices';
  return (id) => {
    const kind = kinds[id];
    if (kind === kindVertex ? !wantVertices : kind >= edgeKindBase ? !wantEdges : true) return false;
    return labelSlot < 0 || (id < labels.length && labels[id] === labelSlot);
  };
}

function matches(operator: ScanOperator, stored: TypedValue, literal: TypedValue): boolean {
  // A stored value of another type behaves as absent: it matches under no operator, NotEquals included.
  if (stored.type !== literal.type) return false;
  switch (operator) {
    case ScanOperator.Equals:
      return valuesEqual(stored, literal);
    case ScanOperator.NotEquals:
      return !valuesEqual(stored, literal);
    case ScanOperator.Greater:
      return compareValues(stored, literal) > 0;
    case ScanOperator.GreaterOrEquals:
      return compareValues(stored, literal) >= 0;
    case ScanOperator.Lower:
      return compareValues(stored, literal) < 0;
    case ScanOperator.LowerOrEquals:
      return compareValues(stored, literal) <= 0;
  }
}

/** Ids one slice of a sliced single-property scan covers: a few milliseconds of comparisons. */
export const scanSliceIds = 32_768;
/** Ids one slice of a sliced text scan covers: it renders and lowercases every value (~1 us per id). */
export const textScanSliceIds = 4096;

/** Ids in [from, to) whose value for `key` satisfies the comparison, appended to `hits` in ascending order. */
export function scanProperty(
  graph: Graph,
  key: string,
  operator: ScanOperator,
  literal: TypedValue,
  filter: ScanFilter,
  hits: number[] = [],
  from = 0,
  to = graph.nextId,
): number[] {
  const keyId = graph.propertyKeys.find(key);
  if (keyId < 0) return hits;
  const accept = elementFilter(graph, filter);
  graph.properties.forEachWithKey(keyId, from, Math.min(to, graph.nextId), (id, value) => {
    if (accept(id) && matches(operator, value, literal)) hits.push(id);
  });
  return hits;
}

/**
 * Ids in [from, to) any of whose non-reserved property texts contains `searchTerm`, ignoring case, appended
 * to `hits` in ascending order.
 */
export function scanAllProperties(
  graph: Graph,
  searchTerm: string,
  filter: ScanFilter,
  hits: number[] = [],
  from = 0,
  to = graph.nextId,
): number[] {
  const accept = elementFilter(graph, filter);
  const needle = searchTerm.toLowerCase();
  const reservedKeyIds = new Set<number>();
  for (let keyId = 0; keyId < graph.propertyKeys.size; keyId++) {
    if (isReservedKey(graph.propertyKeys.nameOf(keyId))) reservedKeyIds.add(keyId);
  }
  const end = Math.min(to, graph.nextId);
  for (let id = from; id < end; id++) {
    if (!accept(id) || graph.properties.count(id) === 0) continue;
    for (const { keyId, value } of graph.properties.list(id)) {
      if (reservedKeyIds.has(keyId)) continue;
      const text = convertibleText(value);
      if (text !== undefined && text.toLowerCase().includes(needle)) {
        hits.push(id);
        break;
      }
    }
  }
  return hits;
}
