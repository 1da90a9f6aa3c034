/**
 * Edges: creation (single and batch), reads by id, the count, and the endpoint reads (docs/elements.md).
 * Whether an endpoint exists is only known when the writer applies the edge, so a missing endpoint is a
 * rollback (404 when waited) rather than a check here; a batch rolls back whole.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CreateBatch } from '../../index.js';
import { forEachInSlices } from '../wire/batches.js';
import { acceptWrite, settleWrite } from '../writes.js';
import { edgeInputOf } from '../wire/creates.js';
import { wireEdge } from '../wire/elements.js';
import { EdgeCreate, IdList, IdParams, WaitQuery, WireEdge } from '../wire/schemas.js';
import { Accepted, NoContent } from '../wire/statuses.js';

const tags = ['edges'];

const Count = Type.Integer({ minimum: 0, description: 'Live edges' });
const VertexId = Type.Integer({ description: 'Vertex id' });

export async function edgeRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.put(
    '/edge',
    {
      schema: {
        tags,
        description: 'Waited: 404 when an endpoint vertex is missing, and nothing is created.',
        querystring: WaitQuery,
        body: EdgeCreate,
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      const input = edgeInputOf(request.body, 'edge');
      const pending = request.namespace.engine.submit([{ kind: 'createEdge', input }]);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );

  app.put(
    '/edges',
    {
      schema: {
        tags,
        description:
          'One atomic transaction: one missing endpoint rolls back every edge (404 when waited). ' +
          'Waited: 200 with the new ids in input order; otherwise 202.',
        querystring: WaitQuery,
        body: Type.Array(EdgeCreate),
        response: { 200: IdList, 202: Accepted },
      },
    },
    async (request, reply) => {
      // Columns, as for PUT /vertices (vertices.ts): no operation object per edge lives until the log sync.
      const batch = new CreateBatch();
      await forEachInSlices(request.body, (body, index) => {
        const input = edgeInputOf(body, `edges[${index}]`);
        batch.addEdge(
          input.sourceVertex,
          input.targetVertex,
          input.edgePropertyId,
          input.creationDate,
          input.label,
          input.properties,
        );
      });
      const result = await settleWrite(
        request,
        request.namespace.engine.submitCreates(batch),
        request.query.waitForCompletion,
      );
      return result === undefined ? reply.code(202).send() : reply.code(200).send(result.createdIds);
    },
  );

  app.get('/edge/count', { schema: { tags, response: { 200: Count } } }, async (request) => {
    return request.namespace.engine.edgeCount;
  });

  app.get(
    '/edge/:id',
    { schema: { tags, params: IdParams, response: { 200: WireEdge, 204: NoContent } } },
    async (request, reply) => {
      const edge = request.namespace.engine.getEdge(request.params.id);
      return edge === undefined ? reply.code(204).send() : wireEdge(edge);
    },
  );

  // Spec wins over the ancestor's 404 here: only the degree routes answer a miss with a problem.
  app.get(
    '/edge/:id/source',
    { schema: { tags, params: IdParams, response: { 200: VertexId, 204: NoContent } } },
    async (request, reply) => {
      const source = request.namespace.engine.edgeSource(request.params.id);
      return source === undefined ? reply.code(204).send() : source;
    },
  );

  app.get(
    '/edge/:id/target',
    { schema: { tags, params: IdParams, response: { 200: VertexId, 204: NoContent } } },
    async (request, reply) => {
      const target = request.namespace.engine.edgeTarget(request.params.id);
      return target === undefined ? reply.code(204).send() : target;
    },
  );
}
