/** Test task: signals that it started, then never polls its cancellation flag and never returns. */
export function run(parameters: { started: Int32Array }): never {
  Atomics.store(parameters.started, 0, 1);
  Atomics.notify(parameters.started, 0);
  for (;;) Atomics.add(parameters.started, 0, 1);
}
