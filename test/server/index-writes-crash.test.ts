/**
 * Explicit index writes are durable (docs/indexes.md, Persistence; the ancestor keeps them only until the
 * next save): a real server killed with SIGKILL comes back with every index write it acknowledged, before
 * and after its last save, in commit order among element writes and index definitions (keyed lookups,
 * both removals, a fulltext index, explicit vectors and their kNN answers), and with none it refused.
 * Under concurrent index writes killed at random moments, every acknowledged write is present after the
 * restart, each cut-off write is there whole or not at all, and nothing appears that was never written.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { temporaryDirectory } from '../engine/durability/support.js';
import { launchServer as launchChildServer, type ChildServer } from '../support/child-server.js';
import { seededRandom } from '../support/seeded-random.js';

async function request(server: ChildServer, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${server.base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A request that must succeed (2xx): its JSON answer, or undefined for no body. */
async function call(server: ChildServer, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await request(server, method, url, body);
  const text = await response.text();
  assert.ok(response.status < 300, `${method} ${url} answered ${response.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const spec = (propertyValue: string, fullQualifiedTypeName = 'System.String') => ({
  propertyValue,
  fullQualifiedTypeName,
});
const literal = (value: string, fullQualifiedTypeName = 'System.String') => ({
  value,
  fullQualifiedTypeName,
});

async function kill(server: ChildServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

function stillRunning(server: ChildServer): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

const vectorIndex = (uniqueId: string, dimension: number) => ({
  uniqueId,
  pluginType: 'VectorIndex',
  pluginOptions: { dimension: spec(String(dimension), 'System.Int32'), metric: spec('L2') },
});

const tagKeys = ['red', 'blue', 'green', 'x', 'y', 'z'];
const knnQueries = [
  [0, 0, 0],
  [5, 5, 4],
  [0, 1, 1],
];

/** Everything a client can ask of the indexes of the first test. */
async function observe(server: ChildServer): Promise<unknown> {
  const scans: Record<string, unknown> = {};
  for (const indexId of ['tags', 'gone']) {
    for (const key of tagKeys) {
      scans[`${indexId}:${key}`] = await call(server, 'POST', '/scan/index/all', {
        indexId,
        literal: literal(key),
        resultType: 'Both',
      });
    }
  }
  scans['ages:range'] = await call(server, 'POST', '/scan/index/range', {
    indexId: 'ages',
    leftLimit: '0',
    rightLimit: '100',
    fullQualifiedTypeName: 'System.Int32',
    includeLeft: true,
    includeRight: true,
  });
  scans['ages:>=35'] = await call(server, 'POST', '/scan/index/all', {
    indexId: 'ages',
    operator: 2,
    literal: literal('35', 'System.Int32'),
  });
  scans['notes:graph'] = await call(server, 'POST', '/scan/index/fulltext', {
    indexId: 'notes',
    requestString: 'graph',
  });
  for (const query of knnQueries) {
    scans[`vec:${query.join(',')}`] = await call(server, 'POST', '/scan/index/vector', {
      indexId: 'vec',
      query,
      k: 8,
    });
  }
  const status = (await call(server, 'GET', '/status')) as { indices: unknown[] };
  return { scans, indices: status.indices };
}

describe('index writes across a crash', () => {
  it('every acknowledged index write survives SIGKILL, before and after the last save, and no refused one appears', async () => {
    const storage = temporaryDirectory();
    const options = ['--Svc:Durability:SaveOnShutdown=false'];
    const first = await launchChildServer(storage, options);
    let before: unknown;
    try {
      await call(
        first,
        'PUT',
        '/vertices?waitForCompletion=true',
        Array.from({ length: 8 }, () => ({})),
      );
      for (const [uniqueId, pluginType] of [
        ['tags', 'DictionaryIndex'],
        ['ages', 'RangeIndex'],
        ['notes', 'RegExIndex'],
        ['gone', 'DictionaryIndex'],
      ]) {
        assert.equal(await call(first, 'POST', '/index', { uniqueId, pluginType }), true);
      }
      assert.equal(await call(first, 'POST', '/index', vectorIndex('vec', 3)), true);
      const add = (indexId: string, graphElementId: number, key: { propertyValue: string }) =>
        call(first, 'PUT', `/index/${indexId}`, { graphElementId, key });
      const put = (graphElementId: number, body: object) =>
        call(first, 'PUT', '/index/vector/vec', { graphElementId, ...body });
      // Before the save: the checkpoint holds these.
      for (const [id, tag] of [
        [0, 'red'],
        [1, 'red'],
        [2, 'blue'],
      ] as const) {
        assert.equal(await add('tags', id, spec(tag)), true);
      }
      assert.equal(await add('ages', 0, spec('30', 'System.Int32')), true);
      assert.equal(await add('ages', 1, spec('40', 'System.Int32')), true);
      assert.equal(await add('notes', 0, spec('graph databases')), true);
      assert.equal(await add('gone', 3, spec('x')), true);
      assert.equal(await put(0, { vector: [1, 0, 0] }), true);
      assert.equal(await put(1, { vector: [0, 1, 0] }), true);
      // Writes racing the save: each is either in the checkpoint or in the log after its cut, never both.
      const racing = await Promise.all([
        call(first, 'PUT', '/save', {}),
        add('tags', 5, spec('x')),
        add('tags', 6, spec('x')),
        put(5, { vector: [7, 7, 7] }),
        add('ages', 6, spec('50', 'System.Int32')),
      ]);
      assert.deepEqual(racing.slice(1), [true, true, true, true]);

      // After the save: only the write-ahead log knows these.
      assert.equal(await add('tags', 3, spec('red')), true);
      assert.equal(await call(first, 'DELETE', '/index/tags/1'), true); // one element's memberships
      assert.equal(await call(first, 'DELETE', '/index/tags/propertyValue', spec('blue')), true); // a key
      assert.equal(await add('tags', 4, spec('green')), true);
      assert.equal(await add('ages', 2, spec('35', 'System.Int32')), true);
      assert.equal(await call(first, 'DELETE', '/index/ages/0'), true);
      assert.equal(await add('ages', 5, spec('30', 'System.Int32')), true);
      assert.equal(await add('notes', 1, spec('Graph theory')), true);
      assert.equal(await put(2, { vector: [0, 0, 1] }), true);
      assert.equal(await put(0, { vector: [5, 5, 5] }), true); // replaces the saved vector
      assert.equal(await call(first, 'DELETE', '/index/vec/1'), true);
      await call(first, 'PUT', '/graphelement/3/embedding/text?waitForCompletion=true', {
        vector: [3, 3, 3],
      });
      assert.equal(await put(3, { propertyId: '$embedding:text' }), true);
      await call(first, 'PUT', '/graphelement/3/embedding/text?waitForCompletion=true', {
        vector: [9, 9, 9],
      });
      // A write, then the index dropped, then created again and written.
      assert.equal(await add('gone', 4, spec('y')), true);
      assert.equal(await call(first, 'DELETE', '/index/gone'), true);
      assert.equal(
        await call(first, 'POST', '/index', { uniqueId: 'gone', pluginType: 'DictionaryIndex' }),
        true,
      );
      assert.equal(await add('gone', 6, spec('z')), true);
      // An element removal purges what was written for it.
      assert.equal(await put(4, { vector: [4, 4, 4] }), true);
      await call(first, 'DELETE', '/graphelement/4?waitForCompletion=true');
      // Refused writes: false, or the vector route's 4xx; none of them is logged.
      assert.equal(await add('never', 0, spec('red')), false);
      assert.equal(await add('tags', 99, spec('red')), false);
      assert.equal(await call(first, 'DELETE', '/index/tags/99'), false);
      assert.equal(await call(first, 'DELETE', '/index/tags/propertyValue', spec('absent')), false);
      assert.equal(
        (await request(first, 'PUT', '/index/vector/vec', { graphElementId: 5, vector: [1] })).status,
        400,
      );
      assert.equal(
        (await request(first, 'PUT', '/index/vector/nope', { graphElementId: 5, vector: [1, 1, 1] })).status,
        404,
      );
      assert.equal(
        (await request(first, 'PUT', '/index/vector/vec', { graphElementId: 99, vector: [1, 1, 1] })).status,
        404,
      );

      before = await observe(first);
      const scans = (before as { scans: Record<string, unknown> }).scans;
      assert.deepEqual(scans['tags:red'], [0, 3]);
      assert.deepEqual(scans['tags:x'], [5, 6]);
      assert.deepEqual(scans['tags:blue'], []);
      assert.deepEqual(scans['tags:green'], []);
      assert.deepEqual(scans['gone:x'], []);
      assert.deepEqual(scans['gone:y'], []);
      assert.deepEqual(scans['gone:z'], [6]);
      assert.deepEqual(scans['ages:range'], [1, 2, 5, 6]);
      assert.deepEqual(scans['ages:>=35'], [1, 2, 6]);
      assert.deepEqual(
        (scans['notes:graph'] as { elements: { graphElementId: number }[] }).elements
          .map((hit) => hit.graphElementId)
          .sort(),
        [0, 1],
      );
      // Nearest to the origin: 2 at (0,0,1), 3 at (3,3,3) as read from its embedding then, 0 at (5,5,5),
      // 5 at (7,7,7).
      assert.deepEqual(
        (scans['vec:0,0,0'] as { results: { graphElementId: number }[] }).results.map(
          (hit) => hit.graphElementId,
        ),
        [2, 3, 0, 5],
      );
    } finally {
      await kill(first);
    }

    const second = await launchChildServer(storage, options);
    try {
      assert.deepEqual(await observe(second), before);
    } finally {
      await kill(second);
    }
  });

  it('concurrent index writes killed at random moments: acknowledged ones present, cut-off ones whole or absent', async (t) => {
    const seed = Number(process.env.SKEIN_CRASH_SEED ?? Date.now() % 1_000_000);
    const random = seededRandom(seed);
    const storage = temporaryDirectory();
    const options = ['--Svc:Writer:MinTransactionsToOverlap=1'];
    const cycles = 3;
    const writers = 6;
    const elements = 4000;
    /** Each key belongs to one element and each vector to one element: one writer writes each, in turn. */
    const keys: Tracked[] = [];
    const vectors: (Tracked & { vector: number[] })[] = [];
    let next = 0;
    let acknowledged = 0;

    const check = async (server: ChildServer, cycle: number) => {
      const where = (what: string) => `cycle ${cycle}, seed ${seed}: ${what}`;
      let present = 0;
      for (const tracked of keys) {
        const found = (await call(server, 'POST', '/scan/index/all', {
          indexId: 'keys',
          literal: literal(tracked.key),
          resultType: 'Both',
        })) as number[];
        assert.ok(
          found.length === 0 || (found.length === 1 && found[0] === tracked.element),
          where(tracked.key),
        );
        settle(tracked, found.length === 1, where(`key ${tracked.key}`));
        if (found.length === 1) present++;
      }
      let vectorsPresent = 0;
      for (const tracked of vectors) {
        const { results } = (await call(server, 'POST', '/scan/index/vector', {
          indexId: 'vec',
          query: tracked.vector,
          k: 1,
        })) as { results: { graphElementId: number; score: number }[] };
        const top = results[0];
        // A vector is there exactly as written (distance 0 to itself) or not at all.
        if (top?.graphElementId === tracked.element)
          assert.equal(top.score, 0, where(`vector of ${tracked.element}`));
        const found = top !== undefined && top.score === 0 && top.graphElementId === tracked.element;
        settle(tracked, found, where(`vector of ${tracked.element}`));
        if (found) vectorsPresent++;
      }
      // Nothing appears that was never written.
      const { indices } = (await call(server, 'GET', '/status')) as {
        indices: { indexId: string; values: number }[];
      };
      assert.deepEqual(
        indices.map(({ indexId, values }) => [indexId, values]),
        [
          ['keys', present],
          ['vec', vectorsPresent],
        ],
        where('index sizes'),
      );
    };

    const writer = async (server: ChildServer, stop: () => boolean, onAcknowledged: () => void) => {
      for (let n = 0; !stop(); n++) {
        const element = next++ % elements;
        let tracked: Tracked;
        let url: string;
        let method = 'PUT';
        let body: unknown;
        const removable = keys.filter((key) => key.state === 'present');
        if (n % 4 === 3 && removable.length > 0) {
          tracked = removable[Math.floor(random() * removable.length)];
          tracked.state = 'pending';
          tracked.before = 'present';
          tracked.after = 'absent';
          url = '/index/keys/propertyValue';
          method = 'DELETE';
          body = spec(tracked.key);
        } else if (n % 2 === 0) {
          tracked = { key: `k${keys.length}`, element, state: 'pending', before: 'absent', after: 'present' };
          keys.push(tracked);
          url = '/index/keys';
          body = { graphElementId: element, key: spec(tracked.key) };
        } else {
          // One vector per element, written once (the elements outnumber what a run writes).
          if (vectors.some((other) => other.element === element)) continue;
          const vector = [element, random() * 100, -random() * 100];
          const entry: Tracked & { vector: number[] } = {
            key: '',
            element,
            vector,
            state: 'pending',
            before: 'absent',
            after: 'present',
          };
          vectors.push(entry);
          tracked = entry;
          url = '/index/vector/vec';
          body = { graphElementId: element, vector };
        }
        let answer: unknown;
        try {
          const response = await request(server, method, url, body);
          const text = await response.text();
          assert.equal(response.status, 200, `${method} ${url}: ${text}`);
          answer = JSON.parse(text);
        } catch (error) {
          if (error instanceof assert.AssertionError) throw error;
          return; // the server died mid-request: the outcome is unknown until the restart
        }
        assert.equal(answer, true, `${method} ${url}`);
        tracked.state = tracked.after;
        acknowledged++;
        onAcknowledged();
      }
    };

    let server = await launchChildServer(storage, options);
    try {
      await call(
        server,
        'PUT',
        '/vertices?waitForCompletion=true',
        Array.from({ length: elements }, () => ({})),
      );
      assert.equal(
        await call(server, 'POST', '/index', { uniqueId: 'keys', pluginType: 'DictionaryIndex' }),
        true,
      );
      assert.equal(await call(server, 'POST', '/index', vectorIndex('vec', 3)), true);
      for (let cycle = 0; cycle < cycles; cycle++) {
        let stopped = false;
        let onAcknowledged = (): void => undefined;
        const firstAcknowledged = new Promise<void>((resolve) => (onAcknowledged = resolve));
        const running = server;
        const load = Array.from({ length: writers }, () =>
          writer(
            running,
            () => stopped,
            () => onAcknowledged(),
          ),
        );
        await Promise.race([firstAcknowledged, Promise.all(load)]);
        await new Promise((resolve) => setTimeout(resolve, 100 + random() * 400));
        stopped = true;
        await kill(server);
        await Promise.all(load);
        server = await launchChildServer(storage, options);
        await check(server, cycle);
      }
    } finally {
      if (stillRunning(server)) await kill(server);
    }
    const cutOff = [...keys, ...vectors].filter((tracked) => tracked.cutOff !== undefined);
    t.diagnostic(
      `${acknowledged} acknowledged index writes; of those cut off by a kill, ` +
        `${cutOff.filter((tracked) => tracked.cutOff === 'applied').length} were found applied after the ` +
        `restart and ${cutOff.filter((tracked) => tracked.cutOff === 'lost').length} were not`,
    );
  });
});

type Presence = 'present' | 'absent';

/** A key (or an element's vector) and what the server said of it: its state, or a write in flight. */
interface Tracked {
  key: string;
  element: number;
  state: Presence | 'pending';
  /** The state before and after the write in flight (while `state` is pending). */
  before: Presence;
  after: Presence;
  /** How a write cut off by a kill turned out. */
  cutOff?: 'applied' | 'lost';
}

/** Checks what a restart found against what was acknowledged; a write cut off becomes what was found. */
function settle(tracked: Tracked, found: boolean, where: string): void {
  const seen: Presence = found ? 'present' : 'absent';
  if (tracked.state !== 'pending') {
    assert.equal(seen, tracked.state, `${where}: an acknowledged write is kept`);
    return;
  }
  assert.ok(seen === tracked.before || seen === tracked.after, where);
  tracked.cutOff = seen === tracked.after ? 'applied' : 'lost';
  tracked.state = seen;
  tracked.before = seen;
}
