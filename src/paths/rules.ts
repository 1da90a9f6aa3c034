/**
 * One search's view of its `PathRules`: each rule asked at most once per element (edge types once per type,
 * vertex verdicts and vertex costs once per vertex), every call counted on the work meter so the driver looks
 * at the clock often enough while user code runs, and the step-cost rule (docs/paths.md, "Algorithms": edge
 * cost plus the reached vertex's cost, a negative sum clamped to 0, NaN and infinity untraversable).
 *
 * Rules are pure by contract, so caching their answers does not change a result; it keeps a search from
 * calling a fragment again for a vertex it reaches from several sides.
 */
import type { Graph } from '../engine/index.js';
import type { Cost, PathRules } from './model.js';
import { ruleCallUnits, type WorkMeter } from './slices.js';

const unknown = 0;
const allowed = 1;
const refused = 2;

export class StepRules {
  readonly hasTypeFilter: boolean;
  readonly hasEdgeFilter: boolean;
  readonly hasVertexFilter: boolean;
  /** Both costs are constants: a step costs `constantStepCost` (BLS never asks). */
  readonly constantCosts: boolean;
  readonly constantStepCost: number;
  /**
   * The edge cost is a function and the vertex cost a constant (an edge-weight search): a caller costing
   * many steps may call `edgeCostFunction` itself, add `vertexCostConstant`, clamp with `clampStep`, and
   * count `ruleCallUnits` per call on the meter.
   */
  readonly edgeCostFunction: ((edgeId: number) => number) | undefined;
  readonly vertexCostConstant: number | undefined;
  private typeVerdicts = new Uint8Array(16);
  private readonly vertexVerdicts = new Map<number, boolean>();
  private readonly vertexCosts = new Map<number, number>();
  private readonly edgePropertyFilter: ((edgeType: string) => boolean) | undefined;
  private readonly edgeFilter: ((edgeId: number) => boolean) | undefined;
  private readonly vertexFilter: ((vertexId: number) => boolean) | undefined;
  private readonly edgeCostRule: Cost;
  private readonly vertexCostRule: Cost;

  constructor(
    private readonly graph: Graph,
    rules: PathRules,
    private readonly meter: WorkMeter,
  ) {
    this.edgePropertyFilter = rules.edgePropertyFilter;
    this.edgeFilter = rules.edgeFilter;
    this.vertexFilter = rules.vertexFilter;
    this.hasTypeFilter = rules.edgePropertyFilter !== undefined;
    this.hasEdgeFilter = rules.edgeFilter !== undefined;
    this.hasVertexFilter = rules.vertexFilter !== undefined;
    this.edgeCostRule = rules.edgeCost ?? 1;
    this.vertexCostRule = rules.vertexCost ?? 0;
    this.constantCosts = typeof this.edgeCostRule === 'number' && typeof this.vertexCostRule === 'number';
    this.edgeCostFunction = typeof this.edgeCostRule === 'function' ? this.edgeCostRule : undefined;
    this.vertexCostConstant = typeof this.vertexCostRule === 'number' ? this.vertexCostRule : undefined;
    this.constantStepCost = this.constantCosts
      ? clampStep((this.edgeCostRule as number) + (this.vertexCostRule as number))
      : Number.NaN;
  }

  /** The edge-type filter's verdict for an interned edge-type id (asked once per type). */
  typeAllowed(typeId: number): boolean {
    if (this.edgePropertyFilter === undefined) return true;
    if (typeId >= this.typeVerdicts.length) {
      const grown = new Uint8Array(Math.max(typeId + 1, this.typeVerdicts.length * 2));
      grown.set(this.typeVerdicts);
      this.typeVerdicts = grown;
    }
    const known = this.typeVerdicts[typeId];
    if (known !== unknown) return known === allowed;
    this.meter.units += ruleCallUnits;
    const verdict = this.edgePropertyFilter(this.graph.edgeTypes.nameOf(typeId)) === true;
    this.typeVerdicts[typeId] = verdict ? allowed : refused;
    return verdict;
  }

  /** The edge filter's verdict (not cached: each edge is asked about once per expansion that reaches it). */
  edgeAllowed(edgeId: number): boolean {
    if (this.edgeFilter === undefined) return true;
    this.meter.units += ruleCallUnits;
    return this.edgeFilter(edgeId) === true;
  }

  /** The vertex filter's verdict, asked once per vertex and search. */
  vertexAllowed(vertexId: number): boolean {
    if (this.vertexFilter === undefined) return true;
    const known = this.vertexVerdicts.get(vertexId);
    if (known !== undefined) return known;
    this.meter.units += ruleCallUnits;
    const verdict = this.vertexFilter(vertexId) === true;
    this.vertexVerdicts.set(vertexId, verdict);
    return verdict;
  }

  /**
   * The cost of the step across `edgeId` to `vertexId`: edge cost plus vertex cost, 0 when negative, NaN
   * when the step cannot be taken (a cost that is NaN or infinite).
   */
  stepCost(edgeId: number, vertexId: number): number {
    if (this.constantCosts) return this.constantStepCost;
    const edge = this.edgeCostRule;
    let edgeCost: number;
    if (typeof edge === 'number') edgeCost = edge;
    else {
      this.meter.units += ruleCallUnits;
      edgeCost = edge(edgeId);
    }
    return clampStep(edgeCost + this.vertexCostOf(vertexId));
  }

  private vertexCostOf(vertexId: number): number {
    const vertex = this.vertexCostRule;
    if (typeof vertex === 'number') return vertex;
    const known = this.vertexCosts.get(vertexId);
    if (known !== undefined) return known;
    this.meter.units += ruleCallUnits;
    const cost = vertex(vertexId);
    this.vertexCosts.set(vertexId, cost);
    return cost;
  }
}

/** A negative step cost counts as 0. NaN and infinities cannot be summed or ordered: no step. */
export function clampStep(cost: number): number {
  if (!Number.isFinite(cost)) return Number.NaN;
  return cost < 0 ? 0 : cost;
}
