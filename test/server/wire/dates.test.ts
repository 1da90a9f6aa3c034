/** Element dates on the wire: ISO-8601 seconds without zone or fraction, the same text however often asked. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { wireDate } from '../../../src/server/wire/elements.js';

const reference = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19);

describe('wire dates', () => {
  it('renders every second as its ISO-8601 text, whatever was rendered before it', () => {
    // Values that share the cache's slots (multiples of its size apart) and repeat, in any order.
    const second = fc.oneof(
      fc.integer({ min: -62_135_596_800, max: 253_402_300_799 }),
      fc.integer({ min: 0, max: 64 }).map((k) => 1_700_000_000 + k * 1024),
      fc.constantFrom(0, 1, 1023, 1024, -1, -1024),
    );
    fc.assert(
      fc.property(fc.array(second, { maxLength: 50 }), (seconds) => {
        for (const value of seconds) assert.equal(wireDate(value), reference(value));
      }),
      { numRuns: 300 },
    );
  });
});
