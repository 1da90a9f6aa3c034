/**
 * Full-graph property scans (docs/elements.md): linear walks over every element, no index. Comparison is
 * typed: an element whose stored value has another type than the literal matches under no operator.
 * Results are ascending ids. The walk runs in slices that yield the event loop, and a long result is
 * streamed (docs/http.md, "Large requests and answers").
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { literalValueOf } from '../wire/values.js';
import { resultTypeOf } from '../wire/result-type.js';
import { IdList, LiteralSpecification, ResultTypeSchema, ScanOperatorSchema } from '../wire/schemas.js';
import { idsPerChunk, jsonContentType, streamedIds } from '../wire/json-stream.js';

const tags = ['scans'];

const Label = Type.Optional(
  Type.Union([Type.String(), Type.Null()], { description: 'Exact, case-sensitive label restrictor' }),
);

const PropertyScanParams = Type.Object({ propertyId: Type.String({ description: 'Property key' }) });

const PropertyScanRequest = Type.Object({
  // The ancestor binds an absent operator as its enum default, Equals.
  operator: Type.Optional(ScanOperatorSchema),
  literal: LiteralSpecification,
  label: Label,
  resultType: Type.Optional({ ...ResultTypeSchema, description: 'Default Vertices' }),
});

const TextScanRequest = Type.Object({
  searchTerm: Type.String({ description: 'Matched case-insensitively against property texts; not blank' }),
  label: Label,
  resultType: Type.Optional({ ...ResultTypeSchema, description: 'Default Both' }),
});

const Hits = { ...IdList, description: 'Matching element ids, ascending' };

export async function scanRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/scan/graph/property/:propertyId',
    { schema: { tags, params: PropertyScanParams, body: PropertyScanRequest, response: { 200: Hits } } },
    async (request, reply) => {
      const { operator = 0, literal, label, resultType } = request.body;
      const hits = await request.namespace.engine.scanPropertySliced(
        request.params.propertyId,
        operator,
        literalValueOf(literal),
        { resultType: resultTypeOf(resultType, 'Vertices'), label: label ?? undefined },
      );
      return hits.length <= idsPerChunk ? hits : reply.type(jsonContentType).send(streamedIds(hits));
    },
  );

  app.post(
    '/scan/graph/properties',
    {
      schema: {
        tags,
        description:
          'Elements any of whose property values, as text, contains searchTerm (case-insensitive).',
        body: TextScanRequest,
        response: { 200: Hits },
      },
    },
    async (request, reply) => {
      const { searchTerm, label, resultType } = request.body;
      const hits = await request.namespace.engine.scanAllPropertiesSliced(searchTerm, {
        resultType: resultTypeOf(resultType, 'Both'),
        label: label ?? undefined,
      });
      return hits.length <= idsPerChunk ? hits : reply.type(jsonContentType).send(streamedIds(hits));
    },
  );
}
