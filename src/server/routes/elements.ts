/**
 * Graph elements of either kind: read by id, property writes and removals, removal, and the multi-element
 * routes (docs/elements.md). A missing element on a write is a committed no-op (202), waited or not:
 * an expected miss is never an error. Values convert before anything is enqueued, so a bad one is a 400
 * and nothing is written.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { batchReadSliceIds, maxBatchReadIds, type BatchRead, type WriteOperation } from '../../index.js';
import { mapInSlices } from '../wire/batches.js';
import { acceptWrite } from '../writes.js';
import { wireEdge, wireSummary, wireVertex } from '../wire/elements.js';
import { jsonArrayItems, jsonContentType, jsonIdArray } from '../wire/json-stream.js';
import { propertyValueOf } from '../wire/values.js';
import {
  ElementId,
  IdParams,
  Int32,
  PropertySpecification,
  WaitQuery,
  WireEdge,
  WireSummary,
  WireVertex,
} from '../wire/schemas.js';
import { Accepted, NoContent } from '../wire/statuses.js';

const tags = ['elements'];

const PropertyParams = Type.Object({
  id: ElementId,
  propertyId: Type.String({ description: 'Property key' }),
});

const IdArray = Type.Array(Int32, { description: 'Element ids' });

const BatchReadRequest = Type.Array(Int32, {
  maxItems: maxBatchReadIds,
  description: `Element ids, at most ${maxBatchReadIds}`,
});

const BatchReadResponse = Type.Object({
  elements: Type.Array(WireSummary, { description: 'Live elements in request order; a repeated id once' }),
  notFound: Type.Array(Type.Integer(), {
    description: 'Requested ids with no live element, in request order',
  }),
});

/** The two read shapes as the plain records Fastify's serializer cache is keyed and typed by. */
const vertexShape: Record<string, unknown> = { ...WireVertex };
const edgeShape: Record<string, unknown> = { ...WireEdge };

const PropertyWriteItem = Type.Object({
  graphElementId: Int32,
  propertyId: Type.String({ minLength: 1 }),
  propertyValue: Type.Optional(Type.String()),
  fullQualifiedTypeName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  remove: Type.Optional(
    Type.Boolean({ default: false, description: 'Delete the key; value fields are ignored' }),
  ),
});

export async function elementRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/graphelement/:id',
    {
      schema: {
        tags,
        description: 'A vertex or an edge; an edge is told apart by its edgePropertyId.',
        params: IdParams,
        response: { 200: Type.Union([WireVertex, WireEdge]), 204: NoContent },
      },
    },
    async (request, reply) => {
      const element = request.namespace.engine.getElement(request.params.id);
      if (element === undefined) return reply.code(204).send();
      // The union documents both shapes, but serializing through it validates every answer against the
      // branches to pick one; the kind is already known, so each uses its own compiled (cached) serializer.
      const isVertex = element.kind === 'vertex';
      return reply
        .type(jsonContentType)
        .serializer(reply.compileSerializationSchema(isVertex ? vertexShape : edgeShape))
        .send(isVertex ? wireVertex(element) : wireEdge(element));
    },
  );

  app.put(
    '/graphelement/:id/:propertyId',
    {
      schema: {
        tags,
        description:
          'Adds or replaces one property. The key comes from the path; a body propertyId is ignored.',
        params: PropertyParams,
        querystring: WaitQuery,
        body: PropertySpecification,
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      const { id, propertyId } = request.params;
      const value = propertyValueOf(request.body, `property '${propertyId}'`);
      const pending = request.namespace.engine.submit([{ kind: 'setProperty', id, key: propertyId, value }]);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );

  app.delete(
    '/graphelement/:id/:propertyId',
    { schema: { tags, params: PropertyParams, querystring: WaitQuery, response: { 202: Accepted } } },
    async (request, reply) => {
      const { id, propertyId } = request.params;
      const pending = request.namespace.engine.submit([{ kind: 'removeProperty', id, key: propertyId }]);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );

  app.delete(
    '/graphelement/:id',
    {
      schema: {
        tags,
        description: 'Removing a vertex removes its edges too.',
        params: IdParams,
        querystring: WaitQuery,
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      const pending = request.namespace.engine.submit([{ kind: 'removeElement', id: request.params.id }]);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );

  app.post(
    '/graphelements/get',
    {
      schema: {
        tags,
        description: 'Batch read: summaries without adjacency or endpoints.',
        body: BatchReadRequest,
        response: { 200: BatchReadResponse },
      },
    },
    async (request, reply) => {
      const { engine } = request.namespace;
      if (request.body.length <= batchReadSliceIds) {
        const { elements, notFound } = engine.getElements(request.body);
        return { elements: elements.map(wireSummary), notFound };
      }
      // Read in slices, then rendered in slices as a stream (docs/http.md, "Large requests and answers").
      const read = await engine.getElementsSliced(request.body);
      const body = Readable.from(renderBatchRead(read)) as unknown as Static<typeof BatchReadResponse>;
      return reply.type(jsonContentType).send(body);
    },
  );

  app.put(
    '/graphelements/properties',
    {
      schema: {
        tags,
        description: 'Property writes and removals on several elements, all or none; later writes win.',
        querystring: WaitQuery,
        body: Type.Array(PropertyWriteItem),
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      const operations = await mapInSlices(request.body, (write, index): WriteOperation => {
        const { graphElementId: id, propertyId: key } = write;
        if (write.remove === true) return { kind: 'removeProperty', id, key };
        const value = propertyValueOf(write, `writes[${index}] property '${key}' of element ${id}`);
        return { kind: 'setProperty', id, key, value };
      });
      const pending = request.namespace.engine.submit(operations);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );

  app.delete(
    '/graphelements',
    {
      schema: {
        tags,
        description: 'Removes the listed elements in one transaction; missing ids are no-ops.',
        querystring: WaitQuery,
        body: IdArray,
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      const operations = await mapInSlices(request.body, (id): WriteOperation => ({
        kind: 'removeElement',
        id,
      }));
      const pending = request.namespace.engine.submit(operations);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );
}

async function* renderBatchRead({ elements, notFound }: BatchRead): AsyncGenerator<string> {
  yield '{"elements":[';
  yield* jsonArrayItems(elements, wireSummary);
  yield '],"notFound":';
  yield* jsonIdArray(notFound);
  yield '}';
}
