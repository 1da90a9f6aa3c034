/**
 * Compile latency of C# fragments: every fragment of the realistic corpus (bench/fragments/corpus.ts,
 * 100+ fragments of all six kinds) through the whole pipeline (lexer, parser, checker, lowering,
 * emitter, loading the generated function), p50 and p99 over several rounds, beside the check alone
 * (what POST /delegates/validate runs) and, as the same-run reference, `JSON.parse` of a document the
 * size of the fragment (the cheapest thing a request does with its text anyway). Target: p50 ≤ 2 ms;
 * the C# ancestor's Roslyn compile takes hundreds of milliseconds per fragment.
 *
 *   node --expose-gc dist/bench/fragments-compile.js [--rounds 20] [--quick]
 */
import { checkFragment, compileFragment } from '../src/fragments/compiler.js';
import { DELEGATE_KINDS } from '../src/fragments/types/index.js';
import { COMPILE_CORPUS } from './fragments/corpus.js';
import { num, numericFlags, table, verdict } from './common.js';
import { printMachine } from './machine.js';

const targetP50Ms = 2;
const flags = numericFlags({ rounds: 20, warmup: 3 }, { rounds: 5, warmup: 1 });

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

interface Stage {
  readonly name: string;
  readonly run: (index: number) => void;
  readonly times: number[];
}

printMachine('fragment compile latency over a realistic corpus');
console.log(
  `-- ${num(COMPILE_CORPUS.length)} fragments, ${flags.rounds} rounds after ${flags.warmup} warm-up rounds`,
);

for (const fragment of COMPILE_CORPUS) {
  const outcome = compileFragment(DELEGATE_KINDS[fragment.kind], fragment.text);
  if (!outcome.ok) throw new Error(`corpus fragment does not compile: ${fragment.text}`);
}

const documents = COMPILE_CORPUS.map((f) => JSON.stringify({ delegateKind: f.kind, fragment: f.text }));
let sink = 0;
const stages: Stage[] = [
  {
    name: 'compile (lex, parse, check, lower, emit, load)',
    run: (i) => {
      const f = COMPILE_CORPUS[i];
      const outcome = compileFragment(DELEGATE_KINDS[f.kind], f.text);
      sink += outcome.ok ? outcome.fragment.source.length : 0;
    },
    times: [],
  },
  {
    name: 'check only (lex, parse, check)',
    run: (i) => {
      const f = COMPILE_CORPUS[i];
      sink += checkFragment(DELEGATE_KINDS[f.kind], f.text).diagnostics.length;
    },
    times: [],
  },
  {
    name: 'JSON.parse of the request body (reference)',
    run: (i) => {
      sink += (JSON.parse(documents[i]) as { fragment: string }).fragment.length;
    },
    times: [],
  },
];

for (let round = 0; round < flags.warmup + flags.rounds; round++) {
  for (const stage of stages) {
    for (let i = 0; i < COMPILE_CORPUS.length; i++) {
      const started = performance.now();
      stage.run(i);
      const elapsed = performance.now() - started;
      if (round >= flags.warmup) stage.times.push(elapsed);
    }
  }
}

const rows = stages.map((stage) => {
  const sorted = [...stage.times].sort((a, b) => a - b);
  return { stage, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
});
console.log();
console.log(
  table([
    ['stage', 'p50 ms', 'p99 ms', 'x reference p50'],
    ...rows.map(({ stage, p50, p99 }) => [
      stage.name,
      p50.toFixed(3),
      p99.toFixed(3),
      (p50 / rows[rows.length - 1].p50).toFixed(0),
    ]),
  ]),
);
console.log();
console.log(
  `compile p50 ${rows[0].p50.toFixed(3)} ms; target <= ${targetP50Ms} ms: ${verdict(rows[0].p50 <= targetP50Ms)}`,
);
if (sink === -1) console.log('');
