/**
 * Per-vertex working memory of DIJKSTRA, reused from search to search. Vertices are numbered densely
 * (dense.ts), and each vertex's numbers sit together in one stride-8 Int32Array record (one cache line
 * holds two vertices), so relaxing an edge touches one record and one weight. Entries count only when
 * their stamp equals the current epoch, so starting a search (or one of Yen's spur searches) costs nothing
 * instead of a refill.
 *
 * Two epochs: the run epoch (one request: the memo of each vertex's sorted steps and their costs, valid
 * for every spur search of the run because the rules do not change), and the search epoch (one label
 * search: settled and best-pushed labels, banned vertices).
 */
import { IntList, KeyList } from './steps.js';

/** The largest epoch before the stamps are cleared and counting starts again. */
const maxEpoch = 2 ** 31 - 2;

/** Int32 words per vertex record (32 bytes: two records per cache line). */
export const recordWords = 8;
/** Search epoch: the fewest hops of a settled label of the vertex. */
export const settledStamp = 0;
export const settledHops = 1;
/** Search epoch: the hops of the best (least-weight) label pushed so far. */
export const bestStamp = 2;
export const bestHops = 3;
/** Search epoch: the vertex may not be entered (Yen's root vertices). */
export const bannedStamp = 4;
/** Run epoch: the vertex's steps are memoised (at `memoStart[v]`, `memoCount[v]` of the step pools). */
export const memoStamp = 5;
/** The best label's weight: the record's last 8 bytes, read through `weights` at `vertex * 4 + 3`. */
export const bestWeightSlot = 3;
export const weightSlots = recordWords / 2;

export class WeightedScratch {
  /** Vertices the records cover. */
  readonly capacity: number;
  private epoch = 0;
  /** `recordWords` Int32 per vertex, at the offsets above. */
  readonly records: Int32Array;
  /** The same memory as float64 slots (`weightSlots` per vertex): the best weight beside its stamp. */
  readonly weights: Float64Array;
  readonly memoStart: Int32Array;
  readonly memoCount: Int32Array;
  /** The memoised steps of every vertex of the run: key, neighbour (dense), cost. */
  readonly stepKeys = new KeyList(1024);
  readonly stepNeighbours = new IntList(1024);
  stepCosts = new Float64Array(1024);

  constructor(capacity: number) {
    this.capacity = capacity;
    const buffer = new ArrayBuffer(capacity * recordWords * 4);
    this.records = new Int32Array(buffer);
    this.weights = new Float64Array(buffer);
    this.memoStart = new Int32Array(capacity);
    this.memoCount = new Int32Array(capacity);
  }

  /** A fresh epoch (stamps of every earlier epoch no longer count). */
  nextEpoch(): number {
    if (this.epoch >= maxEpoch) {
      this.records.fill(0);
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

/** One kept scratch: 40 B per vertex, so 40 MB for a million vertices. */
const free: WeightedScratch[] = [];
const maxFree = 1;

/** Scratch for `vertices` vertices: a kept one when large enough, else a new one. */
export function takeWeightedScratch(vertices: number): WeightedScratch {
  for (let i = 0; i < free.length; i++) {
    if (free[i].capacity >= vertices) return free.splice(i, 1)[0];
  }
  return new WeightedScratch(Math.max(vertices, 1));
}

export function giveWeightedScratch(scratch: WeightedScratch): void {
  scratch.trim();
  if (free.length < maxFree) free.push(scratch);
  else {
    free.sort((a, b) => a.capacity - b.capacity);
    if (free[0].capacity < scratch.capacity) free[0] = scratch;
  }
}
