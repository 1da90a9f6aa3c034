/** PLACEHOLDER (being written this session). */
import type { BoundFragment } from '../binder/bound.js';

export function lowerFragment(bound: BoundFragment): BoundFragment {
  return bound;
}
