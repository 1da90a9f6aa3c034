/**
 * The kernel's arithmetic in plain JavaScript, operation for operation (see the summation order in
 * wasm/kernel-module.ts): every float32 product and sum is a double operation rounded with Math.fround,
 * which gives the correctly rounded float32 result for +, -, * and sqrt of float32 operands. Tests compare
 * it bit for bit with the WebAssembly kernel; the bench reports it as the plain-loop reference.
 */
import type { VectorMetric } from './metric.js';

const f = Math.fround;

type Term = (q: number, v: number) => number;

const product: Term = (q, v) => f(q * v);
const squaredDifference: Term = (q, v) => {
  const d = f(q - v);
  return f(d * d);
};
const squaredVector: Term = (_q, v) => f(v * v);

/** The 16-lane accumulation of `term` over the padded operands, reduced as the kernel reduces it. */
function accumulate(query: ArrayLike<number>, vector: ArrayLike<number>, term: Term): number {
  const length = query.length;
  const chunks = (length + 3) >>> 2;
  const lanes = new Float64Array(16);
  const at = (values: ArrayLike<number>, i: number) => (i < length ? values[i] : 0);
  const full = chunks & ~3;
  for (let chunk = 0; chunk < chunks; chunk++) {
    // Chunks of a full group of four go to accumulators 0..3 by position; the remainder to 0, 1, 2.
    const accumulator = chunk < full ? chunk & 3 : chunk - full;
    for (let lane = 0; lane < 4; lane++) {
      const i = chunk * 4 + lane;
      const slot = accumulator * 4 + lane;
      lanes[slot] = f(lanes[slot] + term(f(at(query, i)), f(at(vector, i))));
    }
  }
  const s = [0, 1, 2, 3].map((lane) =>
    f(f(lanes[lane] + lanes[4 + lane]) + f(lanes[8 + lane] + lanes[12 + lane])),
  );
  return f(f(s[0] + s[1]) + f(s[2] + s[3]));
}

/** What `scorePair` computes, in JavaScript. */
export function referenceScore(
  metric: VectorMetric,
  query: ArrayLike<number>,
  vector: ArrayLike<number>,
): number {
  switch (metric) {
    case 'DotProduct':
      return accumulate(query, vector, product);
    case 'L2':
      return f(Math.sqrt(accumulate(query, vector, squaredDifference)));
    case 'Cosine': {
      const dot = accumulate(query, vector, product);
      const queryNorm = f(Math.sqrt(accumulate(query, query, product)));
      const vectorNorm = f(Math.sqrt(accumulate(query, vector, squaredVector)));
      return f(dot / f(queryNorm * vectorNorm));
    }
  }
}
