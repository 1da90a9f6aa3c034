/**
 * Shared pieces of the benchmarks: flags, statistics, formatting, forced GC, and the seeded bulk load of
 * the property-less reference graph (the same graph in memory.ts and traversal.ts).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Engine } from '../src/index.js';

// ---- flags ----

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses `--name value` flags; numeric flags accept `1e6` and `1_000_000`; `--quick` selects `quick`. */
export function numericFlags<T extends Record<string, number>>(
  full: T,
  quick: Partial<T>,
): T & { quick: boolean } {
  const options: Options = { quick: { type: 'boolean' } };
  for (const name of Object.keys(full)) options[name] = { type: 'string' };
  const { values } = parseArgs({ options, strict: true, allowPositionals: false });
  const isQuick = values.quick === true;
  const result: Record<string, number> = { ...full, ...(isQuick ? quick : {}) };
  for (const name of Object.keys(full)) {
    const text = values[name];
    if (typeof text === 'string') {
      const value = Number(text.replaceAll('_', ''));
      if (!Number.isFinite(value) || value < 0)
        throw new Error(`--${name} needs a non-negative number, got ${text}`);
      result[name] = value;
    }
  }
  return { ...(result as T), quick: isQuick };
}

// ---- statistics and formatting ----

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** 1234567 -> "1,234,567"; fractions keep `digits` decimals. */
export function num(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A rate with an SI suffix: 12.3 M/s. */
export function rate(perSecond: number): string {
  if (perSecond >= 1e9) return `${(perSecond / 1e9).toFixed(2)} G/s`;
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} k/s`;
  return `${perSecond.toFixed(0)} /s`;
}

export function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

export function seconds(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

export function pct(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

/** Left-aligned first column, right-aligned others. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
    )
    .join('\n');
}

// ---- memory ----

export interface MemorySample {
  heapUsed: number;
  rss: number;
  /** Engine typed-array bytes (SharedArrayBuffers are not in process.memoryUsage().arrayBuffers). */
  engineBytes: number;
}

export function requireGc(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) {
    console.error('run with node --expose-gc (memory figures need a forced GC)');
    process.exit(2);
  }
  return gc;
}

/** Forces full GCs (with turns of the event loop between, so finalizers and weak callbacks run). */
export async function settledMemory(engines: readonly Engine[] = []): Promise<MemorySample> {
  const gc = requireGc();
  for (let i = 0; i < 6; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const usage = process.memoryUsage();
  let engineBytes = 0;
  for (const engine of engines) engineBytes += engine.committedBytes;
  return { heapUsed: usage.heapUsed, rss: usage.rss, engineBytes };
}

// ---- the reference graph ----

/** mulberry32: a small, fast, seeded 32-bit PRNG; returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const defaultSeed = 42;
export const bulkBatch = 10_000;
export const edgeType = 'link';

/** Creates `count` property-less vertices in transactions of `batch`; answers the first id. */
export async function loadVertices(engine: Engine, count: number, batch = bulkBatch): Promise<number> {
  let firstId = -1;
  for (let done = 0; done < count;) {
    const size = Math.min(batch, count - done);
    const operations = new Array<{ kind: 'createVertex'; input: object }>(size);
    for (let i = 0; i < size; i++) operations[i] = { kind: 'createVertex', input: {} };
    const { createdIds } = await engine.submit(operations);
    if (firstId < 0) firstId = createdIds[0];
    done += size;
  }
  return firstId;
}

/**
 * Creates `count` edges of one type between uniformly random vertices of [firstVertex, firstVertex +
 * vertices), in transactions of `batch`. Same seed, same graph.
 */
export async function loadEdges(
  engine: Engine,
  firstVertex: number,
  vertices: number,
  count: number,
  seed = defaultSeed,
  batch = bulkBatch,
): Promise<void> {
  const random = seededRandom(seed);
  for (let done = 0; done < count;) {
    const size = Math.min(batch, count - done);
    const operations = new Array<{
      kind: 'createEdge';
      input: { sourceVertex: number; targetVertex: number; edgePropertyId: string };
    }>(size);
    for (let i = 0; i < size; i++) {
      operations[i] = {
        kind: 'createEdge',
        input: {
          sourceVertex: firstVertex + Math.floor(random() * vertices),
          targetVertex: firstVertex + Math.floor(random() * vertices),
          edgePropertyId: edgeType,
        },
      };
    }
    try {
      await engine.submit(operations);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`the engine refused edges ${done}-${done + size - 1} of ${count}: ${reason}`, {
        cause: error,
      });
    }
    done += size;
  }
}
