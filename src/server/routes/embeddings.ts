/**
 * Element embeddings (docs/vectors.md, Element embeddings):
 *
 *   PUT    /graphelement/{id}/embedding/{name}   body `{ vector }`: adds or replaces; 202
 *   GET    /graphelement/{id}/embedding/{name}   200 `{ name, vector, model }` (model null for caller vectors)
 *   DELETE /graphelement/{id}/embedding/{name}   202; removing an absent embedding is a committed no-op
 *
 * 400 for a bad name, an empty, oversized (over 4096) or non-finite vector, or one a vector index bound to
 * the name would refuse (its dimension, zero norm under Cosine); 404 for a missing element, and on GET
 * also for a missing embedding. Writes are transactions: `waitForCompletion=true` answers after commit.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readEmbedding, removeEmbedding, writeEmbedding } from '../../index.js';
import { acceptWrite } from '../writes.js';
import { ElementId, WaitQuery } from '../wire/schemas.js';
import { Accepted } from '../wire/statuses.js';
import { wireVector } from '../wire/vectors.js';

const tags = ['embeddings'];

const EmbeddingParams = Type.Object({
  id: ElementId,
  name: Type.String({ description: 'Embedding name: 1 to 64 of A-Z, a-z, 0-9, _ and -' }),
});

const EmbeddingWrite = Type.Object({
  vector: Type.Array(Type.Number(), {
    description: '1 to 4096 finite components (float32 after rounding)',
  }),
});

const EmbeddingRead = Type.Object({
  name: Type.String(),
  vector: Type.Array(Type.Number()),
  model: Type.Union([Type.String(), Type.Null()], {
    description: 'The provider stamp; null for a caller-supplied vector',
  }),
});

export async function embeddingRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.put(
    '/graphelement/:id/embedding/:name',
    {
      schema: {
        tags,
        description: 'Adds or replaces the element embedding of that name (one vector per element and name).',
        params: EmbeddingParams,
        querystring: WaitQuery,
        body: EmbeddingWrite,
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const pending = writeEmbedding(request.namespace.engine, id, name, request.body.vector);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );

  app.get(
    '/graphelement/:id/embedding/:name',
    { schema: { tags, params: EmbeddingParams, response: { 200: EmbeddingRead } } },
    async (request) => {
      const { id, name } = request.params;
      const { vector, model } = readEmbedding(request.namespace.engine, id, name);
      return { name, vector: wireVector(vector), model };
    },
  );

  app.delete(
    '/graphelement/:id/embedding/:name',
    {
      schema: {
        tags,
        description: 'Removes the element embedding of that name; an absent one is a committed no-op.',
        params: EmbeddingParams,
        querystring: WaitQuery,
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const pending = removeEmbedding(request.namespace.engine, id, name);
      return acceptWrite(request, reply, pending, request.query.waitForCompletion);
    },
  );
}
