/**
 * The main thread's side of a run's input: the columns and the scope of a graph. Kept apart from the
 * kernels, which import nothing of the engine (they run in workers over the same shared buffers).
 */
import { topologyView, type Graph } from '../engine/index.js';
import {
  scopeAll,
  scopeNone,
  type AnalyticsColumns,
  type AnalyticsDirection,
  type AnalyticsScope,
} from './columns.js';

/** The graph's topology and label columns as views over its shared buffers (no copy). */
export function analyticsColumnsOf(graph: Graph): AnalyticsColumns {
  return { ...topologyView(graph), labels: graph.labels.view };
}

export interface ScopeRequest {
  readonly vertexLabel?: string;
  readonly edgePropertyId?: string;
  readonly direction?: AnalyticsDirection;
}

/** A request's scope in the graph's ids: a label or edge type the graph never had admits nothing. */
export function analyticsScopeOf(graph: Graph, request: ScopeRequest): AnalyticsScope {
  let labelSlot = scopeAll;
  if (request.vertexLabel !== undefined) {
    const label = graph.labelNames.find(request.vertexLabel);
    labelSlot = label < 0 ? scopeNone : label + 1;
  }
  let edgeTypeId = scopeAll;
  if (request.edgePropertyId !== undefined) {
    const type = graph.edgeTypes.find(request.edgePropertyId);
    edgeTypeId = type < 0 ? scopeNone : type;
  }
  return request.direction === undefined
    ? { labelSlot, edgeTypeId }
    : { labelSlot, edgeTypeId, direction: request.direction };
}
