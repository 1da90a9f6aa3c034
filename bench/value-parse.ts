/**
 * Reading very long numeric texts (test/engine/model/values.test.ts checks what the reads answer; a
 * duration depends on the machine's load, so it is measured here, not asserted): an Int64 or UInt64 text
 * of a million digits is refused as an overflow without converting the digits to a big integer, a million
 * leading zeros are skipped, and a Single text of 200,000 digits near a rounding midpoint is settled
 * without big-number products.
 *
 * References measured in the same run over the same texts: one pass over the characters (the floor of
 * any reader), and `BigInt` of the digits (the conversion the reader avoids). Medians of `runs` rounds;
 * the cases alternate within a round.
 *
 *   node dist/bench/value-parse.js [--digits 1e6] [--singleDigits 2e5] [--runs 9] [--quick]
 */
import { ValueError, parseValue, type ValueType } from '../src/engine/model/values.js';
import { median, num, numericFlags, seconds, table } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags({ digits: 1_000_000, singleDigits: 200_000, runs: 9 }, { runs: 5 });
const { digits, singleDigits, runs } = flags;

interface Case {
  name: string;
  type: ValueType;
  text: string;
}

const midpoint = '1.000000059604644775390625';
const cases: Case[] = [
  { name: `Int64, ${num(digits)} nines (refused)`, type: 'Int64', text: '9'.repeat(digits) },
  { name: `UInt64, ${num(digits)} ones (refused)`, type: 'UInt64', text: '1'.repeat(digits) },
  {
    name: `Int64, ${num(digits)} leading zeros then 42`,
    type: 'Int64',
    text: `${'0'.repeat(digits)}42`,
  },
  {
    name: `Single, ${num(singleDigits)} digits above a midpoint`,
    type: 'Single',
    text: `${midpoint}${'0'.repeat(singleDigits)}1`,
  },
];
/** The digits a big-integer conversion would read. */
const digitRuns = cases.map((c) => (c.type === 'Single' ? c.text.replace('.', '') : c.text));

/** Reads `text` as the service does; a refusal is an answer too. */
function read(type: ValueType, text: string): void {
  try {
    parseValue(type, text);
  } catch (error) {
    if (!(error instanceof ValueError)) throw error;
  }
}

let sink = 0;
function onePass(text: string): void {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 48) count++;
  sink += count;
}

function timedMs(body: () => void): number {
  const started = performance.now();
  body();
  return performance.now() - started;
}

printMachine('reading very long numeric texts');
const times = cases.map(() => ({ read: [] as number[], pass: [] as number[], bigint: [] as number[] }));
for (let round = 0; round < runs; round++) {
  for (let k = 0; k < cases.length; k++) {
    const index = (round + k) % cases.length;
    const c = cases[index];
    times[index].read.push(timedMs(() => read(c.type, c.text)));
    times[index].pass.push(timedMs(() => onePass(c.text)));
    times[index].bigint.push(timedMs(() => (sink += BigInt(digitRuns[index]) > 0n ? 1 : 0)));
  }
}
console.log(
  table([
    ['text', 'parseValue', 'one pass over the text (reference)', 'BigInt of the digits (avoided)'],
    ...cases.map((c, i) => [
      c.name,
      seconds(median(times[i].read)),
      seconds(median(times[i].pass)),
      seconds(median(times[i].bigint)),
    ]),
  ]),
);
console.log(`medians of ${runs} rounds (checksum ${sink > 0 ? 'ok' : 'none'})`);
