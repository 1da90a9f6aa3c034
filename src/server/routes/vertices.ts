/**
 * Vertices: creation (single and batch), reads by id, the count, and the traversal reads of one vertex's
 * adjacency (docs/elements.md). A vertex-scoped read with nothing to return is 204, whether the vertex
 * is missing or has nothing in that direction or group (docs/http.md); only the degree routes treat a
 * missing vertex as a 404 problem, because a count of a missing thing is not 0 (a live vertex's empty
 * group has degree 0).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CreateBatch } from '../../index.js';
import { problem, type ProblemError } from '../problems/problem.js';
import { forEachInSlices } from '../wire/batches.js';
import { acceptWrite, settleWrite } from '../writes.js';
import { vertexInputOf } from '../wire/creates.js';
import { wireVertex } from '../wire/elements.js';
import { ElementId, IdList, IdParams, VertexCreate, WaitQuery, WireVertex } from '../wire/schemas.js';
import { Accepted, NoContent } from '../wire/statuses.js';

const tags = ['vertices'];
const directions = ['out', 'in'] as const;

const GroupParams = Type.Object({ id: ElementId, edgePropertyId: Type.String({ description: 'Edge type' }) });
const EdgeTypes = Type.Array(Type.String(), { description: 'Edge types present in that direction' });
const Degree = Type.Integer({ minimum: 0 });
const Count = Type.Integer({ minimum: 0, description: 'Live vertices' });

function vertexMissing(id: number): ProblemError {
  return problem('VERTEX_NOT_FOUND', `The vertex ${id} does not exist.`);
}

export async function vertexRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.put(
    '/vertex',
    { schema: { tags, querystring: WaitQuery, body: VertexCreate, response: { 202: Accepted } } },
    async (request, reply) => {
      const input = vertexInputOf(request.body, 'vertex');
      const pending = request.namespace.engine.submit([{ kind: 'createVertex', input }]);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );

  app.put(
    '/vertices',
    {
      schema: {
        tags,
        description: 'One atomic transaction. Waited: 200 with the new ids in input order; otherwise 202.',
        querystring: WaitQuery,
        body: Type.Array(VertexCreate),
        response: { 200: IdList, 202: Accepted },
      },
    },
    async (request, reply) => {
      // Every item converts before anything is enqueued: one bad property fails the whole batch. The items
      // go into columns (a CreateBatch, as bulk import's), not an operation object per vertex: a large
      // batch's objects would live until its log sync, be promoted and bring on a major collection.
      const batch = new CreateBatch();
      await forEachInSlices(request.body, (body, index) => {
        const input = vertexInputOf(body, `vertices[${index}]`);
        batch.addVertex(input.creationDate, input.label, input.properties);
      });
      const result = await settleWrite(
        request,
        request.namespace.engine.submitCreates(batch),
        request.query.waitForCompletion,
      );
      return result === undefined ? reply.code(202).send() : reply.code(200).send(result.createdIds);
    },
  );

  app.get('/vertex/count', { schema: { tags, response: { 200: Count } } }, async (request) => {
    return request.namespace.engine.vertexCount;
  });

  app.get(
    '/vertex/:id',
    { schema: { tags, params: IdParams, response: { 200: WireVertex, 204: NoContent } } },
    async (request, reply) => {
      const vertex = request.namespace.engine.getVertex(request.params.id);
      return vertex === undefined ? reply.code(204).send() : wireVertex(vertex);
    },
  );

  for (const direction of directions) {
    app.get(
      `/vertex/:id/edges/${direction}`,
      { schema: { tags, params: IdParams, response: { 200: EdgeTypes, 204: NoContent } } },
      async (request, reply) => {
        const types = request.namespace.engine.edgeTypes(request.params.id, direction);
        return types === undefined || types.length === 0 ? reply.code(204).send() : types;
      },
    );

    app.get(
      `/vertex/:id/edges/${direction}/:edgePropertyId`,
      { schema: { tags, params: GroupParams, response: { 200: IdList, 204: NoContent } } },
      async (request, reply) => {
        const { id, edgePropertyId } = request.params;
        const ids = request.namespace.engine.edgeIds(id, direction, edgePropertyId);
        return ids === undefined || ids.length === 0 ? reply.code(204).send() : ids;
      },
    );

    app.get(
      `/vertex/:id/edges/${direction}degree`,
      { schema: { tags, params: IdParams, response: { 200: Degree } } },
      async (request) => {
        const degree = request.namespace.engine.degree(request.params.id, direction);
        if (degree === undefined) throw vertexMissing(request.params.id);
        return degree;
      },
    );

    app.get(
      `/vertex/:id/edges/${direction}/:edgePropertyId/degree`,
      {
        schema: {
          tags,
          description: '0 when the live vertex has no group of that type.',
          params: GroupParams,
          response: { 200: Degree },
        },
      },
      async (request) => {
        const { id, edgePropertyId } = request.params;
        const degree = request.namespace.engine.degree(id, direction, edgePropertyId);
        if (degree === undefined) throw vertexMissing(id);
        return degree;
      },
    );
  }
}
