/**
 * GET /graph: a bounded page of the graph (docs/elements.md). Each list holds the first live elements in id
 * order, bounded independently, so a truncated page may hold edges whose endpoints it does not list.
 *
 * The page's ids are chosen at once; the elements are then rendered in slices that yield the event loop
 * (a full page is 200,000 elements). Elements are read as their slice renders: one removed meanwhile is
 * left out, and one changed meanwhile shows its new state. Once a clear, trim or load has changed what
 * the ids mean, the rest of the page is left out.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { wireEdge, wireVertex } from '../wire/elements.js';
import { jsonArrayItems } from '../wire/json-stream.js';
import { maxGraphPageElements, type Engine } from '../../index.js';
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
    async (request, reply) => {
      const { engine } = request.namespace;
      const ids = engine.getGraphPageIds(request.query.maxElements ?? defaultMaxElements);
      const generation = engine.idSpaceGeneration;
      // A stream bypasses the response serializer; the schema still documents the shape it renders.
      const body = Readable.from(renderPage(engine, ids, generation)) as unknown as Static<typeof GraphPage>;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}

async function* renderPage(
  engine: Engine,
  ids: { vertices: number[]; edges: number[] },
  generation: number,
): AsyncGenerator<string> {
  yield '{"vertices":[';
  yield* jsonArrayItems(ids.vertices, (id) => {
    const vertex = engine.idSpaceGeneration === generation ? engine.getVertex(id) : undefined;
    return vertex && wireVertex(vertex);
  });
  yield '],"edges":[';
  yield* jsonArrayItems(ids.edges, (id) => {
    const edge = engine.idSpaceGeneration === generation ? engine.getEdge(id) : undefined;
    return edge && wireEdge(edge);
  });
  yield ']}';
}
