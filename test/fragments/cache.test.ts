import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CompileCache, compileDurationBucketBoundsMs, SlidingLru } from '../../src/fragments/cache.js';

/** A clock a test moves by hand, in milliseconds. */
function fakeClock(start = 1_000_000) {
  const clock = { now: start, nowMs: () => clock.now };
  return clock;
}

const seconds = 1000;

describe('SlidingLru: capacity', () => {
  it('evicts the least recently used entry when one more is inserted', () => {
    const clock = fakeClock();
    const lru = new SlidingLru<string, number>({ maxEntries: 3, slidingSeconds: 60, nowMs: clock.nowMs });
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    lru.set('d', 4);
    assert.deepEqual(lru.keys(), ['b', 'c', 'd']);
    assert.equal(lru.get('a'), undefined);
    assert.equal(lru.evictions, 1);
  });

  it('a read makes an entry the most recently used, so the next eviction takes another', () => {
    const clock = fakeClock();
    const lru = new SlidingLru<string, number>({ maxEntries: 3, slidingSeconds: 60, nowMs: clock.nowMs });
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    assert.equal(lru.get('a'), 1);
    lru.set('d', 4);
    assert.deepEqual(lru.keys(), ['c', 'a', 'd']);
    lru.set('e', 5);
    assert.deepEqual(lru.keys(), ['a', 'd', 'e']);
    assert.equal(lru.evictions, 2);
  });

  it('replacing a key keeps one entry and makes it the most recently used', () => {
    const lru = new SlidingLru<string, number>({ maxEntries: 2, slidingSeconds: 60 });
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('a', 10);
    assert.equal(lru.size, 2);
    assert.deepEqual(lru.keys(), ['b', 'a']);
    assert.equal(lru.get('a'), 10);
    assert.equal(lru.evictions, 0);
  });

  it('rejects a non-positive capacity or sliding time', () => {
    assert.throws(() => new SlidingLru({ maxEntries: 0, slidingSeconds: 60 }), RangeError);
    assert.throws(() => new SlidingLru({ maxEntries: 1.5, slidingSeconds: 60 }), RangeError);
    assert.throws(() => new SlidingLru({ maxEntries: 1, slidingSeconds: 0 }), RangeError);
  });
});

describe('SlidingLru: sliding expiry', () => {
  it('an entry idle for the whole sliding time is gone (idle >= the span expires)', () => {
    const clock = fakeClock();
    const lru = new SlidingLru<string, number>({ maxEntries: 10, slidingSeconds: 60, nowMs: clock.nowMs });
    lru.set('a', 1);
    clock.now += 60 * seconds - 1;
    assert.equal(lru.size, 1, 'still there a millisecond before');
    clock.now += 1;
    assert.equal(lru.get('a'), undefined);
    assert.equal(lru.expirations, 1);
    assert.equal(lru.evictions, 0);
  });

  it('every read refreshes the idle time, so an entry read more often than the span never expires', () => {
    const clock = fakeClock();
    const lru = new SlidingLru<string, number>({ maxEntries: 10, slidingSeconds: 60, nowMs: clock.nowMs });
    lru.set('a', 1);
    for (let i = 0; i < 10; i++) {
      clock.now += 59 * seconds;
      assert.equal(lru.get('a'), 1, `read ${i}`);
    }
    clock.now += 60 * seconds;
    assert.equal(lru.get('a'), undefined, 'then 60 s idle');
  });

  it('expiry is per entry: only the idle ones go', () => {
    const clock = fakeClock();
    const lru = new SlidingLru<string, number>({ maxEntries: 10, slidingSeconds: 60, nowMs: clock.nowMs });
    lru.set('old', 1);
    clock.now += 30 * seconds;
    lru.set('young', 2);
    clock.now += 30 * seconds;
    assert.deepEqual(lru.keys(), ['young']);
    assert.equal(lru.expirations, 1);
  });

  it('expired entries make room before capacity evicts a live one', () => {
    const clock = fakeClock();
    const lru = new SlidingLru<string, number>({ maxEntries: 2, slidingSeconds: 60, nowMs: clock.nowMs });
    lru.set('a', 1);
    clock.now += 50 * seconds;
    lru.set('b', 2);
    clock.now += 10 * seconds;
    lru.set('c', 3);
    assert.deepEqual(lru.keys(), ['b', 'c']);
    assert.equal(lru.evictions, 0);
    assert.equal(lru.expirations, 1);
  });

  it('clear drops entries without counting them', () => {
    const lru = new SlidingLru<string, number>({ maxEntries: 2, slidingSeconds: 60 });
    lru.set('a', 1);
    lru.clear();
    assert.equal(lru.size, 0);
    assert.equal(lru.evictions + lru.expirations, 0);
  });
});

describe('CompileCache: only successes are cached, and everything is counted', () => {
  type Outcome = { ok: true; value: string } | { ok: false; failure: string };

  function cacheWith(clock = fakeClock()) {
    const compiles: string[] = [];
    const cache = new CompileCache<string, string, string>({
      maxEntries: 2,
      slidingSeconds: 60,
      nowMs: clock.nowMs,
    });
    /** Compiles `key`, taking `ms` of the fake clock; keys starting with '!' fail. */
    const compile =
      (key: string, ms = 0) =>
      (): Outcome => {
        compiles.push(key);
        clock.now += ms;
        return key.startsWith('!') ? { ok: false, failure: `bad ${key}` } : { ok: true, value: `js ${key}` };
      };
    const get = (key: string, ms = 0) => cache.getOrCompile(key, compile(key, ms));
    return { cache, compiles, get, clock };
  }

  it('a miss compiles and caches; the next lookup is a hit without compiling', () => {
    const { cache, compiles, get } = cacheWith();
    assert.deepEqual(get('a'), { ok: true, value: 'js a' });
    assert.deepEqual(get('a'), { ok: true, value: 'js a' });
    assert.deepEqual(compiles, ['a']);
    const stats = cache.statistics();
    assert.equal(stats.hits, 1);
    assert.equal(stats.misses, 1);
    assert.equal(stats.entries, 1);
  });

  it('a failure is returned, counted, and compiled again on the next lookup', () => {
    const { cache, compiles, get } = cacheWith();
    assert.deepEqual(get('!x'), { ok: false, failure: 'bad !x' });
    assert.deepEqual(get('!x'), { ok: false, failure: 'bad !x' });
    assert.deepEqual(compiles, ['!x', '!x']);
    const stats = cache.statistics();
    assert.deepEqual([stats.hits, stats.misses, stats.compileFailures, stats.entries], [0, 2, 2, 0]);
  });

  it('a failure never evicts a working entry', () => {
    const { cache, get } = cacheWith();
    get('a');
    get('b');
    for (let i = 0; i < 5; i++) get(`!bad${i}`);
    assert.deepEqual(cache.lru.keys(), ['a', 'b']);
    assert.equal(cache.statistics().evictions, 0);
  });

  it('counts evictions and expirations apart', () => {
    const { cache, get, clock } = cacheWith();
    get('a');
    get('b');
    get('c');
    clock.now += 60 * seconds;
    get('d');
    const stats = cache.statistics();
    assert.equal(stats.evictions, 1, 'a, for capacity');
    assert.equal(stats.expirations, 2, 'b and c, idle');
    assert.equal(stats.misses, 4);
    assert.equal(stats.maxEntries, 2);
    assert.equal(stats.slidingSeconds, 60);
  });

  it('compile durations: count, total and a fixed-bucket histogram over successes and failures', () => {
    const { cache, get } = cacheWith();
    get('a', 0.5);
    get('b', 3);
    get('!c', 3);
    get('a', 100); // a hit: no compile, so nothing recorded
    get('d', 10_000);
    const durations = cache.statistics().compileDurations;
    assert.equal(durations.count, 4);
    assert.equal(durations.totalMs, 0.5 + 3 + 3 + 10_000);
    assert.deepEqual(durations.bucketBoundsMs, compileDurationBucketBoundsMs);
    assert.equal(durations.bucketCounts.length, compileDurationBucketBoundsMs.length + 1);
    const expected = new Array<number>(compileDurationBucketBoundsMs.length + 1).fill(0);
    expected[0] = 1; // 0.5 ms <= 1
    expected[compileDurationBucketBoundsMs.indexOf(5)] = 2; // 3 ms, twice
    expected[compileDurationBucketBoundsMs.length] = 1; // 10 s, beyond the last bound
    assert.deepEqual(durations.bucketCounts, expected);
  });

  it('a snapshot does not change when the cache moves on', () => {
    const { cache, get } = cacheWith();
    get('a', 1);
    const before = cache.statistics();
    get('b', 1);
    assert.equal(before.compileDurations.count, 1);
    assert.equal(before.compileDurations.bucketCounts[0], 1);
    assert.equal(before.misses, 1);
  });
});
