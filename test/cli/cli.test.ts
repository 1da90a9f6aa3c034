/**
 * The `skein` command end to end: the real program (dist/src/cli/main.js) in a child process against a
 * real server on loopback. Each test names the rule it checks: exit codes, what is printed, and that the
 * graph the server holds afterwards is what the command claimed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../support/server.js';

const program = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface RunOptions {
  env?: Record<string, string>;
  stdin?: string;
  /** Called once, when standard error first matches `pattern` (the watch's connection notice). */
  onStderr?: { pattern: RegExp; then: (child: ReturnType<typeof spawn>) => void };
  /** Fails the test rather than hanging when the command does not end. */
  timeoutMs?: number;
}

function skein(args: readonly string[], options: RunOptions = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const environment: NodeJS.ProcessEnv = { ...process.env, ...options.env };
    if (options.env?.SKEIN_API_KEY === undefined) delete environment.SKEIN_API_KEY;
    if (options.env?.SKEIN_BASE === undefined) delete environment.SKEIN_BASE;
    const child = spawn(process.execPath, [program, ...args], { env: environment, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    let notified = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const wanted = options.onStderr;
      if (wanted !== undefined && !notified && wanted.pattern.test(stderr)) {
        notified = true;
        wanted.then(child);
      }
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`skein ${args.join(' ')} did not finish; stdout: ${stdout}; stderr: ${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/** A small graph file: `vertices` people in a ring of `knows` edges, one property each. */
function ringFile(vertices: number): string {
  const lines = [
    JSON.stringify({
      type: 'meta',
      format: 'svc-jsonl',
      version: 2,
      vertexCount: vertices,
      edgeCount: vertices,
    }),
  ];
  for (let i = 0; i < vertices; i++) {
    lines.push(
      JSON.stringify({
        type: 'vertex',
        id: i,
        label: 'person',
        creationDate: 0,
        properties: { name: { type: 'System.String', value: `p${i}` } },
      }),
    );
  }
  for (let i = 0; i < vertices; i++) {
    lines.push(
      JSON.stringify({
        type: 'edge',
        id: vertices + i,
        edgePropertyId: 'knows',
        source: i,
        target: (i + 1) % vertices,
        creationDate: 0,
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function counts(server: TestServer, prefix = ''): Promise<{ vertices: number; edges: number }> {
  const reply = await fetch(`${server.url}${prefix}/graph?maxElements=100000`);
  const graph = (await reply.json()) as { vertices: unknown[]; edges: unknown[] };
  return { vertices: graph.vertices.length, edges: graph.edges.length };
}

async function clear(server: TestServer, prefix = ''): Promise<void> {
  const reply = await fetch(`${server.url}${prefix}/tabularasa`, { method: 'HEAD' });
  assert.ok(reply.ok, `clearing failed: ${reply.status}`);
}

let directory: string;
before(async () => {
  directory = await mkdtemp(join(tmpdir(), 'skein-cli-'));
});
after(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('usage', () => {
  test('a checkout links its own skein command into node_modules/.bin, so npx skein runs it', async () => {
    // npm links only dependencies' commands; `prepare` (scripts/link-own-bin.mjs) links the package's own.
    const link = fileURLToPath(new URL('../../../node_modules/.bin/skein', import.meta.url));
    assert.equal(await realpath(link), await realpath(program));
    const outcome = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(link, ['help'], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    assert.equal(outcome, 0, 'runs as an executable');
  });

  test('help prints the usage and exits 0', async () => {
    const outcome = await skein(['help']);
    assert.equal(outcome.code, 0);
    assert.match(outcome.stdout, /Usage: skein <command>/);
    assert.match(outcome.stdout, /import FILE/);
  });

  test('version prints the package version', async () => {
    const manifest = JSON.parse(
      await readFile(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    const outcome = await skein(['version']);
    assert.equal(outcome.code, 0);
    assert.equal(outcome.stdout.trim(), manifest.version);
  });

  for (const [args, why] of [
    [['frobnicate'], /unknown command "frobnicate"/],
    [['import'], /import needs a FILE/],
    [['import', 'a', 'b'], /one FILE/],
    [['export', '--no-such-option'], /Unknown option/],
    [['watch', '--count', '0'], /--count "0" must be a positive integer/],
    [['watch', '--base', 'not a url'], /is not a URL/],
    [['watch', '--base', 'ftp://example.com'], /http: or https:/],
  ] as const) {
    test(`a usage error exits 2: skein ${args.join(' ')}`, async () => {
      const outcome = await skein(args);
      assert.equal(outcome.code, 2, outcome.stderr);
      assert.match(outcome.stderr, why);
      assert.match(outcome.stderr, /skein help/);
    });
  }

  test('an unreachable service exits 1 and says which address it tried', async () => {
    const outcome = await skein(['export', '--base', 'http://127.0.0.1:9']);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  test('a missing import file exits 1 naming the file', async () => {
    const outcome = await skein(['import', join(directory, 'absent.jsonl'), '--base', 'http://127.0.0.1:9']);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /cannot read .*absent\.jsonl/);
  });
});

describe('against a running service', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
    const created = await fetch(`${server.url}/ns/cli`, { method: 'PUT' });
    assert.ok(created.ok, `creating the namespace failed: ${created.status}`);
  });
  after(() => server.close());

  test('import streams a file into the graph and prints the created counts', async () => {
    await clear(server);
    const file = join(directory, 'ring.jsonl');
    await writeFile(file, ringFile(500));
    const outcome = await skein(['import', file, '--base', server.url]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stdout, /imported 500 vertices and 500 edges \(1001 lines\)/);
    assert.deepEqual(await counts(server), { vertices: 500, edges: 500 });
  });

  test('import --ns addresses that namespace and leaves the default one alone', async () => {
    await clear(server);
    await clear(server, '/ns/cli');
    const file = join(directory, 'ring-ns.jsonl');
    await writeFile(file, ringFile(20));
    const outcome = await skein(['import', file, '--ns', 'cli', '--base', server.url]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.deepEqual(await counts(server, '/ns/cli'), { vertices: 20, edges: 20 });
    assert.deepEqual(await counts(server), { vertices: 0, edges: 0 });
  });

  test('import --ns with --create makes the namespace first; without it a missing namespace is a 404', async () => {
    const file = join(directory, 'ring-create.jsonl');
    await writeFile(file, ringFile(5));
    const missing = await skein(['import', file, '--ns', 'fresh', '--base', server.url]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /HTTP 404 Namespace not found/);
    const created = await skein(['import', file, '--ns', 'fresh', '--create', '--base', server.url]);
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual(await counts(server, '/ns/fresh'), { vertices: 5, edges: 5 });
    const usage = await skein(['import', file, '--create', '--base', server.url]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--create needs --ns NAME/);
  });

  test('import - reads standard input', async () => {
    await clear(server);
    const outcome = await skein(['import', '-', '--base', server.url], { stdin: ringFile(3) });
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.deepEqual(await counts(server), { vertices: 3, edges: 3 });
  });

  test('a refused line exits 1 with the reason, its line number and the line itself', async () => {
    await clear(server);
    const file = join(directory, 'bad.jsonl');
    const lines = ringFile(4).trimEnd().split('\n');
    lines[3] = '{"type":"vertex","id":2,"creationDate":0,"colour":"red"}';
    await writeFile(file, `${lines.join('\n')}\n`);
    const outcome = await skein(['import', file, '--base', server.url]);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /import failed: HTTP 400/);
    assert.match(outcome.stderr, /lineNumber: 4/);
    assert.match(outcome.stderr, /line 4: \{"type":"vertex","id":2,"creationDate":0,"colour":"red"\}/);
  });

  test('importing into a graph that is not empty exits 1 with the 409', async () => {
    await clear(server);
    await fetch(`${server.url}/vertex?waitForCompletion=true`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const file = join(directory, 'small.jsonl');
    await writeFile(file, ringFile(2));
    const outcome = await skein(['import', file, '--base', server.url]);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /HTTP 409/);
  });

  test('export writes the route body to standard output unchanged', async () => {
    await clear(server);
    const file = join(directory, 'ring-export.jsonl');
    await writeFile(file, ringFile(50));
    assert.equal((await skein(['import', file, '--base', server.url])).code, 0);
    const outcome = await skein(['export', '--base', server.url]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const direct = await (await fetch(`${server.url}/bulk/export`)).text();
    const withoutStamp = (text: string) => text.replace(/"exportedAtUtc":"[^"]*",?/, '');
    assert.equal(withoutStamp(outcome.stdout), withoutStamp(direct));
    assert.equal(outcome.stdout.trimEnd().split('\n').length, 101);
    assert.match(outcome.stderr, /exported 50 vertices and 50 edges/);
  });

  test('export -o writes the file only when the stream completed, with filters applied', async () => {
    await clear(server);
    const file = join(directory, 'ring-filter.jsonl');
    await writeFile(file, ringFile(10));
    assert.equal((await skein(['import', file, '--base', server.url])).code, 0);
    const target = join(directory, 'out', 'filtered.jsonl');
    await rm(join(directory, 'out'), { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(join(directory, 'out')));
    const outcome = await skein([
      'export',
      '--base',
      server.url,
      '-o',
      target,
      '--edge-property-id',
      'nothing-has-this-type',
      '-q',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.equal(outcome.stderr, '');
    assert.deepEqual(await readdir(join(directory, 'out')), ['filtered.jsonl']);
    const lines = (await readFile(target, 'utf8')).trimEnd().split('\n');
    const meta = JSON.parse(lines[0]) as { vertexCount: number; edgeCount: number };
    assert.equal(meta.vertexCount, 10);
    assert.equal(meta.edgeCount, 0);
    assert.equal(lines.length, 11);
  });

  async function createVertex(label: string, prefix = ''): Promise<void> {
    const reply = await fetch(`${server.url}${prefix}/vertex?waitForCompletion=true`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ label }),
    });
    assert.ok(reply.ok, `creating a vertex failed: ${reply.status}`);
  }

  test('watch prints live events once connected, as JSON with --json, filtered, and stops after --count', async () => {
    const outcome = await skein(
      [
        'watch',
        '--base',
        server.url,
        '--json',
        '--count',
        '2',
        '--kinds',
        'vertexCreated',
        '--labels',
        'live',
      ],
      {
        onStderr: {
          pattern: /watching /,
          then: () => {
            void (async () => {
              await createVertex('other');
              await createVertex('live');
              await createVertex('live');
            })();
          },
        },
      },
    );
    assert.equal(outcome.code, 0, outcome.stderr);
    const events = outcome.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; element: string; label: string; seq: number });
    assert.equal(events.length, 2);
    for (const event of events)
      assert.deepEqual([event.kind, event.element, event.label], ['vertexCreated', 'vertex', 'live']);
    assert.ok(events[0].seq < events[1].seq);
  });

  test('watch --since replays buffered events in a readable line each', async () => {
    // A namespace of its own: its feed's buffer holds exactly these events (a clear would add a resync).
    assert.equal((await fetch(`${server.url}/ns/cli-since`, { method: 'PUT' })).status, 201);
    await createVertex('replayed', '/ns/cli-since');
    await createVertex('replayed', '/ns/cli-since');
    const outcome = await skein([
      'watch',
      '--base',
      server.url,
      '--ns',
      'cli-since',
      '--since',
      '0',
      '--labels',
      'replayed',
      '--count',
      '2',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const lines = outcome.stdout.trimEnd().split('\n');
    assert.deepEqual(
      lines.map((line) => line.split(' ')[0]),
      ['1', '2'],
    );
    for (const line of lines) assert.match(line, /^\d+ \S+Z vertexCreated vertex \d+ label=replayed$/);
  });

  test('watch with an unknown kind exits 1 with the service 400', async () => {
    const outcome = await skein(['watch', '--base', server.url, '--kinds', 'vertexExploded']);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /watch failed: HTTP 400/);
  });

  test('an interrupted watch exits 130', async () => {
    const outcome = await skein(['watch', '--base', server.url], {
      onStderr: { pattern: /watching /, then: (child) => child.kill('SIGINT') },
    });
    assert.equal(outcome.code, 130, outcome.stderr);
  });
});

describe('with an API key', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ apiKey: 'sesame' });
  });
  after(() => server.close());

  test('a missing key exits 1 with the 401 and a hint', async () => {
    const outcome = await skein(['export', '--base', server.url]);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /HTTP 401/);
    assert.match(outcome.stderr, /--key or SKEIN_API_KEY/);
  });

  test('--key and SKEIN_API_KEY both authenticate', async () => {
    assert.equal((await skein(['export', '--base', server.url, '--key', 'sesame', '-q'])).code, 0);
    const fromEnvironment = await skein(['export', '-q'], {
      env: { SKEIN_API_KEY: 'sesame', SKEIN_BASE: server.url },
    });
    assert.equal(fromEnvironment.code, 0, fromEnvironment.stderr);
    assert.match(fromEnvironment.stdout, /"type":"meta"/);
  });

  test('--key-header names the header the key travels in', async () => {
    const custom = await startServer({ apiKey: 'sesame', apiKeyHeaderName: 'X-Skein-Key' });
    try {
      const outcome = await skein([
        'export',
        '--base',
        custom.url,
        '--key',
        'sesame',
        '--key-header',
        'X-Skein-Key',
        '-q',
      ]);
      assert.equal(outcome.code, 0, outcome.stderr);
    } finally {
      await custom.close();
    }
  });
});
