/**
 * The engine's surface: element models, TraversalContext and VectorMath (surface/graph.ts).
 *
 * The views of runtime/models.ts and edge-groups.ts carry the C# member names, so most bindings are a
 * member access on the receiver, guarded with `rt.nn` when it may be null. `out` parameters are the last
 * runtime parameter where C# puts them first (`TryGetOutEdge(out list, type)` calls
 * `v.TryGetOutEdge(type, cell)`): the cell is a plain name, so moving it changes no evaluation order.
 */
import type { RuntimeBinding, RuntimeCallSite } from '../runtime-call.js';
import { argumentOf, call, method, property, type BindingTable } from './build.js';

/**
 * `element.TryGetProperty<T>(out T value, string key)`. A constant key is resolved once per request
 * (`rt.key`, hoisted: the hot path); any other key is looked up by name at each call (`TryGetPropertyNamed`,
 * uncached, since computed names are unbounded). A null key finds nothing: TryGetProperty never throws
 * (docs/fragments.md, "Typed property reads"), so it is false with default(T), not the
 * ArgumentNullException an ImmutableDictionary lookup would raise.
 */
const tryGetProperty: RuntimeBinding = (site: RuntimeCallSite) => {
  const { services } = site;
  const cell = argumentOf(site, 0);
  const code = services.typeCode(site.typeArguments[0]);
  const literal = site.constantArguments[1];
  if (typeof literal === 'string') {
    const key = services.hoist(`rt.key(${services.stringLiteral(literal)})`);
    return method('TryGetProperty', key, code, cell)(site);
  }
  return method('TryGetPropertyNamed', argumentOf(site, 1), code, cell)(site);
};

export const GRAPH_BINDINGS: BindingTable = {
  'element.id': property('Id'),
  'element.label': property('Label'),
  'element.getCreationDate': method('GetCreationDate'),
  'element.getModificationDate': method('GetModificationDate'),
  'element.getPropertyCount': method('GetPropertyCount'),
  'element.tryGetProperty': tryGetProperty,
  'element.anyPropertyValueMatches': method('AnyPropertyValueMatches', 0),
  'element.tryGetEmbedding': method('TryGetEmbedding', 1, 0),
  'element.tryGetEmbeddingModelStamp': method('TryGetEmbeddingModelStamp', 1, 0),

  'vertex.getInDegree': method('GetInDegree'),
  'vertex.getOutDegree': method('GetOutDegree'),
  'vertex.outEdges': property('OutEdges'),
  'vertex.inEdges': property('InEdges'),
  'vertex.tryGetOutEdge': method('TryGetOutEdge', 1, 0),
  'vertex.tryGetInEdge': method('TryGetInEdge', 1, 0),
  'vertex.tryGetOutEdgesSpan': method('TryGetOutEdgesSpan', 1, 0),
  'vertex.tryGetInEdgesSpan': method('TryGetInEdgesSpan', 1, 0),

  'edge.sourceVertex': property('SourceVertex'),
  'edge.targetVertex': property('TargetVertex'),
  'edge.edgePropertyId': property('EdgePropertyId'),

  // The receiver is the factory's `context` parameter.
  'context.hasQueryVector': property('HasQueryVector'),
  'context.queryVector': property('QueryVector'),
  'context.embeddingName': property('EmbeddingName'),
  'context.metric': property('Metric'),
  'context.trySimilarity': method('TrySimilarity', 0, 1),

  'vectorMath.score': call('rt.vectorMath.Score', 0, 1, 2),
  'vectorMath.tryScore': call('rt.vectorMath.TryScore', 1, 2, 3, 0),
};
