/**
 * The subgraph routes over HTTP (docs/subgraphs.md), bare and under /ns/{ns}: every status of
 * `PUT /subgraph`, `GET /subgraph`, `GET /subgraph/{name}`, `GET /subgraph/{name}/graph`,
 * `POST /subgraph/{name}/recalculate` and `DELETE /subgraph/{name}`, with the registry's titles. The
 * semantic block, templates and the compile cache are in subgraphs-semantic.test.ts; keys, limits and
 * quotas in subgraphs-limits.test.ts; reads, nesting and maintenance in subgraphs-reads.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storedQueriesOf } from '../../src/storedqueries/index.js';
import { unlimited } from '../support/conventions-server.js';
import { assertEmpty, assertJson, assertProblem, describePrefix, prefixes } from '../support/server.js';
import {
  attackersOfAlice,
  createSubgraph,
  defaultAlgorithm,
  describePage,
  edgeType,
  named,
  putSubgraph,
  sampleGraph,
  useSubgraphServer,
  type GraphPage,
  type Summary,
} from '../support/subgraphs.js';

const validationTitle = 'One or more validation errors occurred.';

for (const prefix of prefixes) {
  describe(`subgraph routes: ${describePrefix(prefix)}`, () => {
    const fixture = useSubgraphServer(prefix, { rateLimit: unlimited, fragmentMaxSteps: 10_000 });
    const put = (body: unknown, query = '') => putSubgraph(fixture.client, body, query);
    const create = (body: unknown, query = '') => createSubgraph(fixture.client, body, query);
    /** Asserts a 400 of the subgraph request rules and returns its detail. */
    const invalid = async (body: unknown, query = ''): Promise<string> => {
      const problem = assertProblem(await put(body, query), 400);
      assert.match(String(problem.type), /SUBGRAPH_REQUEST_INVALID$/, JSON.stringify(body));
      return String(problem.detail);
    };

    describe('201 and the reads', () => {
      it('PUT /subgraph answers 201 with the summary and a Location under the route prefix', async () => {
        await sampleGraph(fixture);
        const response = await fetch(`${fixture.client.base}/subgraph`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'attackers of alice',
            patterns: attackersOfAlice,
            additionalInformation: { category: 'security' },
          }),
        });
        assert.equal(response.status, 201);
        assert.equal(response.headers.get('location'), `${prefix}/subgraph/attackers%20of%20alice`);
        const summary = (await response.json()) as Summary;
        assert.deepEqual(Object.keys(summary).sort(), [
          'additionalInformation',
          'algorithmPluginName',
          'canRecalculate',
          'edgeCount',
          'name',
          'rebuildFailure',
          'sourceFallen8Id',
          'vertexCount',
        ]);
        assert.equal(summary.name, 'attackers of alice');
        assert.equal(summary.vertexCount, 3);
        assert.equal(summary.edgeCount, 2);
        assert.equal(summary.algorithmPluginName, defaultAlgorithm);
        assert.match(
          summary.sourceFallen8Id,
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
        assert.equal(summary.canRecalculate, true);
        assert.deepEqual(summary.additionalInformation, { category: 'security' });
        assert.equal(summary.rebuildFailure, null);
        const location = response.headers.get('location')!.slice(prefix.length);
        assert.deepEqual(await fixture.client.read(location), summary);
      });

      it('GET /subgraph lists the names in registration order; GET /subgraph/{name} answers the summary', async () => {
        assert.deepEqual(await fixture.client.read('/subgraph'), []);
        await sampleGraph(fixture);
        const second = await create({ name: 'zeta', vertexFilter: named('Bob') });
        const first = await create({
          name: 'alpha',
          algorithm: defaultAlgorithm,
          additionalInformation: null,
        });
        assert.deepEqual(await fixture.client.read('/subgraph'), ['zeta', 'alpha']);
        assert.deepEqual(await fixture.client.read('/subgraph/zeta'), second);
        assert.deepEqual(await fixture.client.read('/subgraph/alpha'), first);
        assert.deepEqual([first.vertexCount, first.edgeCount], [5, 6], 'no filter, no pattern: everything');
        assert.deepEqual([second.vertexCount, second.edgeCount], [1, 0]);
        assert.equal(first.additionalInformation, null);
      });

      it('GET /subgraph/{name}/graph answers the extract in the read shapes of GET /graph', async () => {
        await sampleGraph(fixture);
        await create({ name: 'attackers', patterns: attackersOfAlice });
        const page = assertJson<GraphPage>(await fixture.client.get('/subgraph/attackers/graph'));
        assert.deepEqual(Object.keys(page).sort(), ['edges', 'vertices']);
        assert.deepEqual(describePage(page), {
          vertices: ['Alice', 'Eve', 'Mallory'],
          edges: [
            ['Eve', 'Alice', 'attacks'],
            ['Mallory', 'Alice', 'attacks'],
          ],
        });
        assert.deepEqual(
          page.vertices.map((v) => v.id).concat(page.edges.map((e) => e.id)),
          [0, 1, 2, 3, 4],
          'the extract numbers its own ids from 0, vertices first',
        );
      });

      it('POST /subgraph/{name}/recalculate answers 200 with the summary of the fresh extract', async () => {
        await sampleGraph(fixture);
        const before = await create({ name: 'attackers', patterns: attackersOfAlice });
        await fixture.client.edges({ sourceVertex: 4, targetVertex: 0, edgePropertyId: 'attacks' });
        assert.deepEqual(
          await fixture.client.read('/subgraph/attackers'),
          before,
          'unchanged until recalculated',
        );
        const after = assertJson<Summary>(await fixture.client.post('/subgraph/attackers/recalculate'));
        assert.deepEqual(after, { ...before, vertexCount: 4, edgeCount: 3 });
        assert.deepEqual(await fixture.client.read('/subgraph/attackers'), after);
        const page = await fixture.client.read<GraphPage>('/subgraph/attackers/graph');
        assert.deepEqual(describePage(page).vertices, ['Alice', 'Eve', 'Mallory', 'Trent']);
      });

      it('DELETE /subgraph/{name} answers 204; the name is gone and can be registered again', async () => {
        await create({ name: 'short-lived' });
        assertEmpty(await fixture.client.delete('/subgraph/short-lived'), 204);
        assert.deepEqual(await fixture.client.read('/subgraph'), []);
        assertProblem(await fixture.client.get('/subgraph/short-lived'), 404);
        await create({ name: 'short-lived' });
      });

      it('a pattern that matches nothing registers an empty subgraph', async () => {
        await sampleGraph(fixture);
        const summary = await create({
          name: 'nobody',
          patterns: [{}, { type: 'Edge', edgePropertyFilter: edgeType('loves') }, {}],
        });
        assert.deepEqual([summary.vertexCount, summary.edgeCount], [0, 0]);
        assert.deepEqual(await fixture.client.read('/subgraph/nobody/graph'), { vertices: [], edges: [] });
      });
    });

    describe('400: the body, the name and the pattern rules', () => {
      it('answers the validation 400 for a body that does not bind', async () => {
        for (const body of [
          {},
          { name: 7 },
          { name: 'x', patterns: {} },
          { name: 'x', patterns: [{ minLength: '2' }] },
          { name: 'x', vertexFilter: 3 },
          { name: 'x', additionalInformation: { a: 1 } },
          { name: 'x', timeBudgetSeconds: 0 },
          { name: 'x', timeBudgetSeconds: 3601 },
          { name: 'x', semantic: { queryVector: ['a'] } },
          [],
        ]) {
          const problem = assertProblem(await put(body), 400);
          assert.equal(problem.title, validationTitle, JSON.stringify(body));
        }
        assertProblem(await fixture.client.request('PUT', '/subgraph', { body: '{"name":' }), 400);
        assert.deepEqual(await fixture.client.read('/subgraph'), []);
      });

      it('a name is 1 to 256 characters without a slash, a backslash or a control character', async () => {
        for (const name of ['', 'a/b', 'a\\b', 'tab\there', 'nul\u0000', 'x'.repeat(257)]) {
          assert.match(await invalid({ name }), /^name must be 1 to 256 characters/, JSON.stringify(name));
        }
        const longest = 'x'.repeat(256);
        assert.equal((await create({ name: longest })).name, longest);
        const unicode = 'ünïcödé name';
        assert.equal((await create({ name: unicode })).name, unicode);
        assert.equal(
          (await fixture.client.read<Summary>(`/subgraph/${encodeURIComponent(unicode)}`)).name,
          unicode,
        );
      });

      it('an unknown pattern type or direction is 400 naming the entry', async () => {
        assert.equal(
          await invalid({ name: 'x', patterns: [{ type: 'Node' }] }),
          "patterns[0].type 'Node' is not a pattern type: Vertex, Edge or VariableLengthEdge.",
        );
        assert.match(
          await invalid({ name: 'x', patterns: [{}, { type: 'Edge', direction: 'Sideways' }, {}] }),
          /^patterns\[1\]\.direction 'Sideways' is not a direction/,
        );
      });

      it('types and directions with their aliases are accepted in any letter case', async () => {
        await sampleGraph(fixture);
        // Alice -> Bob (communicatesWith), walked as each direction spelling says.
        const cases: [string, string, number][] = [
          ['Out', 'edge', 2],
          ['oUtGoInG', 'EDGE', 2],
          ['OUTGOINGEDGE', 'Edge', 2],
          ['in', 'edge', 0],
          ['Incoming', 'eDgE', 0],
          ['incomingEDGE', 'Edge', 0],
          ['UNDIRECTED', 'VARIABLELENGTHEDGE', 2],
          ['undirectedEdge', 'variablelengthedge', 2],
        ];
        for (const [index, [direction, type, vertices]] of cases.entries()) {
          const summary = await create({
            name: `alias-${index}`,
            patterns: [
              { type: 'VERTEX', vertexFilter: named('Alice') },
              { type, direction, edgePropertyFilter: edgeType('communicatesWith') },
              { type: 'vertex', vertexFilter: named('Bob') },
            ],
          });
          assert.equal(summary.vertexCount, vertices, `${type} ${direction}`);
        }
      });

      it('the list starts and ends with a Vertex step and alternates; a variable-length edge may not lead', async () => {
        assert.equal(
          await invalid({ name: 'x', patterns: [{ type: 'VariableLengthEdge' }, {}] }),
          'patterns[0] is a VariableLengthEdge step: a variable-length edge may not lead a pattern.',
        );
        assert.match(
          await invalid({ name: 'x', patterns: [{ type: 'Edge' }, {}, { type: 'Edge' }] }),
          /^patterns\[0\] is a Edge step where a Vertex step belongs: /,
        );
        assert.equal(
          await invalid({ name: 'x', patterns: [{}, {}, {}] }),
          'patterns[1] is a Vertex step where an edge step belongs: a pattern starts and ends with a Vertex ' +
            'step and alternates vertex and edge steps.',
        );
        assert.equal(
          await invalid({ name: 'x', patterns: [{}, { type: 'Edge' }] }),
          'patterns[1] is an edge step: a pattern must end with a Vertex step.',
        );
        const tooMany = Array.from({ length: 256 }, (_, i) => (i % 2 === 0 ? {} : { type: 'Edge' }));
        assert.match(await invalid({ name: 'x', patterns: tooMany }), /more than the maximum of 255/);
        const most = [...tooMany.slice(0, 254), {}];
        assert.equal((await create({ name: 'longest-pattern', patterns: most })).vertexCount, 0);
      });

      it('minLength and maxLength: 1 to 100, minLength at most maxLength, on VariableLengthEdge only', async () => {
        const hop = (step: Record<string, unknown>) => ({ name: 'x', patterns: [{}, step, {}] });
        const variable = (extra: Record<string, unknown>) => hop({ type: 'VariableLengthEdge', ...extra });
        assert.equal(
          await invalid(variable({ minLength: 3, maxLength: 2 })),
          'patterns[1]: minLength 3 is greater than maxLength 2.',
        );
        assert.equal(
          await invalid(variable({ maxLength: 101 })),
          'patterns[1].maxLength must be an integer from 1 to 100, got 101.',
        );
        assert.match(await invalid(variable({ minLength: 0 })), /minLength must be an integer from 1 to 100/);
        await sampleGraph(fixture);
        const longest = await create({ ...variable({ minLength: 1, maxLength: 100 }), name: 'up-to-100' });
        assert.deepEqual([longest.vertexCount, longest.edgeCount], [5, 6]);
        for (const extra of [{ maxLength: 2 }, { minLength: 2 }]) {
          assert.equal(
            await invalid(hop({ type: 'Edge', ...extra })),
            'patterns[1] is an Edge step of exactly one hop: use VariableLengthEdge for minLength and maxLength.',
          );
        }
        await create({ ...hop({ type: 'Edge', minLength: 1, maxLength: null }), name: 'edge-of-one' });
        assert.match(
          await invalid({ name: 'x', patterns: [{ maxLength: 2 }] }),
          /^patterns\[0\] is a Vertex step: minLength and maxLength apply to VariableLengthEdge steps only\.$/,
        );
      });

      it('a fragment on the wrong kind of step is 400; the same member sent as null is accepted', async () => {
        const edge = { type: 'Edge', vertexFilter: 'return v => true;' };
        assert.equal(
          await invalid({ name: 'x', patterns: [{}, edge, {}] }),
          'patterns[1] is an Edge step: vertexFilter applies to Vertex steps only.',
        );
        for (const member of ['edgeFilter', 'edgePropertyFilter']) {
          assert.equal(
            await invalid({ name: 'x', patterns: [{ [member]: 'return e => true;' }] }),
            'patterns[0] is a Vertex step: edgeFilter and edgePropertyFilter apply to edge steps only.',
          );
        }
        await create({
          name: 'nulls',
          patterns: [
            { edgeFilter: null, edgePropertyFilter: null, direction: null, minLength: null, maxLength: null },
            { type: 'Edge', vertexFilter: null, semanticMinScore: null },
            { vertexFilter: '   ' },
          ],
        });
      });

      it('storedQuery with inline fragments, patterns or semantic is 400; blank and empty members are none', async () => {
        for (const [extra, member] of [
          [{ vertexFilter: 'return v => true;' }, 'vertexFilter'],
          [{ edgeFilter: 'return e => true;' }, 'edgeFilter'],
          [{ patterns: [{}] }, 'patterns'],
        ] as const) {
          assert.equal(
            await invalid({ name: 'x', storedQuery: 'template', ...extra }),
            `storedQuery cannot be combined with inline ${member}: the template replaces them.`,
          );
        }
        assert.equal(
          await invalid({ name: 'x', storedQuery: 'template', semantic: { queryVector: [1, 0] } }),
          'storedQuery cannot be combined with a semantic block.',
        );
        // Blank fragments and an empty pattern carry nothing: the reference goes through (unknown here).
        const problem = assertProblem(
          await put({
            name: 'x',
            storedQuery: 'template',
            vertexFilter: ' ',
            edgeFilter: null,
            patterns: [],
          }),
          404,
        );
        assert.equal(problem.detail, "No stored query named 'template'.");
      });

      it('a fragment that does not compile is 400 with the header, one line per error and the diagnostics', async () => {
        const problem = assertProblem(
          await put({
            name: 'x',
            edgeFilter: 'return e => e.Nope;',
            patterns: [{}, { type: 'Edge' }, { vertexFilter: 'return v => v.Id > 3' }],
          }),
          400,
        );
        assert.equal(problem.title, 'Bad Request');
        assert.match(String(problem.type), /SUBGRAPH_FRAGMENT_COMPILE_FAILED$/);
        const lines = String(problem.detail).split('\n');
        assert.equal(lines[0], 'Failed to compile subgraph filter expression(s):');
        assert.match(
          lines[1],
          /^ID: CS1061, Message: .*, Location: edgeFilter \(1,15\)-\(1,\d+\), Severity: Error$/,
        );
        assert.equal(
          lines[2],
          'ID: CS1002, Message: ; expected, Location: patterns[2].vertexFilter (1,21)-(1,21), Severity: Error',
        );
        const diagnostics = problem.diagnostics as {
          fragment: string;
          id: string;
          line: number;
          column: number;
        }[];
        assert.deepEqual(
          diagnostics.map((d) => [d.fragment, d.id, d.line, d.column]),
          [
            ['edgeFilter', 'CS1061', 1, 15],
            ['patterns[2].vertexFilter', 'CS1002', 1, 21],
          ],
        );
        assertProblem(await fixture.client.get('/subgraph/x'), 404);
      });

      it('a fragment over 100,000 characters is 400 before compiling', async () => {
        const long = `return v => true;${' '.repeat(100_000)}`;
        assert.equal(
          await invalid({ name: 'x', patterns: [{ vertexFilter: long }] }),
          `The patterns[0].vertexFilter fragment (${long.length} chars) exceeds the maximum of 100000.`,
        );
        assert.equal(
          await invalid({ name: 'x', vertexFilter: long }),
          `The vertexFilter fragment (${long.length} chars) exceeds the maximum of 100000.`,
        );
        const atLimit = `return v => true;${' '.repeat(100_000 - 17)}`;
        assert.equal(atLimit.length, 100_000);
        await create({ name: 'at-the-limit', vertexFilter: atLimit });
      });

      it('an unknown algorithm is 400 listing the available ones; empty is the default', async () => {
        const problem = assertProblem(await put({ name: 'x', algorithm: 'Depth First' }), 400);
        assert.equal(
          problem.detail,
          "No subgraph algorithm named 'Depth First'. Available: Breadth First Search Subgraph Algorithm.",
        );
        assert.deepEqual(problem.available, [defaultAlgorithm]);
        assert.equal(
          (await create({ name: 'empty-algorithm', algorithm: '' })).algorithmPluginName,
          defaultAlgorithm,
        );
      });
    });

    describe('404 and 409', () => {
      it("every name route answers 404 No subgraph named '<name>'. for an unknown name", async () => {
        const replies = [
          await fixture.client.get('/subgraph/ghost'),
          await fixture.client.get('/subgraph/ghost/graph'),
          await fixture.client.post('/subgraph/ghost/recalculate'),
          await fixture.client.delete('/subgraph/ghost'),
        ];
        for (const reply of replies) {
          const problem = assertProblem(reply, 404);
          assert.equal(problem.title, 'Not Found');
          assert.equal(problem.detail, "No subgraph named 'ghost'.");
        }
      });

      it('an unknown fromSubGraph or storedQuery is 404; nothing is registered', async () => {
        const parent = assertProblem(await put({ name: 'child' }, '?fromSubGraph=ghost'), 404);
        assert.equal(parent.detail, "No subgraph named 'ghost'.");
        const template = assertProblem(await put({ name: 'child', storedQuery: 'ghost' }), 404);
        assert.match(String(template.type), /STORED_QUERY_NOT_FOUND$/);
        assert.equal(template.detail, "No stored query named 'ghost'.");
        assert.deepEqual(await fixture.client.read('/subgraph'), []);
      });

      it("a duplicate name is 409 A subgraph named '<name>' already exists.", async () => {
        await create({ name: 'twice' });
        const problem = assertProblem(await put({ name: 'twice', vertexFilter: 'return v => false;' }), 409);
        assert.equal(problem.title, 'Conflict');
        assert.equal(problem.detail, "A subgraph named 'twice' already exists.");
        assert.match(String(problem.type), /SUBGRAPH_EXISTS$/);
      });

      it('a stored template whose recompile failed is 409 not invocable', async () => {
        const name = 'broken-template';
        await fixture.engine.submit([
          {
            kind: 'register',
            family: 'storedQuery',
            name,
            payload: JSON.stringify({
              name,
              kind: 'SubGraph',
              description: null,
              createdAt: '2026-01-01T00:00:00.0000000Z',
              specificationJson: JSON.stringify({ vertexFilter: 'return v => v.Nope;' }),
            }),
          },
        ]);
        assert.equal(storedQueriesOf(fixture.engine).get(name)?.compileState, 'Failed');
        const problem = assertProblem(await put({ name: 'x', storedQuery: name }), 409);
        assert.match(String(problem.type), /STORED_QUERY_NOT_INVOCABLE$/);
        assert.match(String(problem.detail), /CS1061/);
        await fixture.engine.submit([{ kind: 'unregister', family: 'storedQuery', name }]);
      });

      it('a subgraph whose parent was deleted is 409 not recalculable and keeps its contents', async () => {
        await sampleGraph(fixture);
        const parent = await create({ name: 'parent', patterns: attackersOfAlice });
        const child = await create({ name: 'child', vertexFilter: named('Alice') }, '?fromSubGraph=parent');
        assert.equal(child.sourceFallen8Id === parent.sourceFallen8Id, false);
        assertEmpty(await fixture.client.delete('/subgraph/parent'), 204);
        const orphan = await fixture.client.read<Summary>('/subgraph/child');
        assert.deepEqual(orphan, { ...child, canRecalculate: false });
        const problem = assertProblem(await fixture.client.post('/subgraph/child/recalculate'), 409);
        assert.match(String(problem.type), /SUBGRAPH_NOT_RECALCULABLE$/);
        assert.equal(
          problem.detail,
          "The subgraph 'child' cannot be recalculated: its source subgraph 'parent' no longer exists.",
        );
        const page = await fixture.client.read<GraphPage>('/subgraph/child/graph');
        assert.deepEqual(describePage(page).vertices, ['Alice']);
        // A subgraph of the parent's name exists again: the child reads its extract.
        await create({ name: 'parent', vertexFilter: named('Bob') });
        assert.equal((await fixture.client.read<Summary>('/subgraph/child')).canRecalculate, true);
        const again = assertJson<Summary>(await fixture.client.post('/subgraph/child/recalculate'));
        assert.deepEqual([again.vertexCount, again.edgeCount], [0, 0]);
      });
    });

    describe('408, 422 and 500', () => {
      it('408 Subgraph budget exhausted when the time budget runs out; nothing is registered', async () => {
        // A rule call per vertex: 300 vertices are more work than one slice, and 1 us has passed by then.
        await fixture.client.vertices(...Array.from({ length: 300 }, () => ({})));
        const body = { name: 'slow', vertexFilter: 'return v => v.Id >= 0;' };
        const problem = assertProblem(await put({ ...body, timeBudgetSeconds: 0.000001 }), 408);
        assert.equal(problem.title, 'Subgraph budget exhausted');
        assert.equal(problem.budgetSeconds, 0.000001);
        assertProblem(await fixture.client.get('/subgraph/slow'), 404);
        assert.equal((await create({ ...body, timeBudgetSeconds: 60 })).vertexCount, 300);
      });

      it('422 when a fragment exceeds its step budget, 500 when it throws; nothing is registered', async () => {
        await sampleGraph(fixture);
        const spin = assertProblem(
          await put({ name: 'spin', patterns: [{ vertexFilter: 'return v => { while (true) {} };' }] }),
          422,
        );
        assert.equal(spin.title, 'Fragment step budget exceeded');
        assert.equal(spin.maxSteps, 10_000);
        // Trent has no outgoing edge: OutEdges is null.
        const thrown = assertProblem(
          await put({ name: 'thrown', vertexFilter: 'return v => v.OutEdges.Count >= 0;' }),
          500,
        );
        assert.equal(thrown.exceptionName, 'NullReferenceException');
        assert.deepEqual(await fixture.client.read('/subgraph'), []);
      });

      it('a recalculation whose fragment throws answers 500 and keeps the previous contents', async () => {
        const [a, b] = await fixture.client.vertices({}, {});
        await fixture.client.edges(
          { sourceVertex: a, targetVertex: b, edgePropertyId: 'x' },
          { sourceVertex: b, targetVertex: a, edgePropertyId: 'x' },
        );
        const before = await create({ name: 'kept', vertexFilter: 'return v => v.OutEdges.Count >= 0;' });
        assert.deepEqual([before.vertexCount, before.edgeCount], [2, 2]);
        await fixture.client.vertices({});
        assertProblem(await fixture.client.post('/subgraph/kept/recalculate'), 500);
        assert.deepEqual(await fixture.client.read('/subgraph/kept'), before);
        const page = await fixture.client.read<GraphPage>('/subgraph/kept/graph');
        assert.deepEqual([page.vertices.length, page.edges.length], [2, 2]);
      });
    });
  });
}
