/**
 * Vector index content and exact kNN (docs/vectors.md, Vector indexes):
 *
 *   PUT  /index/vector/{id}    one element's vector, explicit (`vector`) or from a float-array property
 *                              (`propertyId`): 200 `true`; 400 with the reason (another index type, a bound
 *                              index, both or neither mode, a missing or non-float-array property, a wrong
 *                              dimension, a non-finite component, a zero-norm vector under Cosine); 404 for
 *                              an unknown index or element
 *   POST /scan/index/vector    the k best elements, best first, ties by ascending id: 200
 *                              `{ metric, higherIsBetter, results: [{ graphElementId, score }] }`; 400 for
 *                              an invalid query or a non-vector index; 404 for an unknown index
 *
 * The put is a transaction of the namespace's writer (`Engine.putIndexVector`), answered after the commit
 * and its log sync, so an acknowledged vector survives a crash (docs/indexes.md, Persistence). The scan
 * runs in slices that yield the event loop (src/engine/indexes/vector/knn.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { maxVectorK, minVectorK, searchVectorsSliced } from '../../index.js';
import { BooleanResult, ElementId } from '../wire/schemas.js';
import { wireFloat32 } from '../wire/vectors.js';

const tags = ['indexes'];

const VectorParams = Type.Object({ id: Type.String({ description: 'The vector index uniqueId' }) });

const Vector = Type.Array(Type.Number(), { description: 'Float components (float32 after rounding)' });

const VectorAdd = Type.Object({
  graphElementId: ElementId,
  vector: Type.Optional(Type.Union([Vector, Type.Null()], { description: 'Explicit mode: the vector' })),
  propertyId: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'Property mode: a float-array property' }),
  ),
});

const VectorScanRequest = Type.Object({
  indexId: Type.String({ description: 'The vector index' }),
  query: { ...Vector, description: 'The index dimension, finite; not zero-norm under Cosine' },
  k: Type.Integer({
    minimum: minVectorK,
    maximum: maxVectorK,
    description: `${minVectorK} to ${maxVectorK}`,
  }),
  kind: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'vertex, edge or any (lowercase); absent or empty: any',
    }),
  ),
  label: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'Exact, case-sensitive; unlabelled elements never match',
    }),
  ),
});

const VectorScanResult = Type.Object({
  metric: Type.String({ description: 'Cosine, DotProduct or L2' }),
  higherIsBetter: Type.Boolean(),
  results: Type.Array(
    Type.Object({
      graphElementId: Type.Integer(),
      score: Type.Number({ description: 'A float32 score' }),
    }),
    { description: 'Best first, ties by ascending id; fewer than k when fewer qualify' },
  ),
});

export async function vectorRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.put(
    '/index/vector/:id',
    {
      schema: {
        tags,
        description:
          'Adds or replaces one element vector of an explicit vector index: give vector, or propertyId naming a float-array property.',
        params: VectorParams,
        body: VectorAdd,
        response: { 200: BooleanResult },
      },
    },
    async (request) => {
      const { graphElementId, vector, propertyId } = request.body;
      await request.namespace.engine.putIndexVector(request.params.id, graphElementId, {
        vector,
        propertyId,
      });
      return true;
    },
  );

  app.post(
    '/scan/index/vector',
    {
      schema: {
        tags,
        description: 'Exact k-nearest-neighbour search; kind and label restrict candidates before top-k.',
        body: VectorScanRequest,
        response: { 200: VectorScanResult },
      },
    },
    async (request) => {
      const { indexId, query, k, kind, label } = request.body;
      const result = await searchVectorsSliced(request.namespace.engine, indexId, {
        query,
        k,
        kind: kind === null || kind === undefined || kind === '' ? 'any' : kind,
        label: label ?? undefined,
      });
      return {
        metric: result.metric,
        higherIsBetter: result.higherIsBetter,
        results: result.results.map(({ graphElementId, score }) => ({
          graphElementId,
          score: wireFloat32(score),
        })),
      };
    },
  );
}
