/**
 * The building blocks of the compiled-fragment caches (docs/fragments.md, "Limits and caching"): a bounded
 * least-recently-used map whose entries also expire after a sliding idle time, and the counters a cache keeps
 * for the metrics (hits, misses, compile failures, evictions, expirations, compile durations). The two
 * process-wide caches built from them live in compiled-sets.ts.
 *
 * Invariant of `SlidingLru`: the map's insertion order is the order of last access, oldest first, so the
 * least recently used entry is the first one and the expired entries are always a prefix of the map
 * (every access refreshes the entry's time and moves it to the end). Expiry is therefore swept from the
 * front in time proportional to what expired, and capacity evicts the first entry.
 */

/** Upper bounds (inclusive, in ms) of the compile-duration histogram's buckets; one more bucket holds the rest. */
export const compileDurationBucketBoundsMs: readonly number[] = Object.freeze([
  1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500,
]);

/** The default clock: monotonic milliseconds, so a wall-clock step never expires or revives entries. */
export const monotonicMs = (): number => performance.now();

export interface SlidingLruOptions {
  /** Most entries held; inserting one more evicts the least recently used. */
  readonly maxEntries: number;
  /** An entry not read or written for this long is gone (as .NET's sliding expiration: idle >= the span). */
  readonly slidingSeconds: number;
  /** Milliseconds from any fixed origin, never decreasing; `performance.now()` unless a test injects one. */
  readonly nowMs?: () => number;
}

interface Slot<V> {
  value: V;
  lastAccessMs: number;
}

/** A bounded LRU map with sliding expiry. Counts what it drops: `evictions` (capacity), `expirations` (idle). */
export class SlidingLru<K, V> {
  readonly maxEntries: number;
  readonly slidingSeconds: number;
  private readonly slidingMs: number;
  private readonly nowMs: () => number;
  private readonly slots = new Map<K, Slot<V>>();
  private evicted = 0;
  private expired = 0;

  constructor(options: SlidingLruOptions) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1) {
      throw new RangeError(`maxEntries must be a positive integer, got ${options.maxEntries}`);
    }
    if (!(options.slidingSeconds > 0)) {
      throw new RangeError(`slidingSeconds must be positive, got ${options.slidingSeconds}`);
    }
    this.maxEntries = options.maxEntries;
    this.slidingSeconds = options.slidingSeconds;
    this.slidingMs = options.slidingSeconds * 1000;
    this.nowMs = options.nowMs ?? monotonicMs;
  }

  /** Live entries (after dropping the expired ones). */
  get size(): number {
    this.sweep(this.nowMs());
    return this.slots.size;
  }

  get evictions(): number {
    return this.evicted;
  }

  get expirations(): number {
    return this.expired;
  }

  /** The value, refreshing its idle time and making it the most recently used; undefined when absent or expired. */
  get(key: K): V | undefined {
    const now = this.nowMs();
    this.sweep(now);
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    slot.lastAccessMs = now;
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** Inserts or replaces; the entry becomes the most recently used, and the least recently used goes if over capacity. */
  set(key: K, value: V): void {
    const now = this.nowMs();
    this.sweep(now);
    this.slots.delete(key);
    this.slots.set(key, { value, lastAccessMs: now });
    while (this.slots.size > this.maxEntries) {
      const oldest = this.slots.keys().next().value as K;
      this.slots.delete(oldest);
      this.evicted++;
    }
  }

  delete(key: K): boolean {
    return this.slots.delete(key);
  }

  /** Drops every entry without counting it as evicted or expired. */
  clear(): void {
    this.slots.clear();
  }

  /** Keys from least to most recently used (live entries only). */
  keys(): K[] {
    this.sweep(this.nowMs());
    return [...this.slots.keys()];
  }

  /** Drops the expired prefix. */
  private sweep(now: number): void {
    for (const [key, slot] of this.slots) {
      if (now - slot.lastAccessMs < this.slidingMs) return;
      this.slots.delete(key);
      this.expired++;
    }
  }
}

/** Compile durations: how many, their sum, and a fixed-bucket histogram over `compileDurationBucketBoundsMs`. */
export interface CompileDurationStatistics {
  readonly count: number;
  readonly totalMs: number;
  /** Inclusive upper bounds of the buckets, in ms. */
  readonly bucketBoundsMs: readonly number[];
  /** Per-bucket (not cumulative) counts; one longer than the bounds, the last one counts the longer compiles. */
  readonly bucketCounts: readonly number[];
}

/** A snapshot of one cache's counters since the process started. */
export interface FragmentCacheStatistics {
  readonly entries: number;
  readonly maxEntries: number;
  readonly slidingSeconds: number;
  /** Lookups answered from the cache. */
  readonly hits: number;
  /** Lookups that had to compile (absent or expired). */
  readonly misses: number;
  /** Compiles that reported an error (never cached, so each such lookup is also a miss). */
  readonly compileFailures: number;
  /** Entries dropped for capacity. */
  readonly evictions: number;
  /** Entries dropped after the sliding idle time. */
  readonly expirations: number;
  readonly compileDurations: CompileDurationStatistics;
}

/** The counters a compile cache keeps beside its map. */
export class CompileCounters {
  hits = 0;
  misses = 0;
  compileFailures = 0;
  private compileCount = 0;
  private compileTotalMs = 0;
  private readonly buckets = new Array<number>(compileDurationBucketBoundsMs.length + 1).fill(0);

  recordCompile(durationMs: number, failed: boolean): void {
    const duration = Math.max(0, durationMs);
    this.compileCount++;
    this.compileTotalMs += duration;
    let bucket = compileDurationBucketBoundsMs.findIndex((bound) => duration <= bound);
    if (bucket < 0) bucket = compileDurationBucketBoundsMs.length;
    this.buckets[bucket]++;
    if (failed) this.compileFailures++;
  }

  snapshot(lru: SlidingLru<unknown, unknown>): FragmentCacheStatistics {
    return {
      entries: lru.size,
      maxEntries: lru.maxEntries,
      slidingSeconds: lru.slidingSeconds,
      hits: this.hits,
      misses: this.misses,
      compileFailures: this.compileFailures,
      evictions: lru.evictions,
      expirations: lru.expirations,
      compileDurations: {
        count: this.compileCount,
        totalMs: this.compileTotalMs,
        bucketBoundsMs: compileDurationBucketBoundsMs,
        bucketCounts: [...this.buckets],
      },
    };
  }
}

/**
 * A compile cache: looks a key up, compiles on a miss, and keeps only successes. A failure is returned
 * as it came and compiled again on the next request, as the ancestor does: the cache holds runnable
 * delegates, and failing input never evicts a working entry from a bounded cache.
 */
export class CompileCache<K, V, F> {
  readonly counters = new CompileCounters();
  readonly lru: SlidingLru<K, V>;
  private readonly nowMs: () => number;

  constructor(options: SlidingLruOptions) {
    this.lru = new SlidingLru<K, V>(options);
    this.nowMs = options.nowMs ?? monotonicMs;
  }

  /** The cached value, or the outcome of `compile` (cached when it is `{ ok: true }`). */
  getOrCompile(
    key: K,
    compile: () => { ok: true; value: V } | { ok: false; failure: F },
  ): { ok: true; value: V } | { ok: false; failure: F } {
    const cached = this.lru.get(key);
    if (cached !== undefined) {
      this.counters.hits++;
      return { ok: true, value: cached };
    }
    this.counters.misses++;
    const started = this.nowMs();
    const outcome = compile();
    this.counters.recordCompile(this.nowMs() - started, !outcome.ok);
    if (outcome.ok) this.lru.set(key, outcome.value);
    return outcome;
  }

  statistics(): FragmentCacheStatistics {
    return this.counters.snapshot(this.lru as SlidingLru<unknown, unknown>);
  }

  /** Drops every entry (counters are kept). */
  clear(): void {
    this.lru.clear();
  }
}
