/**
 * One build of an extract (docs/subgraphs.md, "The extract"): the matcher over the source graph, then
 * the kept elements copied into a new standalone graph (vertices in ascending source id order, then
 * edges), both in slices that yield the event loop, under a deadline. The source is never written.
 *
 * Writes to the source between slices are allowed: the result is then a fuzzy read of a moving graph
 * (exact on a quiescent one); an element removed meanwhile is not copied. When the source's id space
 * changes (clear, trim, load), the build starts again from the beginning.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Graph, GraphCopy, vertexKind } from '../engine/index.js';
import { MatchCounters, matchTask, type MatchRules, SourceChanged } from './match.js';
import { extractionSliceMs } from './model.js';

export interface ExtractionControl {
  /** `performance.now()` time after which the build stops with `SubgraphBudgetExhausted`. */
  readonly deadlineMs: number;
  readonly budgetSeconds: number;
  /** Aborted when the client went away. */
  readonly signal?: AbortSignal;
  readonly sliceMs?: number;
  /** Most elements the extract may hold; checked before anything is copied. */
  readonly maxElements: number;
}

export class SubgraphBudgetExhausted extends Error {
  override readonly name = 'SubgraphBudgetExhausted';
  constructor(
    readonly reason: 'deadline' | 'aborted',
    readonly budgetSeconds: number,
  ) {
    super(
      reason === 'deadline'
        ? `The subgraph extraction did not finish within its time budget of ${budgetSeconds} s ` +
            '(timeBudgetSeconds, else Svc:SubGraphs:DefaultTimeBudgetSeconds).'
        : 'The subgraph extraction was abandoned: the client went away.',
    );
  }
}

/** The kept elements exceed `maxElements`: nothing was copied. */
export class ExtractTooLarge extends Error {
  override readonly name = 'ExtractTooLarge';
  constructor(
    readonly elements: number,
    readonly maxElements: number,
  ) {
    super(`the extract would hold ${elements} elements, more than the ${maxElements} allowed`);
  }
}

export interface ExtractResult {
  readonly graph: Graph;
  readonly counters: MatchCounters;
}

/** Builds the extract; rules are re-made for every attempt (a restart after the source's id space changed). */
export async function buildExtract(
  source: Graph,
  makeRules: () => MatchRules,
  control: ExtractionControl,
): Promise<ExtractResult> {
  const sliceMs = control.sliceMs ?? extractionSliceMs;
  let sliceStart = performance.now();
  // A build small enough to finish in one slice never pauses: a budget already spent, or a client already
  // gone, must still stop it.
  checkStop(control, sliceStart);
  const pace = async (): Promise<void> => {
    let now = performance.now();
    checkStop(control, now);
    if (now - sliceStart < sliceMs) return;
    await yieldToEventLoop();
    now = performance.now();
    checkStop(control, now);
    sliceStart = now;
  };
  for (;;) {
    const generation = source.idSpaceGeneration;
    const counters = new MatchCounters();
    const task = matchTask(source, makeRules(), counters);
    try {
      const matchStart = performance.now();
      let step = task.next();
      while (step.done !== true) {
        await pace();
        step = task.next();
      }
      counters.matchMs = performance.now() - matchStart;
      const { keep, vertexCount, edgeCount } = step.value;
      if (vertexCount + edgeCount > control.maxElements) {
        throw new ExtractTooLarge(vertexCount + edgeCount, control.maxElements);
      }
      const copyStart = performance.now();
      const graph = await copyKept(source, keep, generation, pace);
      if (graph === undefined) continue;
      counters.copyMs = performance.now() - copyStart;
      return { graph, counters };
    } catch (error) {
      if (error instanceof SourceChanged) continue;
      task.return(undefined as never);
      throw error;
    }
  }
}

function checkStop(control: ExtractionControl, now: number): void {
  if (control.signal?.aborted === true) throw new SubgraphBudgetExhausted('aborted', control.budgetSeconds);
  if (now > control.deadlineMs) throw new SubgraphBudgetExhausted('deadline', control.budgetSeconds);
}

/** Elements copied between two looks at the clock. */
const copiesPerCheck = 1024;

/** Copies the kept elements; undefined when the source's id space changed meanwhile. */
async function copyKept(
  source: Graph,
  keep: Uint8Array,
  generation: number,
  pace: () => Promise<void>,
): Promise<Graph | undefined> {
  const copy = new GraphCopy(source);
  let sinceCheck = 0;
  const end = Math.min(keep.length, source.nextId);
  for (const pass of ['vertices', 'edges'] as const) {
    for (let id = 0; id < end; id++) {
      if (keep[id] === 0) continue;
      if (++sinceCheck >= copiesPerCheck) {
        sinceCheck = 0;
        await pace();
        if (source.idSpaceGeneration !== generation) return undefined;
      }
      const kind = source.kindType.view[id];
      if (pass === 'vertices') {
        if (kind === vertexKind) copy.copyVertex(id);
      } else if (kind > vertexKind) {
        // An endpoint removed since the match took its edges with it; a live edge has copied endpoints
        // unless an endpoint was removed and the edge re-created, which a fuzzy read may miss.
        if (copy.copyIdOf(source.first.view[id]) >= 0 && copy.copyIdOf(source.second.view[id]) >= 0) {
          copy.copyEdge(id);
        }
      }
    }
  }
  return copy.target;
}
