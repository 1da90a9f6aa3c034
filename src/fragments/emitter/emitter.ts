/** PLACEHOLDER (being written this session). */
import type { BoundFragment } from '../binder/bound.js';

export function emitFragment(_bound: BoundFragment): string {
  throw new Error('emitter: not built yet');
}
