/**
 * Bulk interchange over HTTP (docs/bulk.md): `GET /bulk/export` streams the graph as
 * JSONL, `POST /bulk/import` streams a JSONL body into an empty graph. The work is the library's
 * (src/bulk); these handlers connect it to the request and response streams and map its failures to the
 * problems of docs/bulk.md's table.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import {
  BulkExportError,
  BulkImportError,
  bulkMediaType,
  defaultImportBatchSize,
  defaultMaxLineBytes,
  importJsonl,
  openExport,
} from '../../bulk/index.js';
import type { RouteContext } from '../app.js';
import { importBatchProblemOfReason } from '../problems/engine.js';
import { problem, sendProblem, type ProblemError } from '../problems/problem.js';

const tags = ['bulk'];

export interface BulkRouteOptions {
  /** `Svc:BulkIO:ImportBatchSize` */
  importBatchSize: number;
  /** `Svc:BulkIO:MaxLineBytes` */
  maxLineBytes: number;
  /** `Svc:BulkIO:MaxImportRequestBytes`; 0: unlimited */
  maxImportRequestBytes: number;
}

const defaultBulkOptions: BulkRouteOptions = {
  importBatchSize: defaultImportBatchSize,
  maxLineBytes: defaultMaxLineBytes,
  maxImportRequestBytes: 0,
};

const ExportQuery = Type.Object({
  vertexLabel: Type.Optional(Type.String({ description: 'Only vertices with exactly this label' })),
  edgeLabel: Type.Optional(Type.String({ description: 'Only edges with exactly this label' })),
  edgePropertyId: Type.Optional(Type.String({ description: 'Only edges of exactly this edge type' })),
});

const ImportSummary = Type.Object({
  verticesCreated: Type.Integer(),
  edgesCreated: Type.Integer(),
  linesRead: Type.Integer({ description: 'Every line, the meta line and blank lines included' }),
});

const Problem = Type.Object({}, { additionalProperties: true });

async function* noBody(): AsyncGenerator<Uint8Array> {}

/** The headers set on the reply so far (by the hooks: versions, CORS, ...), for a hijacked response. */
function definedHeaders(reply: FastifyReply): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value;
  return headers;
}

function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/** The problem of a failed import (docs/bulk.md, Routes); every one carries the committed counts. */
function importProblem(error: BulkImportError): ProblemError {
  const counts = { verticesCommitted: error.verticesCommitted, edgesCommitted: error.edgesCommitted };
  const line = error.lineNumber === undefined ? {} : { lineNumber: error.lineNumber };
  switch (error.kind) {
    case 'notEmpty':
      return problem('IMPORT_TARGET_NOT_EMPTY', `${error.message}.`, counts);
    case 'invalidLine':
      return problem('IMPORT_LINE_INVALID', error.message, { ...line, ...counts });
    case 'lineTooLong':
      return problem('IMPORT_LINE_TOO_LONG', error.message, { ...line, ...counts });
    case 'tooLarge':
      return problem('IMPORT_BODY_TOO_LARGE', `${error.message}.`, counts);
    case 'batchRolledBack': {
      const code = importBatchProblemOfReason[error.cause?.reason ?? 'fault'];
      return problem(code, `${error.message}.`, { ...line, ...counts });
    }
  }
}

/**
 * After a failure the rest of the body is not read: the answer closes the connection, so the client
 * stops sending instead of the server draining an unbounded body.
 */
function closeAfter(reply: FastifyReply): void {
  reply.header('connection', 'close');
}

export async function bulkRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const bulk = options.bulk ?? defaultBulkOptions;

  // The import body is consumed as a stream by the handler, never buffered by the framework.
  app.addContentTypeParser(bulkMediaType, (_request, payload, done) => done(null, payload));

  app.get(
    '/bulk/export',
    {
      schema: {
        tags,
        description:
          'Streams the graph as JSONL (application/x-ndjson): a meta line with the counts, the vertex lines, ' +
          'then the edge lines, from a consistent cut taken when the request arrives. 422 before any byte ' +
          'when a value cannot be exported.',
        querystring: ExportQuery,
        produces: [bulkMediaType],
        response: { 422: Problem },
      },
    },
    async (request, reply) => {
      const { vertexLabel, edgeLabel, edgePropertyId } = request.query;
      let exported;
      try {
        exported = await openExport(request.namespace.engine, { vertexLabel, edgeLabel, edgePropertyId });
      } catch (error) {
        if (error instanceof BulkExportError) {
          throw problem('EXPORT_VALUE_NOT_EXPORTABLE', error.message, {
            elementId: error.elementId,
            propertyKey: error.propertyKey,
          });
        }
        throw error;
      }
      // The lines go straight to the socket (`writeTo`: chunk buffers reused once written) rather than
      // through a Readable piped by the framework; the headers the hooks set go with them. A client that
      // goes away mid-stream ends the export and releases the cut.
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...definedHeaders(reply),
        'content-type': `${bulkMediaType}; charset=utf-8`,
      });
      try {
        await exported.writeTo(response);
      } catch (error) {
        if (!response.destroyed) response.destroy();
        request.log.info({ err: error }, 'bulk export ended before its last line');
      }
    },
  );

  app.post(
    '/bulk/import',
    {
      schema: {
        tags,
        description:
          'Streams a JSONL body (application/x-ndjson) into the empty graph, in transactions of ' +
          '`Svc:BulkIO:ImportBatchSize` elements. Fail-fast: the first invalid line answers 400 with its ' +
          '`lineNumber`; batches committed before it stay (`verticesCommitted`, `edgesCommitted`).',
        consumes: [bulkMediaType],
        response: { 200: ImportSummary },
      },
      // Before the body is parsed: any other media type is refused without reading it.
      onRequest: async (request, reply) => {
        if (mediaTypeOf(request.headers['content-type']) !== bulkMediaType) {
          closeAfter(reply);
          throw problem(
            'UNSUPPORTED_MEDIA_TYPE',
            `POST /bulk/import takes ${bulkMediaType}, not '${request.headers['content-type'] ?? 'no content type'}'`,
          );
        }
        const declared = Number(request.headers['content-length']);
        if (bulk.maxImportRequestBytes > 0 && declared > bulk.maxImportRequestBytes) {
          closeAfter(reply);
          throw problem(
            'IMPORT_BODY_TOO_LARGE',
            `the body is larger than ${bulk.maxImportRequestBytes} bytes (Svc:BulkIO:MaxImportRequestBytes).`,
            { verticesCommitted: 0, edgesCommitted: 0 },
          );
        }
      },
    },
    async (request, reply) => {
      // The parser above hands over the request stream itself (no schema can type a stream); no body at
      // all (Content-Length: 0) reaches the handler without the parser: an empty file.
      const body: AsyncIterable<Uint8Array> = request.body instanceof Readable ? request.body : noBody();
      try {
        return await importJsonl(request.namespace.engine, body, {
          batchSize: bulk.importBatchSize,
          maxLineBytes: bulk.maxLineBytes,
          maxBytes: bulk.maxImportRequestBytes,
        });
      } catch (error) {
        if (!(error instanceof BulkImportError)) throw error;
        if (!request.raw.readableEnded) closeAfter(reply);
        return sendProblem(reply, importProblem(error));
      }
    },
  );
}
