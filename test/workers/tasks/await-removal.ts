/**
 * Test task: signals that it started, then waits until the vertex `id` reads as absent in the shared
 * `kindType` column it was given (the main thread removes it after the start), or until cancelled.
 */
import type { TaskContext } from '../../../src/workers/index.js';

export function run(
  parameters: { started: Int32Array; id: number },
  context: TaskContext,
): { kindBefore: number; kindAfter: number } {
  const kinds = context.graph!.kindType;
  const kindBefore = Atomics.load(kinds, parameters.id);
  Atomics.store(parameters.started, 0, 1);
  Atomics.notify(parameters.started, 0);
  while (Atomics.load(kinds, parameters.id) !== 0 && !context.cancelled());
  return { kindBefore, kindAfter: Atomics.load(kinds, parameters.id) };
}
