/** fast-check generators of the bulk tests. */
import { typedValue } from '../engine/durability/arbitraries.js';

/**
 * Every value a graph can hold: a 'Local' DateTime is never produced by parsing (an offset converts to
 * UTC, datetime-text.ts), so it cannot be in a graph and is left out.
 */
export const storableValue = typedValue.filter(
  (value) => value.type !== 'DateTime' || value.value.kind !== 'Local',
);
