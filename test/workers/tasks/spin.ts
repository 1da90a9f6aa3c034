/** Test task: signals that it started, then runs until cancelled, polling as a task should. */
import type { TaskContext } from '../../../src/workers/index.js';

export function run(parameters: { started: Int32Array }, context: TaskContext): { polls: number } {
  Atomics.store(parameters.started, 0, 1);
  Atomics.notify(parameters.started, 0);
  let polls = 0;
  while (!context.cancelled()) polls++;
  return { polls };
}
