/**
 * The crash loop: a real server process (`node dist/src/main.js`, its own storage directory) under
 * concurrent acknowledged writes (`waitForCompletion=true`) is killed with SIGKILL at a random moment,
 * restarted, and checked:
 * - every acknowledged write is present, with the ids it was acknowledged with;
 * - no transaction is partial: a batch's elements are all there or none is;
 * - what a restart found stays found, what it did not find never appears later.
 *
 * 25 cycles by default; set SKEIN_CRASH_CYCLES for more (SKEIN_CRASH_SEED reproduces a run).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { temporaryDirectory } from './support.js';
import { launchServer as launch, type ChildServer as Server } from '../../support/child-server.js';
import { seededRandom } from '../../support/seeded-random.js';

const cycles = Number(process.env.SKEIN_CRASH_CYCLES ?? 25);
const seed = Number(process.env.SKEIN_CRASH_SEED ?? Date.now() % 1_000_000);
const writers = 8;
/** Every group goes in flight beside pending syncs (the default waits for 32), so kills find groups in flight. */
const serverArguments = ['--Svc:Writer:MinTransactionsToOverlap=1'];

interface Batch {
  tag: string;
  kind: 'vertex' | 'edge';
  size: number;
  /** The ids the server acknowledged, or null when the request died with the server. */
  ids: number[] | null;
}

interface WireElement {
  id: number;
  label: string | null;
  properties: { propertyId: string; propertyValue: string }[];
  sourceVertex?: number;
  targetVertex?: number;
}

/** Everything in the graph, by id. */
async function readGraph(base: string): Promise<Map<number, WireElement & { kind: 'vertex' | 'edge' }>> {
  const response = await fetch(`${base}/graph?maxElements=100000`);
  assert.equal(response.status, 200);
  const graph = (await response.json()) as { vertices: WireElement[]; edges: WireElement[] };
  const all = new Map<number, WireElement & { kind: 'vertex' | 'edge' }>();
  for (const vertex of graph.vertices) all.set(vertex.id, { ...vertex, kind: 'vertex' });
  for (const edge of graph.edges) all.set(edge.id, { ...edge, kind: 'edge' });
  return all;
}

describe('crash loop', () => {
  it(`every acknowledged write survives SIGKILL at random moments (${cycles} cycles, seed ${seed})`, async (t) => {
    const random = seededRandom(seed);
    const storage = temporaryDirectory();
    const batches: Batch[] = [];
    /** Tags a restart did not find: they must never appear later. */
    const lost = new Set<string>();
    /** Vertex ids known to exist (acknowledged or found after a restart), for edge endpoints. */
    const knownVertices: number[] = [];
    let acknowledged = 0;
    /** Called once the running cycle has its first acknowledged write. */
    let onAcknowledged = (): void => undefined;

    const check = async (server: Server, cycle: number) => {
      const graph = await readGraph(server.base);
      const byTag = new Map<string, number[]>();
      for (const element of graph.values()) {
        assert.ok(element.label !== null, `element ${element.id} has no tag`);
        const list = byTag.get(element.label) ?? [];
        list.push(element.id);
        byTag.set(element.label, list);
        const index = element.properties.find((p) => p.propertyId === 'index')?.propertyValue;
        assert.ok(index !== undefined, `element ${element.id} lost its properties`);
      }
      for (const batch of batches) {
        const found = byTag.get(batch.tag) ?? [];
        byTag.delete(batch.tag);
        const where = `cycle ${cycle}, seed ${seed}, batch ${batch.tag}`;
        if (batch.ids !== null) {
          assert.deepEqual(found, batch.ids, `${where}: an acknowledged batch is present with its ids`);
          for (const id of batch.ids) assert.equal(graph.get(id)?.kind, batch.kind, where);
          continue;
        }
        if (found.length === 0) {
          lost.add(batch.tag);
          continue;
        }
        assert.ok(!lost.has(batch.tag), `${where}: a batch missing after an earlier restart reappeared`);
        assert.equal(found.length, batch.size, `${where}: no transaction is partial`);
        // Found after a restart: it is history now, and must stay.
        batch.ids = found;
        if (batch.kind === 'vertex') knownVertices.push(...found);
      }
      assert.deepEqual([...byTag.keys()], [], 'nothing appears that was never written');
    };

    const writer = async (server: Server, cycle: number, worker: number, stop: () => boolean) => {
      for (let n = 0; !stop(); n++) {
        const tag = `c${cycle}-w${worker}-${n}`;
        const size = 1 + Math.floor(random() * 4);
        const edges = knownVertices.length > 0 && random() < 0.3;
        const properties = (i: number) => [
          { propertyId: 'index', propertyValue: String(i), fullQualifiedTypeName: 'System.Int32' },
          {
            propertyId: 'at',
            propertyValue: String(BigInt(Date.now()) * 10_000n),
            fullQualifiedTypeName: 'long',
          },
        ];
        const pick = () => knownVertices[Math.floor(random() * knownVertices.length)];
        const body = Array.from({ length: size }, (_, i) =>
          edges
            ? {
                sourceVertex: pick(),
                targetVertex: pick(),
                edgePropertyId: 'link',
                label: tag,
                properties: properties(i),
              }
            : { label: tag, properties: properties(i) },
        );
        const batch: Batch = { tag, kind: edges ? 'edge' : 'vertex', size, ids: null };
        batches.push(batch);
        let response: Response;
        try {
          response = await fetch(`${server.base}/${edges ? 'edges' : 'vertices'}?waitForCompletion=true`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const text = await response.text();
          assert.equal(response.status, 200, `${tag}: ${text}`);
          batch.ids = JSON.parse(text) as number[];
        } catch (error) {
          // fetch and the body read fail with a TypeError when the connection drops; anything else is a fault.
          if (!(error instanceof TypeError)) throw error;
          return; // the server died mid-request: the outcome is unknown until the restart
        }
        acknowledged++;
        onAcknowledged();
        if (!edges) knownVertices.push(...batch.ids);
      }
    };

    for (let cycle = 0; cycle < cycles; cycle++) {
      const server = await launch(storage, serverArguments);
      try {
        await check(server, cycle);
        let killed = false;
        // The kill comes at a random moment after the cycle's first acknowledged write, so every cycle
        // kills a server that is taking writes, however slowly a loaded machine starts it.
        const firstAcknowledged = new Promise<void>((resolve) => (onAcknowledged = resolve));
        const load = Array.from({ length: writers }, (_, worker) =>
          writer(server, cycle, worker, () => killed),
        );
        // (If every writer stops first, the server died by itself: the check after the restart tells.)
        await Promise.race([firstAcknowledged, Promise.all(load)]);
        await new Promise((resolve) => setTimeout(resolve, random() * 200));
        killed = true;
        server.child.kill('SIGKILL');
        await Promise.all(load);
        await server.exited;
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      }
    }
    const last = await launch(storage, serverArguments);
    try {
      await check(last, cycles);
      last.child.kill('SIGTERM');
      await last.exited;
      assert.equal(last.child.exitCode, 0, last.output());
    } finally {
      if (last.child.exitCode === null && last.child.signalCode === null) last.child.kill('SIGKILL');
    }
    assert.ok(acknowledged >= cycles, `only ${acknowledged} writes were acknowledged in ${cycles} cycles`);
    const unknown = batches.filter((batch) => !lost.has(batch.tag)).length - acknowledged;
    t.diagnostic(
      `${acknowledged} acknowledged batches; of those cut off by a kill, ${unknown} were found after the ` +
        `restart and ${lost.size} were not`,
    );
  });
});
