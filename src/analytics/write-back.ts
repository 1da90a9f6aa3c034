/**
 * Write-back: a result's per-vertex values stored as a property of every in-scope vertex, through the
 * namespace's writer, in ascending id order, `writeBackChunkVertices` vertices per transaction. A chunk is
 * all or nothing; a failure stops the write-back with the earlier chunks kept (`AnalyticsWriteBackFailed`
 * says how far it got).
 */
import type { PropertyWrite, TypedValue } from '../engine/index.js';
import type { AnalyticsDirection } from './columns.js';
import type { AnalyticsAlgorithm, AnalyticsResult } from './outcome.js';

/** Vertices written per transaction of a write-back. */
export const writeBackChunkVertices = 50_000;
/** Longest `writeBackPropertyKey`, in characters. */
export const maxWriteBackKeyChars = 256;

/** The property key a write-back uses when the request names none. */
export function defaultWriteBackKey(algorithm: AnalyticsAlgorithm, direction: AnalyticsDirection): string {
  switch (algorithm) {
    case 'PAGERANK':
      return 'analytics.pagerank';
    case 'WCC':
      return 'analytics.wcc';
    case 'LABELPROPAGATION':
      return 'analytics.community';
    case 'DEGREE':
      return `analytics.degree.${direction}`;
    case 'TRIANGLECOUNT':
      return 'analytics.triangles';
  }
}

/** A vertex's value as the property type of its algorithm: Double, Int32, UInt32 or Int64. */
function valueOf(result: AnalyticsResult, id: number): TypedValue {
  if (result.kind === 'partitions') return { type: 'Int32', value: result.partitions[id] };
  const score = result.scores[id];
  switch (result.algorithm) {
    case 'DEGREE':
      return { type: 'UInt32', value: score };
    case 'TRIANGLECOUNT':
      return { type: 'Int64', value: BigInt(score) };
    default:
      return { type: 'Double', value: score };
  }
}

export interface WriteBackSummary {
  readonly propertyKey: string;
  readonly verticesWritten: number;
  readonly chunks: number;
}

export interface WriteBackTarget {
  writeProperties(writes: readonly PropertyWrite[]): Promise<void>;
}

/** A chunk failed; `chunksWritten` chunks (`verticesWritten` vertices) before it were committed. */
export class AnalyticsWriteBackFailed extends Error {
  override readonly name = 'AnalyticsWriteBackFailed';

  constructor(
    readonly propertyKey: string,
    readonly chunksWritten: number,
    readonly verticesWritten: number,
    override readonly cause: unknown,
  ) {
    super(
      `The write-back of '${propertyKey}' failed after ${chunksWritten} chunks (${verticesWritten} vertices): ` +
        (cause instanceof Error ? cause.message : String(cause)),
    );
  }
}

/**
 * Writes every in-scope vertex's value. `beforeChunk` runs before each chunk and throws to stop (the
 * caller checks there that the ids still mean what they meant to the run).
 */
export async function writeBack(
  target: WriteBackTarget,
  result: AnalyticsResult,
  propertyKey: string,
  options: { chunkVertices?: number; beforeChunk?: () => void } = {},
): Promise<WriteBackSummary> {
  const chunkVertices = options.chunkVertices ?? writeBackChunkVertices;
  if (!Number.isInteger(chunkVertices) || chunkVertices < 1) {
    throw new RangeError(`write-back chunks must hold at least 1 vertex, not ${chunkVertices}`);
  }
  const { inScope } = result;
  let chunks = 0;
  let verticesWritten = 0;
  let pending: PropertyWrite[] = [];
  const flush = async () => {
    try {
      options.beforeChunk?.();
      await target.writeProperties(pending);
    } catch (error) {
      throw new AnalyticsWriteBackFailed(propertyKey, chunks, verticesWritten, error);
    }
    chunks++;
    verticesWritten += pending.length;
    pending = [];
  };
  for (let id = 0; id < inScope.length; id++) {
    if (inScope[id] !== 1) continue;
    pending.push({ id, key: propertyKey, value: valueOf(result, id) });
    if (pending.length === chunkVertices) await flush();
  }
  if (pending.length > 0) await flush();
  return { propertyKey, verticesWritten, chunks };
}
