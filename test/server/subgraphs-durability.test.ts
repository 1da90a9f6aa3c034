/**
 * Subgraphs survive what their recipes survive (docs/subgraphs.md, Durability): a real server process
 * killed with SIGKILL comes back with every acknowledged subgraph, in registration order, rebuilt against
 * the replayed graph with the same contents, parents before children; a deleted one stays deleted. A
 * `PUT /load` or a save-game restore brings back the saved set of subgraphs, rebuilt against the loaded
 * graph. A recipe whose rebuild fails (its template or its parent is gone) stays listed with
 * `rebuildFailure`, no contents, and answers 409 to a recalculation.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { launchServer, type ChildServer } from '../support/child-server.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

/** Sensitive routes (PUT /subgraph, POST /storedquery) admit this many calls per window here. */
const permitsPerWindow = 1000;

const serverArguments = [
  '--Svc:Durability:SaveOnShutdown=false',
  `--Svc:Security:SensitiveRateLimitPermitPerWindow=${permitsPerWindow}`,
];

/** Vertices of the test graph, each with an Int32 `w` equal to its index and a 2-d embedding. */
const vertexCount = 16;

async function call(server: ChildServer, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${server.base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectStatus(response: Response, status: number): Promise<unknown> {
  const text = await response.text();
  assert.equal(response.status, status, `${response.url} answered ${response.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

async function kill(server: ChildServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

function int32(key: string, value: number) {
  return { propertyId: key, propertyValue: String(value), fullQualifiedTypeName: 'System.Int32' };
}

/**
 * A ring of `next` edges (i -> i+1) with `jump` chords (i -> i+3 for even i), `w` on every vertex and a
 * unit embedding `default` whose angle grows with the index, so a similarity threshold keeps an arc.
 */
async function buildGraph(server: ChildServer): Promise<void> {
  const vertices = Array.from({ length: vertexCount }, (_, index) => ({
    label: 'node',
    properties: [int32('w', index)],
  }));
  const ids = (await expectStatus(
    await call(server, 'PUT', '/vertices?waitForCompletion=true', vertices),
    200,
  )) as number[];
  const edges = [];
  for (let index = 0; index < vertexCount; index++) {
    const next = (index + 1) % vertexCount;
    edges.push({ sourceVertex: ids[index], targetVertex: ids[next], edgePropertyId: 'next' });
    if (index % 2 === 0) {
      const jump = (index + 3) % vertexCount;
      edges.push({
        sourceVertex: ids[index],
        targetVertex: ids[jump],
        edgePropertyId: 'jump',
        properties: [int32('hop', 3)],
      });
    }
  }
  await expectStatus(await call(server, 'PUT', '/edges?waitForCompletion=true', edges), 200);
  for (let index = 0; index < vertexCount; index++) {
    const angle = (index * Math.PI) / vertexCount;
    await expectStatus(
      await call(server, 'PUT', `/graphelement/${ids[index]}/embedding/default?waitForCompletion=true`, {
        vector: [Math.cos(angle), Math.sin(angle)],
      }),
      202,
    );
  }
}

const template = {
  name: 'next-pairs',
  kind: 'SubGraph',
  subGraph: {
    vertexFilter: 'return v => v.TryGetProperty(out int w, "w") && w >= 4;',
    patterns: [
      { type: 'Vertex' },
      { type: 'Edge', edgePropertyFilter: 'return (p) => p == "next";' },
      { type: 'Vertex' },
    ],
  },
};

async function registerTemplate(server: ChildServer): Promise<void> {
  await expectStatus(await call(server, 'POST', '/storedquery', template), 201);
}

async function putSubgraph(server: ChildServer, body: object, fromSubGraph?: string): Promise<Summary> {
  const query = fromSubGraph === undefined ? '' : `?fromSubGraph=${encodeURIComponent(fromSubGraph)}`;
  return (await expectStatus(await call(server, 'PUT', `/subgraph${query}`, body), 201)) as Summary;
}

interface Summary {
  name: string;
  vertexCount: number;
  edgeCount: number;
  sourceFallen8Id: string;
  canRecalculate: boolean;
  rebuildFailure: string | null;
  [field: string]: unknown;
}

interface Snapshot {
  summary: Summary;
  graph: unknown;
}

async function names(server: ChildServer): Promise<string[]> {
  return (await expectStatus(await call(server, 'GET', '/subgraph'), 200)) as string[];
}

async function summaryOf(server: ChildServer, name: string): Promise<Summary> {
  return (await expectStatus(await call(server, 'GET', `/subgraph/${name}`), 200)) as Summary;
}

async function contentsOf(server: ChildServer, name: string, namespace = ''): Promise<unknown> {
  const url = `${namespace}/subgraph/${name}/graph?maxElements=100000`;
  return expectStatus(await call(server, 'GET', url), 200);
}

/** Every subgraph's summary and contents, by name, in the listed order. */
async function snapshot(server: ChildServer): Promise<Map<string, Snapshot>> {
  const result = new Map<string, Snapshot>();
  for (const name of await names(server)) {
    result.set(name, { summary: await summaryOf(server, name), graph: await contentsOf(server, name) });
  }
  return result;
}

/**
 * The summary without `sourceFallen8Id`: docs/subgraphs.md makes it a random id per namespace engine (or
 * the parent's own graph id), drawn again by each process.
 */
function stable(summary: Summary): Omit<Summary, 'sourceFallen8Id'> {
  const { sourceFallen8Id: _ignored, ...rest } = summary;
  return rest;
}

function assertSameSubgraphs(after: Map<string, Snapshot>, before: Map<string, Snapshot>): void {
  assert.deepEqual([...after.keys()], [...before.keys()]);
  for (const [name, { summary, graph }] of before) {
    const now = after.get(name)!;
    assert.deepEqual(stable(now.summary), stable(summary), `the summary of ${name}`);
    assert.deepEqual(now.graph, graph, `the contents of ${name}`);
  }
}

/** The vertex `w` values of a subgraph's contents, ascending. */
function weightsOf(graph: unknown): number[] {
  const { vertices } = graph as {
    vertices: { properties: { propertyId: string; propertyValue: string }[] }[];
  };
  return vertices
    .map((vertex) => Number(vertex.properties.find((property) => property.propertyId === 'w')!.propertyValue))
    .sort((a, b) => a - b);
}

const smallW = 'return v => v.TryGetProperty(out int w, "w") && w < 8;';

describe('subgraphs across SIGKILL, save and load', () => {
  it('every acknowledged subgraph survives SIGKILL: same order, counts and contents; parents built first', async () => {
    const directory = temporaryDirectory('subgraphs-crash');
    const first = await launchServer(directory, serverArguments);
    let before: Map<string, Snapshot>;
    let otherBefore: unknown;
    try {
      await buildGraph(first);
      await registerTemplate(first);
      await putSubgraph(first, {
        name: 'plain',
        vertexFilter: smallW,
        additionalInformation: { kind: 'plain' },
      });
      await putSubgraph(first, {
        name: 'patterned',
        patterns: [
          { vertexFilter: 'return v => v.TryGetProperty(out int w, "w") && w % 2 == 0;' },
          { type: 'Edge', edgePropertyFilter: 'return (p) => p == "jump";' },
          { patternName: 'end' },
        ],
      });
      await putSubgraph(first, {
        name: 'reach',
        patterns: [
          { vertexFilter: 'return v => v.TryGetProperty(out int w, "w") && w == 0;' },
          { type: 'VariableLengthEdge', minLength: 1, maxLength: 3 },
          {},
        ],
      });
      await putSubgraph(first, { name: 'doomed', vertexFilter: smallW });
      await putSubgraph(
        first,
        { name: 'reversed', patterns: [{}, { type: 'Edge', direction: 'In' }, {}] },
        'reach',
      );
      await putSubgraph(
        first,
        { name: 'reversed-jumps', edgeFilter: 'return e => e.TryGetProperty(out int hop, "hop");' },
        'reversed',
      );
      await putSubgraph(first, { name: 'templated', storedQuery: template.name });
      const semantic = await putSubgraph(first, {
        name: 'semantic',
        semantic: { queryVector: [1, 0], minScore: 0 },
        patterns: [{}, { type: 'Edge' }, { patternName: 'close', semanticMinScore: 0.7 }],
      });
      assert.ok(semantic.vertexCount > 0 && semantic.vertexCount < vertexCount, JSON.stringify(semantic));
      // A child registered before its parent: the parent is deleted and registered again after it.
      await putSubgraph(first, { name: 'parent', vertexFilter: smallW });
      await putSubgraph(first, { name: 'late-child', patterns: [{}, { type: 'Edge' }, {}] }, 'parent');
      await expectStatus(await call(first, 'DELETE', '/subgraph/parent'), 204);
      await putSubgraph(first, {
        name: 'parent',
        vertexFilter: 'return v => v.TryGetProperty(out int w, "w") && w >= 8;',
      });
      await expectStatus(await call(first, 'POST', '/subgraph/late-child/recalculate'), 200);
      await expectStatus(await call(first, 'DELETE', '/subgraph/doomed'), 204);
      await expectStatus(await call(first, 'PUT', '/ns/other'), 201);
      await expectStatus(await call(first, 'PUT', '/ns/other/unittest'), 200);
      await expectStatus(
        await call(first, 'PUT', '/ns/other/subgraph', {
          name: 'attackers',
          patterns: [{}, { type: 'Edge', edgePropertyFilter: 'return (p) => p == "attacks";' }, {}],
        }),
        201,
      );
      otherBefore = await contentsOf(first, 'attackers', '/ns/other');
      before = await snapshot(first);
      assert.deepEqual(
        [...before.keys()],
        [
          'plain',
          'patterned',
          'reach',
          'reversed',
          'reversed-jumps',
          'templated',
          'semantic',
          'late-child',
          'parent',
        ],
      );
      for (const { summary } of before.values()) assert.ok(summary.vertexCount > 0, JSON.stringify(summary));
      assert.deepEqual(weightsOf(before.get('late-child')!.graph), [8, 9, 10, 11, 12, 13, 14, 15]);
    } finally {
      await kill(first);
    }

    const second = await launchServer(directory, serverArguments);
    try {
      const after = await snapshot(second);
      assertSameSubgraphs(after, before);
      for (const { summary } of after.values()) {
        assert.equal(summary.rebuildFailure, null);
        assert.equal(summary.canRecalculate, true);
      }
      // Top-level extracts name the namespace's graph; a nested one names its parent's extract.
      const engineId = after.get('plain')!.summary.sourceFallen8Id;
      const sources = ['reversed', 'reversed-jumps', 'late-child'].map(
        (name) => after.get(name)!.summary.sourceFallen8Id,
      );
      assert.equal(new Set([engineId, ...sources]).size, 4);
      assert.equal((await call(second, 'GET', '/subgraph/doomed')).status, 404);
      assert.deepEqual(await contentsOf(second, 'attackers', '/ns/other'), otherBefore);
      assert.deepEqual(await expectStatus(await call(second, 'GET', '/ns/other/subgraph'), 200), [
        'attackers',
      ]);

      // Recalculation works after the restart and reads the current graph.
      await expectStatus(
        await call(second, 'PUT', '/vertex?waitForCompletion=true', {
          label: 'node',
          properties: [int32('w', 1)],
        }),
        202,
      );
      const plain = (await expectStatus(
        await call(second, 'POST', '/subgraph/plain/recalculate'),
        200,
      )) as Summary;
      assert.equal(plain.vertexCount, before.get('plain')!.summary.vertexCount + 1);
      for (const name of ['reach', 'reversed', 'reversed-jumps', 'templated', 'semantic', 'late-child']) {
        const recalculated = (await expectStatus(
          await call(second, 'POST', `/subgraph/${name}/recalculate`),
          200,
        )) as Summary;
        assert.deepEqual(stable(recalculated), stable(before.get(name)!.summary), name);
      }
    } finally {
      await kill(second);
    }
  });

  it('a rebuild that fails after SIGKILL (template or parent gone) stays listed with rebuildFailure and 409', async () => {
    const directory = temporaryDirectory('subgraphs-failure');
    const first = await launchServer(directory, serverArguments);
    try {
      await buildGraph(first);
      await registerTemplate(first);
      await putSubgraph(first, { name: 'templated', storedQuery: template.name });
      await putSubgraph(first, { name: 'parent', vertexFilter: smallW });
      const child = await putSubgraph(
        first,
        { name: 'child', patterns: [{}, { type: 'Edge' }, {}] },
        'parent',
      );
      assert.ok(child.vertexCount > 0);
      await putSubgraph(first, { name: 'healthy', vertexFilter: smallW });
      // Two recipes that read each other: 'loop-a' registered again over its own child.
      await putSubgraph(first, { name: 'loop-a', vertexFilter: smallW });
      await putSubgraph(first, { name: 'loop-b' }, 'loop-a');
      await expectStatus(await call(first, 'DELETE', '/subgraph/loop-a'), 204);
      await putSubgraph(first, { name: 'loop-a' }, 'loop-b');
      await expectStatus(await call(first, 'DELETE', `/storedquery/${template.name}`), 204);
      await expectStatus(await call(first, 'DELETE', '/subgraph/parent'), 204);
      // Before the restart the orphan keeps its contents but cannot be recalculated.
      const orphan = await summaryOf(first, 'child');
      assert.equal(orphan.vertexCount, child.vertexCount);
      assert.equal(orphan.canRecalculate, false);
      await expectStatus(await call(first, 'POST', '/subgraph/child/recalculate'), 409);
    } finally {
      await kill(first);
    }

    const second = await launchServer(directory, serverArguments);
    try {
      assert.deepEqual(await names(second), ['templated', 'child', 'healthy', 'loop-b', 'loop-a']);
      for (const [name, cause] of [
        ['templated', /next-pairs/],
        ['child', /parent/],
        ['loop-b', /loops/],
        ['loop-a', /loops/],
      ] as const) {
        const summary = await summaryOf(second, name);
        assert.match(summary.rebuildFailure ?? '', cause, name);
        assert.equal(summary.canRecalculate, false, name);
        assert.equal(summary.vertexCount, 0, name);
        assert.equal(summary.edgeCount, 0, name);
        assert.deepEqual(await contentsOf(second, name), { vertices: [], edges: [] });
        const refused = (await expectStatus(
          await call(second, 'POST', `/subgraph/${name}/recalculate`),
          409,
        )) as { type: string };
        assert.match(refused.type, /SUBGRAPH_NOT_RECALCULABLE$/);
      }
      const healthy = await summaryOf(second, 'healthy');
      assert.equal(healthy.rebuildFailure, null);
      assert.equal(healthy.vertexCount, 8);
      // A failed recipe can still be deleted.
      await expectStatus(await call(second, 'DELETE', '/subgraph/templated'), 204);
      assert.deepEqual(await names(second), ['child', 'healthy', 'loop-b', 'loop-a']);
    } finally {
      await kill(second);
    }
  });

  it('PUT /load brings back the saved subgraphs, rebuilt against the loaded graph', async () => {
    const directory = temporaryDirectory('subgraphs-load');
    const server = await launchServer(directory, serverArguments);
    try {
      await buildGraph(server);
      await registerTemplate(server);
      await putSubgraph(server, { name: 'plain', vertexFilter: smallW });
      await putSubgraph(server, { name: 'kept-nested', patterns: [{}, { type: 'Edge' }, {}] }, 'plain');
      await putSubgraph(server, { name: 'removed-later', storedQuery: template.name });
      const saved = await snapshot(server);
      const save = (await expectStatus(await call(server, 'PUT', '/save', {}), 200)) as {
        location: string;
        kpis: { subGraphs: string[] };
      };
      assert.deepEqual(save.kpis.subGraphs, ['plain', 'kept-nested', 'removed-later']);

      await expectStatus(await call(server, 'DELETE', '/subgraph/removed-later'), 204);
      await putSubgraph(server, { name: 'added-later', vertexFilter: smallW });
      await expectStatus(
        await call(server, 'PUT', '/vertex?waitForCompletion=true', {
          label: 'node',
          properties: [int32('w', 2)],
        }),
        202,
      );
      await expectStatus(await call(server, 'POST', '/subgraph/plain/recalculate'), 200);
      assert.equal((await summaryOf(server, 'plain')).vertexCount, 9);

      await expectStatus(await call(server, 'PUT', '/load', { saveGameLocation: save.location }), 204);
      const loaded = await snapshot(server);
      assertSameSubgraphs(loaded, saved);
      for (const { summary } of loaded.values()) assert.equal(summary.rebuildFailure, null);
      assert.equal((await call(server, 'GET', '/subgraph/added-later')).status, 404);
    } finally {
      await kill(server);
    }
  });

  it('a save game lists its subgraphs in kpis.subGraphs, and restoring it rebuilds them', async () => {
    const directory = temporaryDirectory('subgraphs-restore');
    const server = await launchServer(directory, serverArguments);
    try {
      await buildGraph(server);
      await putSubgraph(server, { name: 'plain', vertexFilter: smallW });
      await putSubgraph(server, {
        name: 'semantic',
        semantic: { queryVector: [0, 1], minScore: 0.5 },
      });
      const saved = await snapshot(server);
      const entry = (await expectStatus(await call(server, 'PUT', '/save', {}), 200)) as { id: string };
      const listed = (await expectStatus(await call(server, 'GET', `/savegames/${entry.id}`), 200)) as {
        kpis: { subGraphs: string[] };
        namespaces: { kpis: { subGraphs: string[] } }[];
      };
      assert.deepEqual(listed.kpis.subGraphs, ['plain', 'semantic']);
      assert.deepEqual(listed.namespaces[0]!.kpis.subGraphs, ['plain', 'semantic']);

      await expectStatus(await call(server, 'DELETE', '/subgraph/plain'), 204);
      await putSubgraph(server, { name: 'later', vertexFilter: smallW });
      await expectStatus(await call(server, 'DELETE', '/graphelement/0?waitForCompletion=true'), 202);
      await expectStatus(await call(server, 'POST', '/subgraph/semantic/recalculate'), 200);
      // A later save anchors the log, so restoring the first one installs its checkpoint.
      await expectStatus(await call(server, 'PUT', '/save', {}), 200);
      await expectStatus(await call(server, 'DELETE', '/graphelement/1?waitForCompletion=true'), 202);

      await expectStatus(
        await call(server, 'PUT', `/savegames/${entry.id}/load?waitForCompletion=true`),
        200,
      );
      assertSameSubgraphs(await snapshot(server), saved);
    } finally {
      await kill(server);
    }
  });

  it('a recipe whose template was removed before the save fails its rebuild on load and answers 409', async () => {
    const directory = temporaryDirectory('subgraphs-load-failure');
    const server = await launchServer(directory, serverArguments);
    try {
      await buildGraph(server);
      await registerTemplate(server);
      await putSubgraph(server, { name: 'templated', storedQuery: template.name });
      await expectStatus(await call(server, 'DELETE', `/storedquery/${template.name}`), 204);
      const save = (await expectStatus(await call(server, 'PUT', '/save', {}), 200)) as { location: string };
      await expectStatus(await call(server, 'PUT', '/load', { saveGameLocation: save.location }), 204);
      const summary = await summaryOf(server, 'templated');
      assert.match(summary.rebuildFailure ?? '', /next-pairs/);
      assert.equal(summary.canRecalculate, false);
      assert.equal(summary.vertexCount, 0);
      await expectStatus(await call(server, 'POST', '/subgraph/templated/recalculate'), 409);
    } finally {
      await kill(server);
    }
  });
});
