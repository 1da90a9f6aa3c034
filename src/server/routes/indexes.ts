/**
 * Index management and index scans (docs/indexes.md, Routes and Scans).
 *
 * The management routes answer a bare `true` or `false` with 200: `false` means it did not happen
 * (unknown index, element, type or key) and is never an HTTP error. Only malformed input is a 400: an
 * unknown type name or unconvertible value in a key or option (typed-value rule), a body that does not
 * match its schema. The scans follow the table of docs/indexes.md, Scans: an unknown index is 400 on `/all` and
 * `/range`, 204 on `/fulltext` and `/spatial`; a miss is `[]` or 204 the same way. Key scans run in
 * slices that give the event loop back (`indexScanSliceKeys` keys each).
 *
 * The vector routes (`PUT /index/vector/{id}`, `POST /scan/index/vector`) belong to the vector index;
 * `POST /index` reaches every registered index type, the vector one included, through the registry.
 *
 * Every management route but backfill is a transaction of the namespace's writer (`Engine.createIndex`,
 * `dropIndex`, `addToIndex`, `removeFromIndex`, `removeIndexKey`): it answers after the commit, which the
 * write-ahead log makes durable, so an acknowledged definition or index write survives a crash
 * (docs/indexes.md, Persistence; the ancestor logs neither). A refusal (`false`) commits and logs nothing.
 * A commit the log could not make durable is a 500 problem, as for a waited write.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { TypedValue } from '../../index.js';
import { literalValueOf, propertyValueOf } from '../wire/values.js';
import { resultTypeOf } from '../wire/result-type.js';
import {
  BooleanResult,
  ElementId,
  IdList,
  LiteralSpecification,
  PropertySpecification,
  ResultTypeSchema,
  ScanOperatorSchema,
} from '../wire/schemas.js';
import { NoContent } from '../wire/statuses.js';
import {
  idsPerChunk,
  jsonArrayItems,
  jsonContentType,
  minStreamedRecords,
  streamedIds,
} from '../wire/json-stream.js';
import { problem, type ProblemError } from '../problems/problem.js';

const tags = ['indexes'];

const IndexParams = Type.Object({ indexId: Type.String({ description: 'The index uniqueId' }) });
const BackfillParams = Type.Object({ id: Type.String({ description: 'The index uniqueId' }) });
const MemberParams = Type.Object({
  indexId: Type.String({ description: 'The index uniqueId' }),
  graphElementId: ElementId,
});

const PluginSpecification = Type.Object({
  uniqueId: Type.String({ description: 'The new index id' }),
  pluginType: Type.String({
    description: 'DictionaryIndex, RangeIndex, RegExIndex, VectorIndex (exact, case-sensitive)',
  }),
  pluginOptions: Type.Optional(
    Type.Union([Type.Record(Type.String(), PropertySpecification), Type.Null()], {
      description: 'Option name to typed value; ignored by the dictionary, range and regex types',
    }),
  ),
});

const IndexAdd = Type.Object({
  graphElementId: ElementId,
  key: { ...PropertySpecification, description: 'The key; propertyId is ignored' },
});

const BackfillRequest = Type.Union(
  [
    Type.Object({
      propertyId: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Required' })),
      replace: Type.Optional(Type.Boolean({ default: false, description: 'Empty the index first' })),
      prefix: Type.Optional(Type.Boolean({ default: false, description: 'propertyId is a key prefix' })),
      label: Type.Optional(
        Type.Union([Type.String(), Type.Null()], { description: 'Only this exact label' }),
      ),
    }),
    Type.Null(),
  ],
  { description: 'Absent: rebuild a derived index (a vector index bound to an embedding)' },
);

const BackfillOutcome = Type.Object({
  indexId: Type.String(),
  propertyId: Type.Union([Type.String(), Type.Null()]),
  replaced: Type.Boolean(),
  scannedElements: Type.Integer(),
  indexedElements: Type.Integer(),
  skippedUnindexableValues: Type.Integer(),
});

const Label = Type.Optional(
  Type.Union([Type.String(), Type.Null()], { description: 'Exact, case-sensitive label restrictor' }),
);

const AllScanRequest = Type.Object({
  indexId: Type.String(),
  operator: Type.Optional(ScanOperatorSchema),
  literal: LiteralSpecification,
  resultType: Type.Optional({ ...ResultTypeSchema, description: 'Default Vertices' }),
  label: Label,
});

const RangeScanRequest = Type.Object({
  indexId: Type.String(),
  leftLimit: Type.Union([Type.String(), Type.Null()]),
  rightLimit: Type.Union([Type.String(), Type.Null()]),
  fullQualifiedTypeName: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'Type of both limits; absent or null: String' }),
  ),
  includeLeft: Type.Optional(Type.Boolean({ default: false })),
  includeRight: Type.Optional(Type.Boolean({ default: false })),
  resultType: Type.Optional({ ...ResultTypeSchema, description: 'Default Vertices' }),
});

const FulltextScanRequest = Type.Object({
  indexId: Type.String(),
  requestString: Type.String({ description: 'A regular expression, matched case-insensitively; not blank' }),
});

const FulltextResult = Type.Object({
  maximumScore: Type.Number({ description: 'The highest element score in this result' }),
  elements: Type.Array(
    Type.Object({
      graphElementId: Type.Integer(),
      highlights: Type.Array(Type.String(), { description: 'Whole words containing a match, each once' }),
      score: Type.Number({ description: "Matches in the element's keys" }),
    }),
  ),
});

const SpatialScanRequest = Type.Object({
  indexId: Type.String(),
  graphElementId: ElementId,
  distance: Type.Number({
    description: "Growth of the reference element's box on every axis (not a radius)",
  }),
});

const Hits = { ...IdList, description: 'Matching element ids, ascending, each once' };

function optionsOf(
  specs: Record<string, { propertyValue?: string }> | null | undefined,
): Map<string, TypedValue> {
  const options = new Map<string, TypedValue>();
  for (const [name, spec] of Object.entries(specs ?? {})) {
    if (spec === null || typeof spec !== 'object') {
      throw problem('INDEX_OPTION_INVALID', `pluginOptions.${name} is null`);
    }
    options.set(name, propertyValueOf(spec, `pluginOptions.${name}`));
  }
  return options;
}

function unknownIndex(indexId: string): ProblemError {
  return problem('INDEX_NOT_DEFINED', `The index '${indexId}' does not exist.`);
}

export async function indexRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  // ---- management: bare true or false ----

  app.post(
    '/index',
    {
      schema: {
        tags,
        description:
          'Creates an empty index. false: unknown type, taken id, invalid options, or a type not creatable here (SpatialIndex).',
        body: PluginSpecification,
        response: { 200: BooleanResult },
      },
    },
    async (request) => {
      const { uniqueId, pluginType, pluginOptions } = request.body;
      const options = optionsOf(pluginOptions);
      return request.namespace.engine.createIndex(uniqueId, pluginType, options, { overInterface: true });
    },
  );

  app.put(
    '/index/:indexId',
    {
      schema: {
        tags,
        description:
          'Indexes an element under a key. false: unknown index or element, or an index bound to an embedding.',
        params: IndexParams,
        body: IndexAdd,
        response: { 200: BooleanResult },
      },
    },
    async (request) => {
      const { graphElementId, key } = request.body;
      const value = propertyValueOf(key, 'key');
      return request.namespace.engine.addToIndex(request.params.indexId, graphElementId, value);
    },
  );

  app.delete(
    '/index/:indexId/propertyValue',
    {
      schema: {
        tags,
        description: 'Removes a key and its memberships. true when the key was there.',
        params: IndexParams,
        body: PropertySpecification,
        response: { 200: BooleanResult },
      },
    },
    async (request) => {
      const value = propertyValueOf(request.body, 'key');
      return request.namespace.engine.removeIndexKey(request.params.indexId, value);
    },
  );

  app.delete(
    '/index/:indexId/:graphElementId',
    {
      schema: {
        tags,
        description: 'Removes every membership of an element. true when index and element exist.',
        params: MemberParams,
        response: { 200: BooleanResult },
      },
    },
    async (request) =>
      request.namespace.engine.removeFromIndex(request.params.indexId, request.params.graphElementId),
  );

  app.delete(
    '/index/:indexId',
    {
      schema: {
        tags,
        description: 'Deletes an index. true when it existed.',
        params: IndexParams,
        response: { 200: BooleanResult },
      },
    },
    async (request) => request.namespace.engine.dropIndex(request.params.indexId),
  );

  app.post(
    '/index/backfill/:id',
    {
      schema: {
        tags,
        description:
          'Fills an index from element state: with a body, the values of propertyId; without one, rebuilds a derived (bound vector) index.',
        params: BackfillParams,
        body: Type.Optional(BackfillRequest),
        response: { 200: BackfillOutcome },
      },
    },
    async (request) => {
      const body = request.body ?? undefined;
      const { indexes } = request.namespace.engine;
      if (body === undefined || body === null) return indexes.backfill(request.params.id);
      const { propertyId, replace, prefix, label } = body;
      if (propertyId === undefined || propertyId === null || propertyId === '') {
        throw problem('INDEX_OPTION_INVALID', 'propertyId is required');
      }
      return indexes.backfill(request.params.id, { propertyId, replace, prefix, label });
    },
  );

  // ---- scans ----

  app.post(
    '/scan/index/all',
    {
      schema: {
        tags,
        description:
          'Elements under keys satisfying the comparison. O(log n + k) ordered operators on a RangeIndex, a linear key scan elsewhere.',
        body: AllScanRequest,
        response: { 200: Hits },
      },
    },
    async (request, reply) => {
      const { indexId, operator = 0, literal, resultType, label } = request.body;
      const hits = await request.namespace.engine.indexes.scanSliced(
        indexId,
        operator,
        literalValueOf(literal),
        { resultType: resultTypeOf(resultType, 'Vertices'), label: label ?? undefined },
      );
      if (hits === undefined) throw unknownIndex(indexId);
      return hits.length <= idsPerChunk ? hits : reply.type(jsonContentType).send(streamedIds(hits));
    },
  );

  app.post(
    '/scan/index/range',
    {
      schema: {
        tags,
        description: 'Elements under keys between two limits on a RangeIndex; [] on other index types.',
        body: RangeScanRequest,
        response: { 200: Hits },
      },
    },
    async (request, reply) => {
      const { indexId, leftLimit, rightLimit, fullQualifiedTypeName, includeLeft, includeRight, resultType } =
        request.body;
      const left = literalValueOf({ value: leftLimit, fullQualifiedTypeName }, 'leftLimit');
      const right = literalValueOf({ value: rightLimit, fullQualifiedTypeName }, 'rightLimit');
      const hits = await request.namespace.engine.indexes.rangeSliced(
        indexId,
        left,
        right,
        includeLeft ?? false,
        includeRight ?? false,
        { resultType: resultTypeOf(resultType, 'Vertices') },
      );
      if (hits === undefined) throw unknownIndex(indexId);
      return hits.length <= idsPerChunk ? hits : reply.type(jsonContentType).send(streamedIds(hits));
    },
  );

  app.post(
    '/scan/index/fulltext',
    {
      schema: {
        tags,
        description:
          'A case-insensitive regular expression over the keys of a RegExIndex: elements with highlights and a score. 204 for no hits, an unknown index or one of another type.',
        body: FulltextScanRequest,
        response: { 200: FulltextResult, 204: NoContent },
      },
    },
    async (request, reply) => {
      const { indexId, requestString } = request.body;
      const result = await request.namespace.engine.indexes.fulltextSliced(indexId, requestString);
      if (result === undefined || result.elements.length === 0) return reply.code(204).send();
      if (result.elements.length < minStreamedRecords) return result;
      const body = Readable.from(renderFulltext(result)) as unknown as Static<typeof FulltextResult>;
      return reply.type(jsonContentType).send(body);
    },
  );

  app.post(
    '/scan/index/spatial',
    {
      schema: {
        tags,
        description:
          "Elements whose geometry overlaps the reference element's box grown by distance on every axis, the reference included. 204 for no hits, an unknown index, one of another type, or a reference not in the index.",
        body: SpatialScanRequest,
        response: { 200: Hits, 204: NoContent },
      },
    },
    async (request, reply) => {
      const { indexId, graphElementId, distance } = request.body;
      const hits = request.namespace.engine.indexes.spatial(indexId, graphElementId, distance);
      if (hits === undefined || hits.length === 0) return reply.code(204).send();
      return hits;
    },
  );
}

/** A long fulltext answer as a stream: the same text as the serializer writes for it. */
async function* renderFulltext(result: Static<typeof FulltextResult>): AsyncGenerator<string> {
  yield `{"maximumScore":${JSON.stringify(result.maximumScore)},"elements":[`;
  yield* jsonArrayItems(result.elements, (hit) => hit);
  yield ']}';
}
