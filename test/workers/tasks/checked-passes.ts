/**
 * Test task: runs the `traverse-out` pass over the shared graph again and again until `stop[0]` turns 1,
 * with every column wrapped so that a read outside the captured lengths throws (and fails the job). It
 * answers each pass's edge count. `started[0]` turns 1 after the first pass.
 */
import type { GraphColumns, TaskContext } from '../../../src/workers/index.js';
import { traverseOnce } from '../../../src/workers/tasks/traverse-out.js';

/** Most passes recorded: the loop stops there even if never told to. */
const maxPasses = 100_000;

function checked<T extends Int32Array | Uint32Array>(view: T, name: string): T {
  return new Proxy(view, {
    get(target, property) {
      const index = typeof property === 'string' ? Number(property) : NaN;
      if (Number.isInteger(index)) {
        if (index < 0 || index >= target.length) {
          throw new RangeError(`read ${name}[${index}] outside its ${target.length} captured elements`);
        }
        return target[index];
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function run(
  parameters: { started: Int32Array; stop: Int32Array },
  context: TaskContext,
): { edgesPerPass: number[] } {
  const graph = context.graph!;
  const guarded: GraphColumns = {
    ...graph,
    kindType: checked(graph.kindType, 'kindType'),
    first: checked(graph.first, 'first'),
    second: checked(graph.second, 'second'),
    pool: checked(graph.pool, 'pool'),
    vertexBits: checked(graph.vertexBits, 'vertexBits'),
    labels: checked(graph.labels, 'labels'),
  };
  const edgesPerPass: number[] = [];
  while (edgesPerPass.length < maxPasses && Atomics.load(parameters.stop, 0) === 0 && !context.cancelled()) {
    edgesPerPass.push(traverseOnce(guarded, () => context.cancelled()));
    if (edgesPerPass.length === 1) {
      Atomics.store(parameters.started, 0, 1);
      Atomics.notify(parameters.started, 0);
    }
  }
  return { edgesPerPass };
}
