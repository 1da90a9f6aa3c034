/**
 * Builds the HTTP service over a namespace catalog: cross-cutting conventions as hooks, then one plugin
 * per route area. The server is a thin layer over the library API in src/index.ts.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Namespace, Namespaces, DurabilityBlock, SaveGames } from '../index.js';
import { frameworkErrorHandler, registerErrorHandling } from './conventions/errors.js';
import { registerVersioning } from './conventions/versioning.js';
import { clientErrorHandler } from './conventions/client-errors.js';
import { registerApiKey } from './conventions/api-key.js';
import { registerRateLimit } from './conventions/rate-limit.js';
import { maxHeaderBytes, maxPathParameterChars } from './http-limits.js';
import { validatorCompiler } from './conventions/validation.js';
import { registerStartupGate } from './conventions/startup-gate.js';
import { registerOpenApi, exposeOpenApiDocument } from './openapi.js';
import { registerScoped } from './scoped.js';
import { slicedJsonParser } from './conventions/json-body.js';
import { healthRoutes } from './routes/health.js';
import { statusRoutes } from './routes/status.js';
import { namespaceRoutes } from './routes/namespaces.js';
import { vertexRoutes } from './routes/vertices.js';
import { edgeRoutes } from './routes/edges.js';
import { elementRoutes } from './routes/elements.js';
import { graphRoutes } from './routes/graph.js';
import { bulkRoutes, type BulkRouteOptions } from './routes/bulk.js';
import { scanRoutes } from './routes/scans.js';
import { indexRoutes } from './routes/indexes.js';
import { vectorRoutes } from './routes/vectors.js';
import { embeddingRoutes } from './routes/embeddings.js';
import { maintenanceRoutes, deploymentMaintenanceRoutes } from './routes/maintenance.js';
import { delegateRoutes } from './routes/delegates.js';
import { saveGameDeploymentRoutes, saveGameNamespaceRoutes } from './routes/savegames.js';
import { storedQueryRoutes } from './routes/storedqueries.js';
import { pathRoutes } from './routes/paths.js';
import { subgraphRoutes } from './routes/subgraphs.js';
import { changeFeedRoutes } from './routes/changefeed.js';
import { generationRoutes } from './routes/generation.js';
import { analyticsRoutes } from './routes/analytics.js';
import { AnalyticsRuntime, type AnalyticsServerOptions } from './analytics-runtime.js';
import { defaultFlushIntervalMilliseconds, defaultKeepAliveSeconds } from '../changefeed/index.js';

export interface ServerOptions {
  namespaces: Namespaces;
  apiKey: string | null;
  apiKeyHeaderName: string;
  allowedCorsOrigins: readonly string[];
  rateLimit: { permitsPerWindow: number; windowSeconds: number };
  /** Default body limit of ordinary JSON routes. */
  maxBodyBytes: number;
  /** Body limit of endpoints that accept code (fragments, stored queries, plugins). */
  codeBodyLimitBytes: number;
  /** Bulk import bounds (`Svc:BulkIO:*`); absent: the documented defaults (docs/bulk.md). */
  bulk?: BulkRouteOptions;
  /** The OpenAPI document and reference page are served only in development. */
  development: boolean;
  logger?: FastifyServerOptions['logger'];
  /**
   * `Svc:Logging:Requests`: Fastify's two `info` lines per request (received, completed). Off unless set:
   * they cost a large share of a small request's time (docs/logging.md).
   */
  logRequests?: boolean;
  /** Save games (absent in volatile mode: the save-game routes then answer 409). */
  saveGames?: SaveGames;
  /**
   * Reported by GET /readyz; false until the startup load completes. Meanwhile every route but the
   * probes answers 503, so nothing reads or writes a graph that is still being recovered.
   */
  isReady?: () => boolean;
  /** The `durability` block of GET /status; absent: every namespace reports the no-log posture. */
  durability?: DurabilityStatusSource;
  /** `Svc:ChangeFeed:KeepAliveSeconds`: a change-feed stream idle this long gets `: keepalive` (default 15). */
  changeFeedKeepAliveSeconds?: number;
  /** `Svc:ChangeFeed:FlushIntervalMilliseconds`: the shortest interval between a stream's sends while events keep coming (default 10). */
  changeFeedFlushIntervalMilliseconds?: number;
  /** `Svc:StoredQueries:MaxCount`: stored queries per namespace (default 256). */
  maxStoredQueries?: number;
  /** `Svc:Fragments:MaxSteps`: steps per call of a compiled fragment (default 10,000,000). */
  fragmentMaxSteps?: number;
  /** `Svc:Paths:DefaultTimeBudgetSeconds`: a path search's budget when the request gives none (default 30). */
  pathDefaultTimeBudgetSeconds?: number;
  /** `Svc:SubGraphs:DefaultTimeBudgetSeconds`: an extraction's budget when the request gives none (default 30). */
  subgraphDefaultTimeBudgetSeconds?: number;
  /** `Svc:Security:BenchmarkMaxIterations`: most iterations of one `GET /benchmark` (default 10,000). */
  benchmarkMaxIterations?: number;
  /** `Svc:Analytics:*` and the write-back's chunk size; absent: the documented defaults (docs/analytics.md). */
  analytics?: AnalyticsServerOptions;
  /** Told about every route as it is registered (tests check the OpenAPI document covers them all). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export type SkeinServer = FastifyInstance;

export interface DurabilityStatusSource {
  status(namespace: Namespace): DurabilityBlock | null;
}

/**
 * Options with the embedded defaults of docs/configuration.md (no API key, no CORS origins, the default
 * rate limit, the ancestor's body limits, production mode, no logger), for programs that embed the server.
 */
export function defaultServerOptions(
  namespaces: Namespaces,
  overrides: Partial<ServerOptions> = {},
): ServerOptions {
  return {
    namespaces,
    apiKey: null,
    apiKeyHeaderName: 'X-Api-Key',
    allowedCorsOrigins: [],
    rateLimit: { permitsPerWindow: 30, windowSeconds: 10 },
    maxBodyBytes: 30_000_000,
    codeBodyLimitBytes: 1_048_576,
    development: false,
    changeFeedKeepAliveSeconds: defaultKeepAliveSeconds,
    changeFeedFlushIntervalMilliseconds: defaultFlushIntervalMilliseconds,
    ...overrides,
  };
}

export async function buildServer(options: ServerOptions): Promise<SkeinServer> {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: options.logRequests !== true }),
    bodyLimit: options.maxBodyBytes,
    exposeHeadRoutes: false,
    // A request arriving while the server stops is answered by the startup gate, as a problem.
    return503OnClosing: false,
    routerOptions: { maxParamLength: maxPathParameterChars },
    http: { maxHeaderSize: maxHeaderBytes },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (options.onRoute !== undefined) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRoute', (route) => {
    if (route.config?.codeEndpoint === true) route.bodyLimit = options.codeBodyLimitBytes;
  });
  app.decorateRequest('namespace', null as never);

  // JSON routes accept only JSON: without this parser a text/plain body would reach schema validation
  // as a string (400) instead of being refused as an unsupported media type (415).
  app.removeContentTypeParser('text/plain');
  // An empty body is no body, whatever the content type says: many clients send
  // `Content-Type: application/json` on every request, and a bodiless route (PUT /ns/{name},
  // DELETE /graphelement/{id}) must not fail for it. A route that needs a body still answers the
  // validation 400. Non-empty bodies keep Fastify's parser (prototype-poisoning checks included); a
  // long array is parsed a run of items at a time, each run through that parser (wire/json-slices.ts).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, slicedJsonParser(app));

  registerErrorHandling(app);
  registerStartupGate(app, options.isReady);
  registerVersioning(app);
  // CORS before the API key: a browser's preflight carries no credential, so it must be answered (or
  // refused) before authentication runs, and an allowed origin must see its header on a 401 too.
  await app.register(cors, {
    // Cross-origin calls are denied unless the origin is listed.
    origin: options.allowedCorsOrigins.length === 0 ? false : [...options.allowedCorsOrigins],
    // The plugin's default (GET, HEAD, POST) would refuse every PUT, PATCH and DELETE preflight.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });
  registerApiKey(app, { apiKey: options.apiKey, headerName: options.apiKeyHeaderName });
  registerRateLimit(app, options.rateLimit);
  await registerOpenApi(app, {
    apiKeyHeaderName: options.apiKeyHeaderName,
    development: options.development,
  });

  // One pool and one run gate per server (so per process as shipped), closed with the server.
  const analytics = new AnalyticsRuntime(options.analytics);
  app.addHook('onClose', async () => analytics.close());
  const context: RouteContext = { options, analytics };
  await app.register(healthRoutes, context);
  await app.register(namespaceRoutes, context);
  await app.register(deploymentMaintenanceRoutes, context);
  await app.register(delegateRoutes, context);
  await app.register(saveGameDeploymentRoutes, context);
  await app.register(generationRoutes, context);
  for (const area of [
    statusRoutes,
    vertexRoutes,
    edgeRoutes,
    elementRoutes,
    graphRoutes,
    bulkRoutes,
    scanRoutes,
    indexRoutes,
    vectorRoutes,
    embeddingRoutes,
    maintenanceRoutes,
    saveGameNamespaceRoutes,
    storedQueryRoutes,
    pathRoutes,
    subgraphRoutes,
    changeFeedRoutes,
    analyticsRoutes,
  ]) {
    registerScoped(app, options.namespaces, async (scope) => area(scope, context));
  }
  exposeOpenApiDocument(app, options.development);
  await app.ready();
  return app;
}

/** What every route area receives besides its Fastify scope. */
export interface RouteContext {
  options: ServerOptions;
  /** The analytics runs' worker pool and run gate. */
  analytics: AnalyticsRuntime;
}
