/**
 * The engine's surface: the element models exactly as docs/fragments.md ("What a fragment may call") lists
 * them, TraversalContext, and VectorMath of the vector-index namespace the wrapper imports.
 *
 * Runtime keys:
 *   element.id, element.label, element.getCreationDate, element.getModificationDate,
 *   element.getPropertyCount, element.tryGetProperty, element.anyPropertyValueMatches,
 *   element.tryGetEmbedding, element.tryGetEmbeddingModelStamp,
 *   vertex.getInDegree, vertex.getOutDegree, vertex.outEdges, vertex.inEdges, vertex.tryGetOutEdge,
 *   vertex.tryGetInEdge, vertex.tryGetOutEdgesSpan, vertex.tryGetInEdgesSpan,
 *   edge.sourceVertex, edge.targetVertex, edge.edgePropertyId,
 *   context.hasQueryVector, context.queryVector, context.embeddingName, context.metric,
 *   context.trySimilarity, vectorMath.score, vectorMath.tryScore
 *
 * The four unusable members, and why C# rejects them (environment.ts has the reference set): the engine
 * is compiled against the .NET reference pack, where ImmutableDictionary<TKey, TValue> lives in
 * System.Collections.Immutable and List<T> in System.Collections. Neither assembly is referenced by the
 * fragment compile, so the members whose signatures name them fail at their use site with CS0012, "The
 * type '{0}' is defined in an assembly that is not referenced. You must add a reference to assembly
 * '{1}'.", the type printed as an unconstructed generic name (`List<>`) because the compiler never
 * resolved it.
 *
 * The fields Id and Label are writable in the ancestor's class; the documented surface is read-only
 * (assigning one is CS0191) and Skein keeps fragments from writing the graph, so they are readonly here.
 */
import { frameworkAssemblyName } from '../environment.js';
import type { SurfaceTable, UnusableMemberRow } from '../surface.js';

const IMMUTABLE_DICTIONARY = {
  id: 'CS0012',
  args: ['ImmutableDictionary<,>', frameworkAssemblyName('System.Collections.Immutable')],
};
const LIST = { id: 'CS0012', args: ['List<>', frameworkAssemblyName('System.Collections')] };

function unusable(
  name: string,
  declaration: string,
  diagnostic: UnusableMemberRow['diagnostic'],
): UnusableMemberRow {
  return { unusable: name, kind: 'method', declaration, diagnostic };
}

export const GRAPH_SURFACE: readonly SurfaceTable[] = [
  {
    type: 'AGraphElementModel',
    members: [
      ['element.id', 'readonly int Id'],
      ['element.label', 'readonly string Label'],
      ['element.getCreationDate', 'DateTime GetCreationDate()'],
      ['element.getModificationDate', 'DateTime GetModificationDate()'],
      ['element.getPropertyCount', 'int GetPropertyCount()'],
      ['element.tryGetProperty', 'bool TryGetProperty<T>(out T result, string propertyId)'],
      ['element.anyPropertyValueMatches', 'bool AnyPropertyValueMatches(Func<string, bool> valuePredicate)'],
      [
        'element.tryGetEmbedding',
        'bool TryGetEmbedding(out ReadOnlySpan<float> vector, string name = "default")',
      ],
      [
        'element.tryGetEmbeddingModelStamp',
        'bool TryGetEmbeddingModelStamp(out string stamp, string name = "default")',
      ],
      unusable(
        'GetAllProperties',
        'ImmutableDictionary<string, object> GetAllProperties()',
        IMMUTABLE_DICTIONARY,
      ),
    ],
  },
  {
    type: 'VertexModel',
    members: [
      ['vertex.getInDegree', 'uint GetInDegree()'],
      ['vertex.getOutDegree', 'uint GetOutDegree()'],
      ['vertex.outEdges', 'IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>> OutEdges { get; }'],
      ['vertex.inEdges', 'IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>> InEdges { get; }'],
      [
        'vertex.tryGetOutEdge',
        'bool TryGetOutEdge(out IReadOnlyList<EdgeModel> result, string edgePropertyId)',
      ],
      [
        'vertex.tryGetInEdge',
        'bool TryGetInEdge(out IReadOnlyList<EdgeModel> result, string edgePropertyId)',
      ],
      [
        'vertex.tryGetOutEdgesSpan',
        'bool TryGetOutEdgesSpan(out ReadOnlySpan<EdgeModel> edges, string edgePropertyId)',
      ],
      [
        'vertex.tryGetInEdgesSpan',
        'bool TryGetInEdgesSpan(out ReadOnlySpan<EdgeModel> edges, string edgePropertyId)',
      ],
      unusable('GetAllNeighbors', 'List<VertexModel> GetAllNeighbors()', LIST),
      unusable('GetOutgoingEdgeIds', 'List<string> GetOutgoingEdgeIds()', LIST),
      unusable('GetIncomingEdgeIds', 'List<string> GetIncomingEdgeIds()', LIST),
    ],
  },
  {
    type: 'EdgeModel',
    members: [
      ['edge.sourceVertex', 'readonly VertexModel SourceVertex'],
      ['edge.targetVertex', 'readonly VertexModel TargetVertex'],
      ['edge.edgePropertyId', 'readonly string EdgePropertyId'],
    ],
  },
  {
    type: 'TraversalContext',
    members: [
      ['context.hasQueryVector', 'bool HasQueryVector { get; }'],
      ['context.queryVector', 'ReadOnlySpan<float> QueryVector { get; }'],
      ['context.embeddingName', 'string EmbeddingName { get; }'],
      ['context.metric', 'VectorDistanceMetric Metric { get; }'],
      ['context.trySimilarity', 'bool TrySimilarity(AGraphElementModel element, out float score)'],
    ],
  },
  {
    // Public in the ancestor's vector-index namespace, which the wrapper imports so that fragments can
    // score embeddings themselves; the same kernel as TrySimilarity.
    type: 'VectorMath',
    members: [
      [
        'vectorMath.score',
        'static float Score(ReadOnlySpan<float> a, ReadOnlySpan<float> b, VectorDistanceMetric metric)',
      ],
      [
        'vectorMath.tryScore',
        'static bool TryScore(out float score, ReadOnlySpan<float> a, ReadOnlySpan<float> b, VectorDistanceMetric metric)',
      ],
    ],
  },
];
