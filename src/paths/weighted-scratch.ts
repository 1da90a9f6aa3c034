/**
 * Per-vertex working memory of DIJKSTRA, reused from search to search: typed arrays indexed by vertex id
 * whose entries count only when their stamp equals the current epoch, so starting a search (or one of
 * Yen's spur searches) costs nothing instead of a refill of millions of entries.
 *
 * Two epochs: the run epoch (one request: the memo of each vertex's sorted steps and their costs, valid
 * for every spur search of the run because the rules do not change), and the search epoch (one label
 * search: settled and best-pushed labels, banned vertices).
 */
import { IntList, KeyList } from './steps.js';

/** The largest epoch before the stamps are cleared and counting starts again. */
const maxEpoch = 2 ** 31 - 2;

export class WeightedScratch {
  readonly capacity: number;
  private epoch = 0;
  /** Search epoch: the fewest hops of a settled label of the vertex. */
  readonly settledStamp: Int32Array;
  readonly settledHops: Int32Array;
  /** Search epoch: the best label pushed so far (least weight) for the vertex. */
  readonly bestStamp: Int32Array;
  readonly bestHops: Int32Array;
  readonly bestWeight: Float64Array;
  /** Search epoch: the vertex may not be entered (Yen's root vertices). */
  readonly bannedStamp: Int32Array;
  /** Run epoch: the vertex's steps are memoised at [memoStart, memoStart + memoCount) of the step pools. */
  readonly memoStamp: Int32Array;
  readonly memoStart: Int32Array;
  readonly memoCount: Int32Array;
  /** The memoised steps of every vertex of the run: key, neighbour, cost. */
  readonly stepKeys = new KeyList(1024);
  readonly stepNeighbours = new IntList(1024);
  stepCosts = new Float64Array(1024);

  constructor(capacity: number) {
    this.capacity = capacity;
    this.settledStamp = new Int32Array(capacity);
    this.settledHops = new Int32Array(capacity);
    this.bestStamp = new Int32Array(capacity);
    this.bestHops = new Int32Array(capacity);
    this.bestWeight = new Float64Array(capacity);
    this.bannedStamp = new Int32Array(capacity);
    this.memoStamp = new Int32Array(capacity);
    this.memoStart = new Int32Array(capacity);
    this.memoCount = new Int32Array(capacity);
  }

  /** A fresh epoch (stamps of every earlier epoch no longer count). */
  nextEpoch(): number {
    if (this.epoch >= maxEpoch) {
      for (const stamps of [this.settledStamp, this.bestStamp, this.bannedStamp, this.memoStamp])
        stamps.fill(0);
      this.epoch = 0;
      this.stepKeys.clear();
      this.stepNeighbours.clear();
    }
    return ++this.epoch;
  }

  /** Room for `count` more memoised steps. */
  reserveSteps(count: number): void {
    const needed = this.stepKeys.length + count;
    if (this.stepKeys.values.length < needed) this.stepKeys.grow(needed);
    if (this.stepNeighbours.values.length < needed) this.stepNeighbours.grow(needed);
    if (this.stepCosts.length < needed) {
      const grown = new Float64Array(Math.max(needed, this.stepCosts.length * 2));
      grown.set(this.stepCosts);
      this.stepCosts = grown;
    }
  }

  /** Drops step pools grown past `keptSteps`, so a kept scratch does not hold a huge run's memory. */
  trim(): void {
    if (this.stepKeys.values.length > keptSteps) {
      this.stepKeys.values = new Uint32Array(1024);
      this.stepNeighbours.values = new Int32Array(1024);
      this.stepCosts = new Float64Array(1024);
    }
    this.stepKeys.clear();
    this.stepNeighbours.clear();
  }

  /** Forgets the memoised steps (a new run). */
  startRun(): number {
    this.stepKeys.clear();
    this.stepNeighbours.clear();
    return this.nextEpoch();
  }
}

/** Memoised steps a kept scratch may hold on to (16 B each). */
const keptSteps = 1 << 20;

/** One kept scratch: about 40 B per vertex id, so 40 MB for a million. */
const free: WeightedScratch[] = [];
const maxFree = 1;

/** Scratch for a graph of `size` ids: a kept one when large enough, else a new one. */
export function takeWeightedScratch(size: number): WeightedScratch {
  for (let i = 0; i < free.length; i++) {
    if (free[i].capacity >= size) return free.splice(i, 1)[0];
  }
  return new WeightedScratch(Math.max(size, 1));
}

export function giveWeightedScratch(scratch: WeightedScratch): void {
  scratch.trim();
  if (free.length < maxFree) free.push(scratch);
  else {
    free.sort((a, b) => a.capacity - b.capacity);
    if (free[0].capacity < scratch.capacity) free[0] = scratch;
  }
}
