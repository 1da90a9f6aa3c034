/**
 * A minimal WebAssembly binary encoder: just what the vector kernel module needs (one imported memory,
 * functions over i32/f32/v128 locals, structured control flow, loads and stores, f32 and f32x4 arithmetic).
 *
 * Reference: the WebAssembly core specification 2.0, binary format (chapter 5), and the fixed-width SIMD
 * proposal's opcode table (all SIMD instructions are the prefix 0xfd followed by a LEB128 opcode).
 * The encoder checks nothing beyond its own arguments: `WebAssembly.Module` validates the result.
 */

export const ValueType = { i32: 0x7f, f32: 0x7d, v128: 0x7b } as const;
export type ValueType = (typeof ValueType)[keyof typeof ValueType];

/** Unsigned LEB128. */
export function uleb(value: number): number[] {
  const out: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0);
  return out;
}

/** Signed LEB128 of an int32. */
export function sleb(value: number): number[] {
  const out: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

function utf8Name(name: string): number[] {
  const bytes = [...Buffer.from(name, 'utf8')];
  return [...uleb(bytes.length), ...bytes];
}

function vector(items: readonly number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

/** Memory access immediates: log2 of the alignment hint, and a constant byte offset. */
function memarg(alignLog2: number, offset: number): number[] {
  return [...uleb(alignLog2), ...uleb(offset)];
}

const simd = (opcode: number, ...immediates: number[]): number[] => [0xfd, ...uleb(opcode), ...immediates];

/**
 * Instruction encoders, named as in the text format. Each returns the bytes of one instruction; a
 * function body is their concatenation.
 */
export const op = {
  block: (): number[] => [0x02, 0x40],
  loop: (): number[] => [0x03, 0x40],
  if: (): number[] => [0x04, 0x40],
  end: (): number[] => [0x0b],
  br: (depth: number): number[] => [0x0c, ...uleb(depth)],
  brIf: (depth: number): number[] => [0x0d, ...uleb(depth)],
  localGet: (index: number): number[] => [0x20, ...uleb(index)],
  localSet: (index: number): number[] => [0x21, ...uleb(index)],
  localTee: (index: number): number[] => [0x22, ...uleb(index)],
  i32Const: (value: number): number[] => [0x41, ...sleb(value)],
  f32Load: (offset = 0): number[] => [0x2a, ...memarg(2, offset)],
  f32Store: (offset = 0): number[] => [0x38, ...memarg(2, offset)],
  i32GeU: (): number[] => [0x4f],
  i32GtU: (): number[] => [0x4b],
  i32Eqz: (): number[] => [0x45],
  i32Add: (): number[] => [0x6a],
  i32Sub: (): number[] => [0x6b],
  i32Mul: (): number[] => [0x6c],
  i32And: (): number[] => [0x71],
  i32Shl: (): number[] => [0x74],
  i32ShrU: (): number[] => [0x76],
  f32Sqrt: (): number[] => [0x91],
  f32Add: (): number[] => [0x92],
  f32Sub: (): number[] => [0x93],
  f32Mul: (): number[] => [0x94],
  f32Div: (): number[] => [0x95],
  /** v128.load with a 16-byte alignment hint (a hint only: unaligned addresses are valid). */
  v128Load: (offset = 0): number[] => simd(0x00, ...memarg(4, offset)),
  v128Zero: (): number[] => simd(0x0c, ...new Array<number>(16).fill(0)),
  f32x4ExtractLane: (lane: number): number[] => simd(0x1f, lane),
  f32x4Add: (): number[] => simd(0xe4),
  f32x4Sub: (): number[] => simd(0xe5),
  f32x4Mul: (): number[] => simd(0xe6),
};

export interface FunctionSpec {
  /** The export name. */
  name: string;
  params: readonly ValueType[];
  results: readonly ValueType[];
  /** Locals after the parameters, in index order. */
  locals: readonly ValueType[];
  /** The instructions, without the final `end`. */
  body: readonly number[];
}

/**
 * A module importing one memory as `env.memory` (minimum one page, no maximum) and exporting `functions`.
 */
export function encodeModule(functions: readonly FunctionSpec[]): Uint8Array {
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const types = vector(
    functions.map((fn) => [
      0x60,
      ...vector(fn.params.map((type) => [type])),
      ...vector(fn.results.map((type) => [type])),
    ]),
  );
  const imports = vector([[...utf8Name('env'), ...utf8Name('memory'), 0x02, 0x00, ...uleb(1)]]);
  const declarations = vector(functions.map((_, index) => uleb(index)));
  const exports = vector(functions.map((fn, index) => [...utf8Name(fn.name), 0x00, ...uleb(index)]));
  const bodies = vector(
    functions.map((fn) => {
      const groups: number[][] = [];
      for (const type of fn.locals) {
        const last = groups[groups.length - 1];
        if (last !== undefined && last[1] === type) last[0]++;
        else groups.push([1, type]);
      }
      const body = [...uleb(groups.length), ...groups.flatMap(([count, type]) => [...uleb(count), type])];
      body.push(...fn.body, 0x0b);
      return [...uleb(body.length), ...body];
    }),
  );
  return new Uint8Array([
    ...header,
    ...section(1, types),
    ...section(2, imports),
    ...section(3, declarations),
    ...section(7, exports),
    ...section(10, bodies),
  ]);
}
