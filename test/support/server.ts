/**
 * HTTP test support: a real server on an ephemeral loopback port over a fresh namespace catalog, a small
 * fetch client bound to a route prefix, and the assertions every error response shares.
 *
 * Route areas exist bare (namespace `default`) and under `/ns/{ns}`; tests loop over `prefixes` so each
 * rule is checked both ways.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach } from 'node:test';
import { Namespaces, type Engine } from '../../src/index.js';
import {
  buildServer,
  defaultServerOptions,
  type ServerOptions,
  type SkeinServer,
} from '../../src/server/app.js';
import { problemCodeOfType } from '../../src/server/problems/problem.js';
import { problems } from '../../src/server/problems/registry.js';

/** The named namespace the prefixed variant of each test addresses. */
export const testNamespace = 'flights';
export const prefixes = ['', `/ns/${testNamespace}`] as const;

export function describePrefix(prefix: string): string {
  return prefix === '' ? 'bare routes' : `routes under ${prefix}`;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly app: SkeinServer;
  readonly namespaces: Namespaces;
  close(): Promise<void>;
}

/** Starts the service with an open development configuration unless `overrides` says otherwise. */
export async function startServer(overrides: Partial<ServerOptions> = {}): Promise<TestServer> {
  const namespaces = overrides.namespaces ?? new Namespaces();
  const app = await buildServer(defaultServerOptions(namespaces, { development: true, ...overrides }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app, namespaces, close: () => app.close() };
}

export interface HttpReply {
  status: number;
  /** The media type without parameters, '' when absent. */
  contentType: string;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  body: unknown;
}

export interface RequestOptions {
  /** Sent verbatim when a string, JSON-encoded otherwise. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fetch client whose paths are relative to `base` (server url plus route prefix). */
export class Client {
  constructor(readonly base: string) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if ('body' in options) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.base + path, { method, headers, body });
    const text = await response.text();
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
    const isJson = contentType === 'application/json' || contentType === 'application/problem+json';
    return {
      status: response.status,
      contentType,
      text,
      body: isJson && text !== '' ? JSON.parse(text) : undefined,
    };
  }

  get(path: string): Promise<HttpReply> {
    return this.request('GET', path);
  }

  head(path: string): Promise<HttpReply> {
    return this.request('HEAD', path);
  }

  put(path: string, body?: unknown): Promise<HttpReply> {
    return this.request('PUT', path, body === undefined ? {} : { body });
  }

  post(path: string, body?: unknown): Promise<HttpReply> {
    return this.request('POST', path, body === undefined ? {} : { body });
  }

  delete(path: string, body?: unknown): Promise<HttpReply> {
    return this.request('DELETE', path, body === undefined ? {} : { body });
  }

  /** Reads a JSON body that must answer 200. */
  async read<T = unknown>(path: string): Promise<T> {
    const reply = await this.get(path);
    assert.equal(reply.status, 200, `GET ${path}: ${reply.text}`);
    return reply.body as T;
  }

  /** Creates vertices (waited) and returns their ids. */
  async vertices(...bodies: object[]): Promise<number[]> {
    const reply = await this.put('/vertices?waitForCompletion=true', bodies);
    assert.equal(reply.status, 200, reply.text);
    return reply.body as number[];
  }

  /** Creates edges (waited) and returns their ids. */
  async edges(...bodies: object[]): Promise<number[]> {
    const reply = await this.put('/edges?waitForCompletion=true', bodies);
    assert.equal(reply.status, 200, reply.text);
    return reply.body as number[];
  }
}

/**
 * Asserts that a problem body comes from the registry: its `type` names a registered code whose status
 * and title it carries, and it has a detail. Every problem a test looks at passes through here, so the
 * suite as a whole checks that the service sends no problem outside the registry.
 */
export function assertRegisteredProblem(problem: Record<string, unknown>): void {
  const code = problemCodeOfType(problem.type);
  assert.notEqual(code, undefined, `the problem's type names no registered code: ${JSON.stringify(problem)}`);
  const entry = problems[code!];
  assert.equal(problem.status, entry.status, `status of ${code}`);
  assert.equal(problem.title, entry.title, `title of ${code}`);
  assert.equal(typeof problem.detail, 'string', `detail of ${code}`);
}

/** Asserts an RFC 7807 problem with the given status and returns its members. */
export function assertProblem(reply: HttpReply, status: number): Record<string, unknown> {
  assert.equal(reply.status, status, `expected ${status}, got ${reply.status}: ${reply.text}`);
  assert.equal(reply.contentType, 'application/problem+json', reply.text);
  const problem = reply.body as Record<string, unknown>;
  assert.equal(typeof problem.title, 'string');
  assert.equal(problem.status, status);
  assertRegisteredProblem(problem);
  return problem;
}

/** Asserts a success without a body. */
export function assertEmpty(reply: HttpReply, status: number): void {
  assert.equal(reply.status, status, reply.text);
  assert.equal(reply.text, '');
}

/** Asserts a 200 JSON answer and returns its body. */
export function assertJson<T = unknown>(reply: HttpReply, status = 200): T {
  assert.equal(reply.status, status, reply.text);
  assert.equal(reply.contentType, 'application/json');
  return reply.body as T;
}

export interface Fixture {
  readonly server: TestServer;
  /** Client bound to the server and the prefix. */
  readonly client: Client;
  /** The engine of the namespace the prefix addresses. */
  readonly engine: Engine;
}

/**
 * Registers hooks in the enclosing suite: one server for the suite (with the test namespace created),
 * and both namespaces emptied before each test so ids start at 0.
 */
export function useServer(prefix: string, overrides: Partial<ServerOptions> = {}): Fixture {
  let server: TestServer | undefined;
  let client: Client | undefined;
  before(async () => {
    server = await startServer(overrides);
    server.namespaces.create(testNamespace);
    client = new Client(server.url + prefix);
  });
  beforeEach(async () => {
    await Promise.all(server!.namespaces.list().map((namespace) => namespace.engine.clear()));
  });
  after(async () => server?.close());
  return {
    get server() {
      return server!;
    },
    get client() {
      return client!;
    },
    get engine() {
      return prefix === ''
        ? server!.namespaces.default.engine
        : server!.namespaces.get(testNamespace)!.engine;
    },
  };
}
