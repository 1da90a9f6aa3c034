/**
 * Runs every benchmark in sequence, each in its own child process (`node --expose-gc dist/bench/x.js`),
 * and prints their outputs. `--quick` passes scaled-down sizes to each script.
 *
 *   npm run bench                      (builds first)
 *   node dist/bench/run-all.js [--quick] [--only memory,traversal]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineBlock } from './machine.js';

const scripts = [
  'memory',
  'traversal',
  'writes',
  'http-get-vertex',
  'event-loop',
  'fragments-runtime',
  'fragments-compile',
  'fragments-budget',
  'value-parse',
  'save-load',
  'save-load-contents',
  'durable-writes',
  'index-writes',
  'indexes',
  'vector-knn',
  'changefeed',
  'changefeed-http',
  'changefeed-connections',
  'bulk',
  'paths',
  'subgraphs',
  'benchmark-route',
] as const;

const { values } = parseArgs({
  options: { quick: { type: 'boolean' }, only: { type: 'string' } },
  strict: true,
});
const selected = values.only === undefined ? [...scripts] : values.only.split(',').map((name) => name.trim());
for (const name of selected) {
  if (!(scripts as readonly string[]).includes(name))
    throw new Error(`unknown benchmark '${name}' (${scripts.join(', ')})`);
}

const here = path.dirname(fileURLToPath(import.meta.url));

function run(name: string): Promise<number> {
  const args = ['--expose-gc', path.join(here, `${name}.js`), ...(values.quick === true ? ['--quick'] : [])];
  console.log(
    `\n$ node ${args.map((a) => (a.startsWith('/') ? path.relative(process.cwd(), a) : a)).join(' ')}`,
  );
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      console.log(
        `(${name}: ${code === 0 ? 'ok' : `failed: ${signal ?? code}`}, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      resolve(code ?? 1);
    });
  });
}

console.log(machineBlock());
console.log(values.quick === true ? 'sizes: --quick (scaled down)' : 'sizes: full');
const failed: string[] = [];
for (const name of selected) if ((await run(name)) !== 0) failed.push(name);
console.log();
console.log(failed.length === 0 ? 'all benchmarks ran' : `failed: ${failed.join(', ')}`);
process.exitCode = failed.length === 0 ? 0 : 1;
