/**
 * The scoring kernel as a WebAssembly SIMD module, encoded at load time by `encoder.ts` (no toolchain).
 *
 * Conventions of every function: pointers are byte offsets into the imported memory, 16-byte aligned;
 * a vector is `chunks` f32x4 chunks (its dimension rounded up to a multiple of 4, padded with zeros, which
 * changes no score: every accumulator starts at +0 and adding +0 to a float never changes it).
 *
 * The summation order is fixed (docs/vectors.md, How it works), because the vector index and semantic traversal must
 * produce bit-identical scores: four f32x4 accumulators take chunks 0, 1, 2, 3 of every group of four
 * chunks (16 floats), the last one to three chunks go to accumulators 0, 1, 2; then
 * s = (a0 + a1) + (a2 + a3) lane-wise, and the result is (s[0] + s[1]) + (s[2] + s[3]). Every product and
 * sum is an IEEE float32 operation (no fused multiply-add), so the order fixes the result exactly;
 * `reference.ts` reproduces it in JavaScript for the tests.
 *
 * Scores: DotProduct dot(q, v); L2 sqrt(sum (q - v)^2); Cosine dot(q, v) / (norm(q) * norm(v)) with
 * norm(x) = sqrt(dot(x, x)), each step rounded to float32. A Cosine scan runs `scoreDot` and finishes each
 * score in JavaScript from stored vector norms (src/engine/indexes/vector/knn.ts): the same float32
 * operations, so the same bits.
 *
 * Exports:
 *   score{Dot,L2}(queries, queryCount, base, count, chunks, out, blockSize)
 *       scores `count` consecutive vectors from `base` against `queryCount` consecutive queries from
 *       `queries`: out[i * queryCount + j] = score(query j, vector i). Vectors go in blocks of
 *       `blockSize` (sized by the caller to stay in the L1 cache), every query against the block before
 *       the next one, so each vector is read from memory once per pass and each query once per block.
 *   pair{Dot,Cosine,L2}(query, vector, chunks) -> f32   one score, the same instruction sequences
 *   sum(base, bytes) -> f32   the f32x4 sum of `bytes` (a multiple of 64) from `base`: the memory-read roof
 */
import { encodeModule, op, ValueType, type FunctionSpec } from './encoder.js';
import { wasm, type WasmMemory } from './runtime.js';

/** dot: a += q * v.  l2: a += (q - v)^2. */
type Accumulation = 'dot' | 'l2';

const { i32, f32, v128 } = ValueType;

/** Local indices of one function, assigned in declaration order after the parameters. */
class Locals {
  readonly types: ValueType[] = [];
  constructor(private readonly paramCount: number) {}
  add(type: ValueType): number {
    this.types.push(type);
    return this.paramCount + this.types.length - 1;
  }
}

interface Accumulators {
  /** Product (or squared difference) accumulators. */
  a: readonly number[];
  /** A v128 temporary. */
  t: number;
  /** i32 temporaries: group end, remainder. */
  end: number;
  rem: number;
}

function allocateAccumulators(locals: Locals): Accumulators {
  return {
    a: [locals.add(v128), locals.add(v128), locals.add(v128), locals.add(v128)],
    t: locals.add(v128),
    end: locals.add(i32),
    rem: locals.add(i32),
  };
}

function zero(acc: Accumulators): number[] {
  return acc.a.flatMap((local) => [...op.v128Zero(), ...op.localSet(local)]);
}

/** One chunk at byte `offset` from `qp`/`vp` into accumulator `k`. */
function step(
  kind: Accumulation,
  acc: Accumulators,
  k: number,
  qp: number,
  vp: number,
  offset: number,
): number[] {
  const a = acc.a[k];
  switch (kind) {
    case 'dot':
      // a += q * v
      return [
        ...op.localGet(a),
        ...op.localGet(qp),
        ...op.v128Load(offset),
        ...op.localGet(vp),
        ...op.v128Load(offset),
        ...op.f32x4Mul(),
        ...op.f32x4Add(),
        ...op.localSet(a),
      ];
    case 'l2':
      // t = q - v; a += t * t
      return [
        ...op.localGet(qp),
        ...op.v128Load(offset),
        ...op.localGet(vp),
        ...op.v128Load(offset),
        ...op.f32x4Sub(),
        ...op.localSet(acc.t),
        ...op.localGet(a),
        ...op.localGet(acc.t),
        ...op.localGet(acc.t),
        ...op.f32x4Mul(),
        ...op.f32x4Add(),
        ...op.localSet(a),
      ];
  }
}

/**
 * Accumulates one (query, vector) pair. `qp` and `vp` point at the operands and are advanced (clobbered);
 * `chunks` is the chunk count local. The accumulators must be zero on entry.
 */
function accumulate(kind: Accumulation, acc: Accumulators, qp: number, vp: number, chunks: number): number[] {
  const advance = (local: number, bytes: number) => [
    ...op.localGet(local),
    ...op.i32Const(bytes),
    ...op.i32Add(),
    ...op.localSet(local),
  ];
  const group = (offset: number) => [
    ...step(kind, acc, 0, qp, vp, offset),
    ...step(kind, acc, 1, qp, vp, offset + 16),
    ...step(kind, acc, 2, qp, vp, offset + 32),
    ...step(kind, acc, 3, qp, vp, offset + 48),
  ];
  return [
    // Two groups of four chunks per iteration: end = vp + (chunks >> 3) * 128.
    ...op.localGet(vp),
    ...op.localGet(chunks),
    ...op.i32Const(3),
    ...op.i32ShrU(),
    ...op.i32Const(7),
    ...op.i32Shl(),
    ...op.i32Add(),
    ...op.localSet(acc.end),
    ...op.block(),
    ...op.loop(),
    ...op.localGet(vp),
    ...op.localGet(acc.end),
    ...op.i32GeU(),
    ...op.brIf(1),
    ...group(0),
    ...group(64),
    ...advance(qp, 128),
    ...advance(vp, 128),
    ...op.br(0),
    ...op.end(),
    ...op.end(),
    // A last whole group.
    ...op.localGet(chunks),
    ...op.i32Const(4),
    ...op.i32And(),
    ...op.if(),
    ...group(0),
    ...advance(qp, 64),
    ...advance(vp, 64),
    ...op.end(),
    // The remaining 1 to 3 chunks go to accumulators 0, 1, 2.
    ...op.localGet(chunks),
    ...op.i32Const(3),
    ...op.i32And(),
    ...op.localTee(acc.rem),
    ...op.if(),
    ...step(kind, acc, 0, qp, vp, 0),
    ...op.localGet(acc.rem),
    ...op.i32Const(1),
    ...op.i32GtU(),
    ...op.if(),
    ...step(kind, acc, 1, qp, vp, 16),
    ...op.localGet(acc.rem),
    ...op.i32Const(2),
    ...op.i32GtU(),
    ...op.if(),
    ...step(kind, acc, 2, qp, vp, 32),
    ...op.end(),
    ...op.end(),
    ...op.end(),
  ];
}

/** Pushes the f32 reduction of four accumulators: (s0 + s1) + (s2 + s3) of s = (x0 + x1) + (x2 + x3). */
function reduce(accumulators: readonly number[], t: number): number[] {
  const lane = (index: number) => [...op.localGet(t), ...op.f32x4ExtractLane(index)];
  return [
    ...op.localGet(accumulators[0]),
    ...op.localGet(accumulators[1]),
    ...op.f32x4Add(),
    ...op.localGet(accumulators[2]),
    ...op.localGet(accumulators[3]),
    ...op.f32x4Add(),
    ...op.f32x4Add(),
    ...op.localSet(t),
    ...lane(0),
    ...lane(1),
    ...op.f32Add(),
    ...lane(2),
    ...lane(3),
    ...op.f32Add(),
    ...op.f32Add(),
  ];
}

export type MetricKernel = 'Dot' | 'Cosine' | 'L2';

/** Pushes the f32 accumulation of `kind` over the operands at locals `left` and `right`. */
function sumOf(
  kind: Accumulation,
  acc: Accumulators,
  left: number,
  right: number,
  scratch: { qp: number; vp: number },
  chunks: number,
): number[] {
  return [
    ...zero(acc),
    ...op.localGet(left),
    ...op.localSet(scratch.qp),
    ...op.localGet(right),
    ...op.localSet(scratch.vp),
    ...accumulate(kind, acc, scratch.qp, scratch.vp, chunks),
    ...reduce(acc.a, acc.t),
  ];
}

/** Pushes sqrt(dot(v, v)) in float32 for the vector at local `vector`: the Cosine norm. */
function normOf(
  acc: Accumulators,
  vector: number,
  scratch: { qp: number; vp: number },
  chunks: number,
): number[] {
  return [...sumOf('dot', acc, vector, vector, scratch, chunks), ...op.f32Sqrt()];
}

/** Pushes the score of the query at local `query` against the vector at local `vector` (module comment). */
function score(
  metric: MetricKernel,
  acc: Accumulators,
  query: number,
  vector: number,
  scratch: { qp: number; vp: number },
  chunks: number,
): number[] {
  switch (metric) {
    case 'Dot':
      return sumOf('dot', acc, query, vector, scratch, chunks);
    case 'L2':
      return [...sumOf('l2', acc, query, vector, scratch, chunks), ...op.f32Sqrt()];
    case 'Cosine':
      return [
        ...sumOf('dot', acc, query, vector, scratch, chunks),
        ...normOf(acc, query, scratch, chunks),
        ...normOf(acc, vector, scratch, chunks),
        ...op.f32Mul(),
        ...op.f32Div(),
      ];
  }
}

/** `score{Dot,L2}`: see the module comment. */
function scoreFunction(metric: 'Dot' | 'L2'): FunctionSpec {
  // Parameters.
  const [queries, queryCount, base, count, chunks, out, blockSize] = [0, 1, 2, 3, 4, 5, 6];
  const locals = new Locals(7);
  const i = locals.add(i32);
  const j = locals.add(i32);
  const blockStart = locals.add(i32);
  const blockEnd = locals.add(i32);
  const vector = locals.add(i32);
  const query = locals.add(i32);
  const scratch = { qp: locals.add(i32), vp: locals.add(i32) };
  const stride = locals.add(i32);
  const acc = allocateAccumulators(locals);
  const set = (local: number, value: number[]) => [...value, ...op.localSet(local)];
  const increment = (local: number, by: number[]) => [
    ...op.localGet(local),
    ...by,
    ...op.i32Add(),
    ...op.localSet(local),
  ];
  // out[i * queryCount + j]
  const scoreAddress = () => [
    ...op.localGet(out),
    ...op.localGet(i),
    ...op.localGet(queryCount),
    ...op.i32Mul(),
    ...op.localGet(j),
    ...op.i32Add(),
    ...op.i32Const(2),
    ...op.i32Shl(),
    ...op.i32Add(),
  ];
  const body = [
    ...set(stride, [...op.localGet(chunks), ...op.i32Const(4), ...op.i32Shl()]),
    ...set(blockStart, op.i32Const(0)),
    ...op.block(),
    ...op.loop(),
    ...op.localGet(blockStart),
    ...op.localGet(count),
    ...op.i32GeU(),
    ...op.brIf(1),
    // blockEnd = min(blockStart + blockSize, count)
    ...set(blockEnd, [...op.localGet(blockStart), ...op.localGet(blockSize), ...op.i32Add()]),
    ...op.localGet(blockEnd),
    ...op.localGet(count),
    ...op.i32GtU(),
    ...op.if(),
    ...set(blockEnd, op.localGet(count)),
    ...op.end(),
    // for (j = 0, query = queries; j < queryCount; j++, query += stride)
    ...set(j, op.i32Const(0)),
    ...set(query, op.localGet(queries)),
    ...op.block(),
    ...op.loop(),
    ...op.localGet(j),
    ...op.localGet(queryCount),
    ...op.i32GeU(),
    ...op.brIf(1),
    // for (i = blockStart, vector = base + i * stride; i < blockEnd; i++, vector += stride)
    ...set(i, op.localGet(blockStart)),
    ...set(vector, [
      ...op.localGet(base),
      ...op.localGet(i),
      ...op.localGet(stride),
      ...op.i32Mul(),
      ...op.i32Add(),
    ]),
    ...op.block(),
    ...op.loop(),
    ...op.localGet(i),
    ...op.localGet(blockEnd),
    ...op.i32GeU(),
    ...op.brIf(1),
    ...scoreAddress(),
    ...score(metric, acc, query, vector, scratch, chunks),
    ...op.f32Store(),
    ...increment(i, op.i32Const(1)),
    ...increment(vector, op.localGet(stride)),
    ...op.br(0),
    ...op.end(),
    ...op.end(),
    ...increment(j, op.i32Const(1)),
    ...increment(query, op.localGet(stride)),
    ...op.br(0),
    ...op.end(),
    ...op.end(),
    ...set(blockStart, op.localGet(blockEnd)),
    ...op.br(0),
    ...op.end(),
    ...op.end(),
  ];
  return {
    name: `score${metric}`,
    params: [i32, i32, i32, i32, i32, i32, i32],
    results: [],
    locals: locals.types,
    body,
  };
}

function pairFunction(metric: MetricKernel): FunctionSpec {
  const [query, vector, chunks] = [0, 1, 2];
  const locals = new Locals(3);
  const scratch = { qp: locals.add(i32), vp: locals.add(i32) };
  const acc = allocateAccumulators(locals);
  const body = score(metric, acc, query, vector, scratch, chunks);
  return { name: `pair${metric}`, params: [i32, i32, i32], results: [f32], locals: locals.types, body };
}

function sumFunction(): FunctionSpec {
  const [base, bytes] = [0, 1];
  const locals = new Locals(2);
  const p = locals.add(i32);
  const end = locals.add(i32);
  const a = [locals.add(v128), locals.add(v128), locals.add(v128), locals.add(v128)];
  const t = locals.add(v128);
  const add = (k: number, offset: number) => [
    ...op.localGet(a[k]),
    ...op.localGet(p),
    ...op.v128Load(offset),
    ...op.f32x4Add(),
    ...op.localSet(a[k]),
  ];
  const body = [
    ...op.localGet(base),
    ...op.localSet(p),
    ...op.localGet(base),
    ...op.localGet(bytes),
    ...op.i32Add(),
    ...op.localSet(end),
    ...op.block(),
    ...op.loop(),
    ...op.localGet(p),
    ...op.localGet(end),
    ...op.i32GeU(),
    ...op.brIf(1),
    ...add(0, 0),
    ...add(1, 16),
    ...add(2, 32),
    ...add(3, 48),
    ...op.localGet(p),
    ...op.i32Const(64),
    ...op.i32Add(),
    ...op.localSet(p),
    ...op.br(0),
    ...op.end(),
    ...op.end(),
    ...reduce(a, t),
  ];
  return { name: 'sum', params: [i32, i32], results: [f32], locals: locals.types, body };
}

const metrics: readonly MetricKernel[] = ['Dot', 'Cosine', 'L2'];

/** The module's bytes (a few KB). */
export function kernelModuleBytes(): Uint8Array {
  return encodeModule([
    scoreFunction('Dot'),
    scoreFunction('L2'),
    ...metrics.map(pairFunction),
    sumFunction(),
  ]);
}

export interface KernelExports {
  scoreDot(
    queries: number,
    queryCount: number,
    base: number,
    count: number,
    chunks: number,
    out: number,
    blockSize: number,
  ): void;
  scoreL2(
    queries: number,
    queryCount: number,
    base: number,
    count: number,
    chunks: number,
    out: number,
    blockSize: number,
  ): void;
  pairDot(query: number, vector: number, chunks: number): number;
  pairCosine(query: number, vector: number, chunks: number): number;
  pairL2(query: number, vector: number, chunks: number): number;
  sum(base: number, bytes: number): number;
}

let compiled: object | undefined;

/** The compiled module, once per process. */
export function kernelModule(): object {
  compiled ??= new wasm.Module(kernelModuleBytes());
  return compiled;
}

/** An instance of the kernel over `memory`. */
export function instantiateKernel(memory: WasmMemory): KernelExports {
  const instance = new wasm.Instance(kernelModule(), { env: { memory } });
  return instance.exports as unknown as KernelExports;
}
