/**
 * DIJKSTRA's answer: up to K least-weight loop-free paths in non-decreasing weight order (Yen's algorithm
 * over the hop-bounded label search of dijkstra.ts; docs/paths.md, "Algorithms"). With K = 1 it is a single
 * search.
 *
 * For each accepted path and each of its vertices (the spur), a spur search runs from that vertex with the
 * path's prefix (the root) fixed: the root's other vertices may not be entered, and the steps that leave
 * the spur along any accepted path sharing the root are banned, so every candidate differs from every
 * accepted path. The spur search starts at the root's hop count and weight, so `maxDepth` and
 * `maxPathWeight` bound the whole path and its weight is the same left-to-right sum the result reports.
 * Candidates are taken in ascending (weight, hops, step sequence) order, so equal-weight paths come out in
 * the same order on every run. Once enough candidates wait to fill K, a spur search is capped at the
 * weight of the last one that would be taken: nothing heavier can enter the answer. With the least weight
 * from every vertex to the target known (one backward search), a spur search never enters a vertex from
 * which no path can come in under that cap, so it stays near the candidates.
 */
import { FoundPaths } from './found.js';
import {
  banVertex,
  distancesToTarget,
  labelSearch,
  vertexIds,
  type WeightedPath,
  type WeightedRun,
} from './dijkstra.js';
import type { FoundPath } from './model.js';
import type { SearchTask } from './slices.js';

export interface KShortestInput {
  readonly run: WeightedRun;
  /** Dense vertex numbers (dense.ts). */
  readonly from: number;
  readonly to: number;
  readonly k: number;
  readonly maxHops: number;
  readonly maxWeight: number;
}

interface Candidate {
  readonly vertices: Int32Array;
  readonly keys: Uint32Array;
  readonly weights: Float64Array;
  readonly prefix: Float64Array;
  readonly signature: string;
}

function hopsOf(path: { keys: Uint32Array }): number {
  return path.keys.length;
}

function totalOf(path: { prefix: Float64Array }): number {
  return path.prefix[path.prefix.length - 1];
}

/** a before b: less weight, fewer hops, then the smaller step sequence. */
function candidateBefore(a: Candidate, b: Candidate): boolean {
  const wa = totalOf(a);
  const wb = totalOf(b);
  if (wa !== wb) return wa < wb;
  const ha = hopsOf(a);
  const hb = hopsOf(b);
  if (ha !== hb) return ha < hb;
  for (let i = 0; i < ha; i++) if (a.keys[i] !== b.keys[i]) return a.keys[i] < b.keys[i];
  return false;
}

/** A min-heap of candidates. */
class CandidateHeap {
  private readonly items: Candidate[] = [];

  get size(): number {
    return this.items.length;
  }

  /** The n-th least weight among the candidates (1-based), or +Infinity when there are fewer. */
  nthWeight(n: number): number {
    if (this.items.length < n) return Number.POSITIVE_INFINITY;
    const weights = this.items.map(totalOf).sort((a, b) => a - b);
    return weights[n - 1];
  }

  push(item: Candidate): void {
    const items = this.items;
    let at = items.length;
    items.push(item);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!candidateBefore(item, items[parent])) break;
      items[at] = items[parent];
      at = parent;
    }
    items[at] = item;
  }

  pop(): Candidate {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= items.length) break;
        if (child + 1 < items.length && candidateBefore(items[child + 1], items[child])) child++;
        if (!candidateBefore(items[child], last)) break;
        items[at] = items[child];
        at = child;
      }
      items[at] = last;
    }
    return top;
  }
}

function signatureOf(keys: Uint32Array): string {
  return keys.join(',');
}

function asCandidate(path: WeightedPath): Candidate {
  return { ...path, signature: signatureOf(path.keys) };
}

/** Root (the first `spurIndex` steps of `base`) followed by the spur path found from its last vertex. */
function join(base: Candidate, spurIndex: number, spur: WeightedPath): Candidate {
  const hops = spurIndex + spur.keys.length;
  const vertices = new Int32Array(hops + 1);
  const keys = new Uint32Array(hops);
  const weights = new Float64Array(hops);
  const prefix = new Float64Array(hops + 1);
  vertices.set(base.vertices.subarray(0, spurIndex));
  vertices.set(spur.vertices, spurIndex);
  keys.set(base.keys.subarray(0, spurIndex));
  keys.set(spur.keys, spurIndex);
  weights.set(base.weights.subarray(0, spurIndex));
  weights.set(spur.weights, spurIndex);
  prefix.set(base.prefix.subarray(0, spurIndex));
  prefix.set(spur.prefix, spurIndex);
  return { vertices, keys, weights, prefix, signature: signatureOf(keys) };
}

function sharesRoot(path: Candidate, root: Uint32Array, length: number): boolean {
  if (path.keys.length <= length) return false;
  for (let i = 0; i < length; i++) if (path.keys[i] !== root[i]) return false;
  return true;
}

export function* kShortestPaths(input: KShortestInput): SearchTask<FoundPath[]> {
  const { run, from, to, k, maxHops, maxWeight } = input;
  const scratch = run.scratch;
  const first = yield* labelSearch(run, {
    start: from,
    target: to,
    startHops: 0,
    startWeight: 0,
    maxHops,
    maxWeight,
    epoch: scratch.nextEpoch(),
  });
  const found = new FoundPaths();
  if (first === undefined) return found.toResult(run.graph);
  // The least weight from every vertex to the target: a spur search drops what cannot come in under its cap.
  if (k > 1) run.toTarget = yield* distancesToTarget(run, to, maxWeight);
  const accepted: Candidate[] = [asCandidate(first)];
  const acceptedSignatures = new Set<string>([accepted[0].signature]);
  const candidates = new CandidateHeap();
  const candidateSignatures = new Set<string>();
  while (accepted.length < k) {
    const previous = accepted[accepted.length - 1];
    const hops = hopsOf(previous);
    for (let spurIndex = 0; spurIndex < hops; spurIndex++) {
      // With enough candidates already, a path heavier than the one that would be taken last can never
      // be taken: the spur search may stop there (inclusive, for ties settled by hops and steps).
      const cap = Math.min(maxWeight, candidates.nthWeight(k - accepted.length));
      const epoch = scratch.nextEpoch();
      const banned = new Set<number>();
      for (const path of accepted) {
        if (sharesRoot(path, previous.keys, spurIndex)) banned.add(path.keys[spurIndex]);
      }
      run.banned.clear();
      for (let i = 0; i < spurIndex; i++) banVertex(run, previous.vertices[i], epoch);
      const spur = yield* labelSearch(run, {
        start: previous.vertices[spurIndex],
        target: to,
        startHops: spurIndex,
        startWeight: previous.prefix[spurIndex],
        maxHops,
        maxWeight: cap,
        epoch,
        bannedFirstSteps: banned,
      });
      if (spur === undefined) continue;
      const candidate = join(previous, spurIndex, spur);
      if (acceptedSignatures.has(candidate.signature) || candidateSignatures.has(candidate.signature))
        continue;
      candidateSignatures.add(candidate.signature);
      candidates.push(candidate);
    }
    if (candidates.size === 0) break;
    const next = candidates.pop();
    candidateSignatures.delete(next.signature);
    accepted.push(next);
    acceptedSignatures.add(next.signature);
  }
  for (const path of accepted)
    found.add(vertexIds(run, path.vertices), path.keys, hopsOf(path), path.weights);
  return found.toResult(run.graph);
}
