import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertJson,
  assertProblem,
  Client,
  startServer,
  type HttpReply,
  type TestServer,
} from '../support/server.js';
import { unlimited } from '../support/conventions-server.js';

interface WireDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  id: string;
  severity: string;
  message: string;
}
interface Validation {
  valid: boolean;
  diagnostics: WireDiagnostic[];
}

const acceptedKinds = [
  'VertexFilter',
  'EdgeFilter',
  'EdgePropertyFilter',
  'VertexCost',
  'EdgeCost',
  'GraphElementFilter',
];

function validation(reply: HttpReply): Validation {
  const body = assertJson<Validation>(reply);
  assert.deepEqual(Object.keys(body).sort(), ['diagnostics', 'valid']);
  for (const d of body.diagnostics) {
    assert.deepEqual(Object.keys(d).sort(), [
      'column',
      'endColumn',
      'endLine',
      'id',
      'line',
      'message',
      'severity',
    ]);
    assert.ok(d.line >= 1 && d.column >= 1, JSON.stringify(d));
    assert.ok(d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column), JSON.stringify(d));
  }
  return body;
}

/** The diagnostics without their end positions: `[id, severity, line, column]`. */
function located(body: Validation): [string, string, number, number][] {
  return body.diagnostics.map((d) => [d.id, d.severity, d.line, d.column]);
}

describe('POST /delegates/validate', () => {
  let server: TestServer;
  let client: Client;
  const validate = (body: unknown) => client.post('/delegates/validate', body);
  before(async () => {
    server = await startServer({ rateLimit: unlimited });
    client = new Client(server.url);
  });
  after(() => server.close());

  describe('answers 200 with valid and diagnostics', () => {
    it('an empty, null or absent fragment is valid with no diagnostics, for every kind', async () => {
      for (const delegateKind of acceptedKinds) {
        for (const body of [
          { delegateKind, fragment: '' },
          { delegateKind, fragment: null },
          { delegateKind },
        ]) {
          assert.deepEqual(validation(await validate(body)), { valid: true, diagnostics: [] });
        }
      }
    });

    it('matches delegateKind case-insensitively', async () => {
      for (const delegateKind of ['vertexfilter', 'EDGECOST', 'graphElementFilter', 'edgePropertyFILTER']) {
        assert.deepEqual(validation(await validate({ delegateKind, fragment: '' })), {
          valid: true,
          diagnostics: [],
        });
      }
    });

    it('a syntax error is valid false with its C# id and message at a 1-based position', async () => {
      const body = validation(
        await validate({ delegateKind: 'VertexFilter', fragment: 'return v => v.Id > 3' }),
      );
      assert.equal(body.valid, false);
      assert.deepEqual(located(body), [['CS1002', 'error', 1, 21]]);
      assert.equal(body.diagnostics[0].message, '; expected');
    });

    it('positions are in fragment coordinates across lines (CR LF counts as one break)', async () => {
      const body = validation(
        await validate({ delegateKind: 'EdgeCost', fragment: 'return e =>\r\n  e.Id * 2.0' }),
      );
      assert.equal(body.valid, false);
      assert.deepEqual(located(body), [['CS1002', 'error', 2, 13]]);
    });

    it('an error span covers its token', async () => {
      const body = validation(
        await validate({ delegateKind: 'VertexFilter', fragment: 'return v => (v.Id > 3;' }),
      );
      assert.deepEqual(body.diagnostics, [
        {
          line: 1,
          column: 22,
          endLine: 1,
          endColumn: 23,
          id: 'CS1026',
          severity: 'error',
          message: ') expected',
        },
      ]);
    });

    it('a fragment over 100,000 characters is not read: one SVCLIMIT error at 1:1', async () => {
      const fragment = `return v => true;${' '.repeat(100_001 - 17)}`;
      assert.equal(fragment.length, 100_001);
      const body = validation(await validate({ delegateKind: 'VertexFilter', fragment }));
      assert.deepEqual(body, {
        valid: false,
        diagnostics: [
          {
            line: 1,
            column: 1,
            endLine: 1,
            endColumn: 1,
            id: 'SVCLIMIT',
            severity: 'error',
            message: 'The fragment (100001 chars) exceeds the maximum of 100000.',
          },
        ],
      });
    });
  });

  describe('answers 400 for a request it cannot read', () => {
    it('a missing body', async () => {
      assertProblem(await client.request('POST', '/delegates/validate'), 400);
      assertProblem(
        await client.request('POST', '/delegates/validate', {
          body: '',
          headers: { 'content-type': 'application/json' },
        }),
        400,
      );
    });

    it('a body that is not an object', async () => {
      for (const body of ['"VertexFilter"', '42', '[]', 'null', 'true']) {
        assertProblem(await client.request('POST', '/delegates/validate', { body }), 400);
      }
    });

    it('a missing or non-string delegateKind, or a non-string fragment', async () => {
      const missing = assertProblem(await validate({ fragment: 'return v => true;' }), 400);
      assert.deepEqual(missing.errors, { delegateKind: ['The delegateKind field is required.'] });
      assertProblem(await validate({ delegateKind: null, fragment: '' }), 400);
      assertProblem(await validate({ delegateKind: 3, fragment: '' }), 400);
      assertProblem(await validate({ delegateKind: 'VertexFilter', fragment: 42 }), 400);
    });

    it('an unknown delegateKind, named in the detail with the accepted kinds', async () => {
      for (const delegateKind of ['Vertex', '', 'VertexFilters']) {
        const problem = assertProblem(await validate({ delegateKind, fragment: '' }), 400);
        assert.equal(problem.title, 'Bad Request');
        assert.match(String(problem.detail), new RegExp(`'${delegateKind}'`));
        for (const kind of acceptedKinds) assert.match(String(problem.detail), new RegExp(kind));
      }
    });

    it('LabelFilter in any case, named in the detail as not a fragment kind', async () => {
      for (const delegateKind of ['LabelFilter', 'labelfilter']) {
        const problem = assertProblem(
          await validate({ delegateKind, fragment: 'return l => l == "a";' }),
          400,
        );
        assert.match(String(problem.detail), /'LabelFilter' is not accepted/);
      }
    });
  });

  it('is deployment-level: not under /ns/{ns}', async () => {
    const reply = await client.post('/ns/default/delegates/validate', {
      delegateKind: 'VertexFilter',
      fragment: '',
    });
    assertProblem(reply, 404);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const reply = await client.request('POST', '/delegates/validate', {
      body: 'delegateKind=VertexFilter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assertProblem(reply, 415);
  });

  it('is documented in the OpenAPI document with its request and response schemas', async () => {
    const document = (await client.read('/openapi/v0.1.json')) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    const operation = document.paths['/delegates/validate']?.post;
    assert.ok(operation !== undefined);
    assert.ok(operation.requestBody !== undefined);
    assert.ok(operation.responses?.['200'] !== undefined);
    assert.equal(document.paths['/ns/{ns}/delegates/validate'], undefined);
  });
});

describe('POST /delegates/validate: cross-cutting rules', () => {
  it('answers 401 without the key when one is configured, 200 with it', async () => {
    const server = await startServer({ apiKey: 'code-key', rateLimit: unlimited });
    try {
      const client = new Client(server.url);
      const body = { delegateKind: 'VertexFilter', fragment: '' };
      assertProblem(await client.post('/delegates/validate', body), 401);
      const reply = await client.request('POST', '/delegates/validate', {
        body,
        headers: { 'x-api-key': 'code-key' },
      });
      assert.deepEqual(assertJson(reply), { valid: true, diagnostics: [] });
    } finally {
      await server.close();
    }
  });

  it('counts against the sensitive-route limiter: 429 once the window is spent', async () => {
    const server = await startServer({ rateLimit: { permitsPerWindow: 2, windowSeconds: 60 } });
    try {
      const client = new Client(server.url);
      const body = { delegateKind: 'VertexFilter', fragment: '' };
      assert.equal((await client.post('/delegates/validate', body)).status, 200);
      assert.equal((await client.post('/delegates/validate', body)).status, 200);
      const refused = assertProblem(await client.post('/delegates/validate', body), 429);
      assert.equal(refused.title, 'Too Many Requests');
    } finally {
      await server.close();
    }
  });

  it('takes bodies up to the 1 MiB code limit and answers 413 beyond it', async () => {
    const server = await startServer({ rateLimit: unlimited });
    try {
      const client = new Client(server.url);
      const envelope = JSON.stringify({ delegateKind: 'VertexFilter', fragment: '' }).length;
      const atLimit = { delegateKind: 'VertexFilter', fragment: 'x'.repeat(1_048_576 - envelope) };
      assert.equal(JSON.stringify(atLimit).length, 1_048_576);
      const body = validation(await client.post('/delegates/validate', atLimit));
      assert.deepEqual(
        body.diagnostics.map((d) => d.id),
        ['SVCLIMIT'],
      );
      const over = { delegateKind: 'VertexFilter', fragment: 'x'.repeat(1_048_577 - envelope) };
      assertProblem(await client.post('/delegates/validate', over), 413);
    } finally {
      await server.close();
    }
  });
});

describe('POST /delegates/validate: the checker (needs the checker)', () => {
  let server: TestServer;
  let client: Client;
  const validate = (delegateKind: string, fragment: string) =>
    client.post('/delegates/validate', { delegateKind, fragment });
  before(async () => {
    server = await startServer({ rateLimit: unlimited });
    client = new Client(server.url);
  });
  after(() => server.close());

  it('a well-formed fragment of each kind is valid with no diagnostics', async () => {
    for (const [kind, fragment] of [
      ['VertexFilter', 'return v => v.Id > 3;'],
      ['EdgeFilter', 'return (e) => e.EdgePropertyId == "road";'],
      ['EdgePropertyFilter', 'return p => p.StartsWith("r");'],
      ['VertexCost', 'return v => 1;'],
      ['EdgeCost', 'return edge => edge.TryGetProperty(out double w, "weight") ? w : 1.0;'],
      ['GraphElementFilter', 'return element => element.Label != null;'],
    ]) {
      assert.deepEqual(validation(await validate(kind, fragment)), { valid: true, diagnostics: [] }, kind);
    }
  });

  it('a whitespace-only fragment is valid with no diagnostics', async () => {
    assert.deepEqual(validation(await validate('VertexFilter', ' \n\t ')), { valid: true, diagnostics: [] });
  });

  it('an unknown member is CS1061 on the member name', async () => {
    const body = validation(await validate('VertexFilter', 'return v => v.Nope;'));
    assert.equal(body.valid, false);
    assert.deepEqual(located(body), [['CS1061', 'error', 1, 15]]);
  });

  it('a filter whose body is not bool is CS0029 then CS1662', async () => {
    const body = validation(await validate('VertexFilter', 'return v => v.Id;'));
    assert.equal(body.valid, false);
    assert.deepEqual(
      body.diagnostics.map((d) => d.id),
      ['CS0029', 'CS1662'],
    );
  });

  it('a member outside the referenced assemblies is CS0012', async () => {
    const body = validation(await validate('VertexFilter', 'return v => v.GetAllNeighbors().Count > 0;'));
    assert.equal(body.valid, false);
    assert.ok(body.diagnostics.some((d) => d.id === 'CS0012'));
  });

  it('warnings do not make a fragment invalid', async () => {
    const body = validation(await validate('VertexCost', 'return v => 3l;'));
    assert.equal(body.valid, true);
    assert.deepEqual(
      body.diagnostics.map((d) => [d.id, d.severity]),
      [['CS0078', 'warning']],
    );
  });

  it('never runs the fragment: an endless loop before the return is answered at once', async () => {
    const body = validation(await validate('VertexFilter', 'while (true) { } return v => true;'));
    assert.equal(typeof body.valid, 'boolean');
  });
});
