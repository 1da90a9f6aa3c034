/**
 * GET /status: the namespace's inventory and the deployment's capability blocks. Never walks the graph.
 * A capability this build does not have reports an empty list or a block with its capability off
 * (docs/http.md, Probes and status). `durability` is the namespace's write-ahead log (docs/durability.md);
 * a server built without durability reports the no-log posture.
 */
import type { FastifyInstance } from 'fastify';
import { subgraphAlgorithms } from '../../subgraphs/index.js';
import { pathAlgorithms } from '../../paths/index.js';
import { analyticsAlgorithms } from '../../analytics/index.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DurabilityBlock } from '../../index.js';
import type { RouteContext } from '../app.js';
import '../conventions/route-config.js';
import { IndexRecord } from '../wire/indexes.js';

const StringList = Type.Union([Type.Array(Type.String()), Type.Null()]);
const Block = Type.Record(Type.String(), Type.Unknown());

const StatusResponse = Type.Object({
  usedMemory: Type.Integer({ description: 'Resident set size of the process, bytes' }),
  namespaceState: Type.String(),
  vertexCount: Type.Union([Type.Integer(), Type.Null()]),
  edgeCount: Type.Union([Type.Integer(), Type.Null()]),
  indices: Type.Union([Type.Array(IndexRecord), Type.Null()]),
  availableIndexPlugins: StringList,
  availablePathPlugins: StringList,
  availableSubGraphPlugins: StringList,
  availableAnalyticsPlugins: StringList,
  availableServicePlugins: StringList,
  apiKeyRequired: Type.Boolean(),
  authenticated: Type.Boolean(),
  embedding: Block,
  chat: Block,
  ingestion: Block,
  nlp: Block,
  // The log's block as the engine reports it (its members are listed in docs/durability.md).
  durability: Type.Union([Type.Unsafe<DurabilityBlock>(Block), Type.Null()]),
});

/**
 * Capability blocks as a disabled deployment reports them: every field present, so clients parse one
 * shape whatever the deployment (docs/http.md, Probes and status).
 */
const disabledEmbeddingBlock = {
  enabled: false,
  backend: 'Onnx',
  modelName: null,
  modelVersion: '',
  dimension: 0,
  intendedMetric: 'Cosine',
  loaded: false,
  resident: null,
  gpu: null,
};
const disabledChatBlock = {
  enabled: false,
  backend: 'Ollama',
  model: null,
  loaded: false,
  resident: null,
  gpu: null,
};
const disabledIngestionBlock = {
  enabled: false,
  textFormats: ['txt', 'md'],
  binaryFormats: ['pdf', 'docx', 'xlsx', 'pptx', 'html'],
  docling: { configured: false, reachable: false },
  limits: {
    maxUploadBytes: 33_554_432,
    maxPages: 500,
    maxChunksPerDocument: 2000,
    maxChunksPerNamespace: 100_000,
    maxLinksPerChunk: 16,
  },
  embeddingName: 'default',
  vectorIndexId: null,
  fulltextIndexId: null,
};

/** `walEnabled` false with `degraded` false: the volatile, no-log posture (not a fault). */
const noLogBlock = {
  walEnabled: false,
  degraded: false,
  recoveryRan: false,
  lastRecoveryTruncated: false,
  lastRecoveryReplayedEntries: 0,
  lastCheckpointDroppedIndices: 0,
};

export async function statusRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const apiKeyRequired = options.apiKey !== null && options.apiKey !== '';
  app.get(
    '/status',
    { schema: { tags: ['status'], response: { 200: StatusResponse } }, config: { anonymous: true } },
    async (request) => {
      const { engine } = request.namespace;
      return {
        usedMemory: process.memoryUsage.rss(),
        namespaceState: 'ready',
        vertexCount: engine.vertexCount,
        edgeCount: engine.edgeCount,
        indices: engine.indexes.list(),
        availableIndexPlugins: engine.indexes.pluginTypes,
        availablePathPlugins: [...pathAlgorithms],
        availableSubGraphPlugins: subgraphAlgorithms(),
        availableAnalyticsPlugins: [...analyticsAlgorithms],
        availableServicePlugins: [],
        apiKeyRequired,
        authenticated: request.authenticated,
        embedding: disabledEmbeddingBlock,
        chat: disabledChatBlock,
        ingestion: disabledIngestionBlock,
        nlp: { enabled: false, configured: false, reachable: false },
        durability:
          options.durability === undefined ? noLogBlock : options.durability.status(request.namespace),
      };
    },
  );
}
