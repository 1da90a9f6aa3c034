import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, startTestServer, type TestServer } from '../../support/conventions-server.js';

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
}
interface OpenApiDocument {
  openapi: string;
  info: { version: string; title: string };
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const anonymousOperations = [
  ['get', '/status'],
  ['get', '/healthz'],
  ['get', '/readyz'],
  ['get', '/ns/{ns}/status'],
] as const;

/** Routes that serve the document and the reference page themselves, and the CORS preflight catch-all. */
function isDocumentationRoute(method: string, url: string): boolean {
  return url === '/openapi' || url.startsWith('/openapi/') || (method === 'OPTIONS' && url === '*');
}

describe('the OpenAPI document in development', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  const routes: { method: string; url: string }[] = [];
  before(async () => {
    server = await startTestServer({
      development: true,
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    });
    const response = await fetch(`${server.url}/openapi/v0.1.json`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    document = (await response.json()) as OpenApiDocument;
  });
  after(() => server.close());

  it('is an OpenAPI 3.1 document with info.version 0.1', () => {
    assert.ok(document.openapi.startsWith('3.1'), document.openapi);
    assert.equal(document.info.version, '0.1');
  });

  it('its server list records the export host, not the running instance', () => {
    assert.ok(Array.isArray(document.servers));
    for (const entry of document.servers ?? []) assert.notEqual(entry.url, server.url);
  });

  it('declares exactly one security scheme, an API key in header X-Api-Key, required document-wide', () => {
    const schemes = Object.entries(document.components.securitySchemes);
    assert.equal(schemes.length, 1);
    const [name, scheme] = schemes[0];
    assert.deepEqual(
      { type: scheme.type, in: scheme.in, name: scheme.name },
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Api-Key',
      },
    );
    assert.deepEqual(document.security, [{ [name]: [] }]);
  });

  it('anonymous operations clear the requirement with security: []', () => {
    for (const [method, path] of anonymousOperations) {
      const operation = document.paths[path]?.[method];
      assert.ok(operation !== undefined, `${method} ${path} is documented`);
      assert.deepEqual(operation.security, [], `${method} ${path}`);
    }
  });

  it('every other operation inherits the document-wide requirement', () => {
    const anonymous = new Set(anonymousOperations.map(([method, path]) => `${method} ${path}`));
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (anonymous.has(`${method} ${path}`)) continue;
        assert.equal(operation.security, undefined, `${method} ${path} must not override security`);
      }
    }
  });

  it('covers every registered route (method and path)', () => {
    const documented = routes.filter((route) => !isDocumentationRoute(route.method, route.url));
    assert.ok(documented.length > 20, `collected ${documented.length} routes`);
    const missing: string[] = [];
    for (const { method, url } of documented) {
      const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      if (document.paths[path]?.[method.toLowerCase()] === undefined) missing.push(`${method} ${path}`);
    }
    assert.deepEqual(missing, []);
  });

  it('every path parameter is declared on its operation, including the namespace prefix', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(operations)) {
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        assert.deepEqual(
          declared.map((parameter) => parameter.name).sort(),
          [...names].sort(),
          `${method} ${path}`,
        );
        for (const parameter of declared)
          assert.equal(parameter.required, true, `${method} ${path} ${parameter.name}`);
      }
    }
  });

  it('the reference page answers 200 HTML', async () => {
    for (const path of ['/openapi', '/openapi/']) {
      const response = await fetch(`${server.url}${path}`);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await response.text(), /<html/i);
    }
  });
});

describe('the OpenAPI document with a configured key', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ development: true, apiKey: 'doc-key', apiKeyHeaderName: 'X-Skein-Key' });
  });
  after(() => server.close());

  it('requires the key like any route', async () => {
    await assertProblem(await fetch(`${server.url}/openapi/v0.1.json`), 401, 'Unauthorized');
    const response = await fetch(`${server.url}/openapi/v0.1.json`, {
      headers: { 'x-skein-key': 'doc-key' },
    });
    assert.equal(response.status, 200);
  });

  it('names the configured header in its security scheme', async () => {
    const response = await fetch(`${server.url}/openapi/v0.1.json`, {
      headers: { 'x-skein-key': 'doc-key' },
    });
    const document = (await response.json()) as OpenApiDocument;
    const [scheme] = Object.values(document.components.securitySchemes);
    assert.equal(scheme.name, 'X-Skein-Key');
  });
});

describe('the OpenAPI document in production', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ development: false });
  });
  after(() => server.close());

  it('neither the document nor the reference page is served', async () => {
    for (const path of ['/openapi/v0.1.json', '/openapi', '/openapi/', '/openapi/json']) {
      await assertProblem(await fetch(`${server.url}${path}`), 404, 'Not Found');
    }
  });
});
