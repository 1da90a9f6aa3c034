/**
 * GET /graph: a bounded page of the graph (CONTRACT 1.2). Each list holds the first live elements in id
 * order, bounded independently, so a truncated page may hold edges whose endpoints it does not list.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { maxGraphPageElements } from '../../index.js';
import { wireEdge, wireVertex } from '../wire/elements.js';
import { Int32, WireEdge, WireVertex } from '../wire/schemas.js';

const defaultMaxElements = 1000;

// Any int32 is accepted and clamped by the engine: a negative bound is an empty page, not a 400.
const GraphQuery = Type.Object({
  maxElements: Type.Optional(
    Type.Integer({
      ...Int32,
      default: defaultMaxElements,
      description: `Bound of each list, clamped to [0, ${maxGraphPageElements}]`,
    }),
  ),
});

const GraphPage = Type.Object({ vertices: Type.Array(WireVertex), edges: Type.Array(WireEdge) });

export async function graphRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/graph',
    { schema: { tags: ['graph'], querystring: GraphQuery, response: { 200: GraphPage } } },
    async (request) => {
      const page = request.namespace.engine.getGraphPage(request.query.maxElements ?? defaultMaxElements);
      return { vertices: page.vertices.map(wireVertex), edges: page.edges.map(wireEdge) };
    },
  );
}
