/**
 * Found paths while a search runs (flat typed lists of vertices, step keys and step weights) and their
 * conversion to the result shape in one synchronous pass at the end, which also checks each path against
 * the graph as it is then: a path whose edge was removed, or whose id now names another edge, while the
 * search yielded the event loop is dropped. So every path a search returns exists, edge for edge, when
 * the answer is built (see docs/paths.md, "Consistency").
 */
import type { Graph } from '../engine/index.js';
import type { FoundPath, PathStep, StepDirection } from './model.js';
import { IntList, KeyList } from './steps.js';

export class FoundPaths {
  /** Per path: its first step's index into `keys`/`weights` and first vertex's index into `vertices`. */
  private readonly stepStarts: number[] = [];
  private readonly keys = new KeyList(64);
  private readonly vertices = new IntList(64);
  private weights = new Float64Array(64);

  get count(): number {
    return this.stepStarts.length;
  }

  /**
   * Adds a path of `hops` steps: `vertices[0..hops]` in walking order, `keys[0..hops-1]`, and the step
   * weights (absent: all 0).
   */
  add(vertices: ArrayLike<number>, keys: ArrayLike<number>, hops: number, weights?: ArrayLike<number>): void {
    this.stepStarts.push(this.keys.length);
    for (let i = 0; i < hops; i++) {
      this.keys.push(keys[i]);
      this.vertices.push(vertices[i]);
    }
    this.vertices.push(vertices[hops]);
    if (this.weights.length < this.keys.length) {
      const grown = new Float64Array(Math.max(this.keys.length, this.weights.length * 2));
      grown.set(this.weights);
      this.weights = grown;
    }
    const base = this.keys.length - hops;
    for (let i = 0; i < hops; i++) this.weights[base + i] = weights === undefined ? 0 : weights[i];
  }

  /** The paths still present in `graph`, in the order they were added, as result objects. */
  toResult(graph: Graph): FoundPath[] {
    const result: FoundPath[] = [];
    const count = this.stepStarts.length;
    for (let p = 0; p < count; p++) {
      const start = this.stepStarts[p];
      const end = p + 1 < count ? this.stepStarts[p + 1] : this.keys.length;
      // Path p's vertices start at start + p: each earlier path added one more vertex than steps.
      const vertexBase = start + p;
      const steps: PathStep[] = [];
      let total = 0;
      let valid = true;
      for (let i = start; i < end; i++) {
        const key = this.keys.values[i];
        const edgeId = Math.floor(key / 2);
        const direction = (key % 2) as StepDirection;
        const from = this.vertices.values[vertexBase + (i - start)];
        const to = this.vertices.values[vertexBase + (i - start) + 1];
        const source = direction === 1 ? from : to;
        const target = direction === 1 ? to : from;
        if (
          !graph.isEdge(edgeId) ||
          graph.first.view[edgeId] !== source ||
          graph.second.view[edgeId] !== target
        ) {
          valid = false;
          break;
        }
        const weight = this.weights[i];
        total += weight;
        steps.push({
          sourceVertexId: from,
          targetVertexId: to,
          edgeId,
          edgePropertyId: graph.edgeTypeOf(edgeId),
          direction,
          weight,
        });
      }
      if (valid && graph.isVertex(this.vertices.values[vertexBase])) {
        result.push({ pathElements: steps, totalWeight: total });
      }
    }
    return result;
  }
}
