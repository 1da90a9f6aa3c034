/**
 * "Did you mean" for unknown keys: most unknown keys are typos or the wrong separator, and naming the
 * intended key turns a warning into a one-line fix.
 */
import { CONFIG_KEYS } from './keys.js';

/** Edits beyond this are a different key, not a typo of one. */
const MAX_SUGGESTION_EDITS = 3;

/** The catalogue key closest to `path`, or undefined when none is a plausible typo of it. */
export function suggestKey(path: string): string | undefined {
  const wanted = path.replaceAll('__', ':').toLowerCase();
  let best: string | undefined;
  let bestDistance = MAX_SUGGESTION_EDITS + 1;
  for (const { key } of CONFIG_KEYS) {
    const distance = editDistance(wanted, key.toLowerCase());
    if (distance < bestDistance) {
      best = key;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance with one rolling row. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}
