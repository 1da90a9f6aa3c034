/**
 * From a `PUT /subgraph` body to a recipe (docs/subgraphs.md, "The request"): pattern entries checked and
 * put in canonical form, the exclusivity of `storedQuery`, the semantic block's rules, the algorithm
 * name. Nothing is compiled or looked up here. Every refusal is a `SubgraphRequestError` whose `kind` the
 * HTTP layer maps to a status in one place.
 */
import { maxFragmentChars } from '../fragments/index.js';
import type { SemanticBlock } from '../paths/index.js';
import {
  defaultSubgraphAlgorithm,
  maxPatternEdgeLength,
  maxPatternEntries,
  subgraphNamePattern,
  type EdgeStep,
  type PatternDirection,
  type PatternStep,
  type SubgraphRecipe,
  type VertexStep,
} from './model.js';

export type SubgraphRequestErrorKind =
  /** 400: a rule of the request is broken. */
  | 'invalid'
  /** 400: a fragment did not compile; `diagnostics` lists why. */
  | 'compile'
  /** 403: a capability the request needs is switched off. */
  | 'forbidden'
  /** 404: the named subgraph does not exist (the route's name, or `fromSubGraph`). */
  | 'notFound'
  /** 404: the named stored query does not exist. */
  | 'storedQueryNotFound'
  /** 409: the named stored query cannot be invoked (its recompile failed). */
  | 'storedQueryNotInvocable'
  /** 409: the name is taken. */
  | 'exists'
  /** 409: the namespace holds the most subgraphs it may. */
  | 'countQuota'
  /** 409: the extract would break an element quota. */
  | 'elementQuota'
  /** 409: the subgraph cannot be recalculated (its source, template or plugin is gone, or it failed). */
  | 'notRecalculable'
  /** 408: the time budget ran out, or the client went away. */
  | 'budget';

export class SubgraphRequestError extends Error {
  override readonly name = 'SubgraphRequestError';

  constructor(
    readonly kind: SubgraphRequestErrorKind,
    message: string,
    readonly extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

function invalid(message: string, extensions: Readonly<Record<string, unknown>> = {}): SubgraphRequestError {
  return new SubgraphRequestError('invalid', message, extensions);
}

/** A pattern entry as a request (or a stored template) carries it. */
export interface PatternEntryBody {
  readonly type?: string | null;
  readonly patternName?: string | null;
  readonly vertexFilter?: string | null;
  readonly semanticMinScore?: number | null;
  readonly direction?: string | null;
  readonly edgePropertyFilter?: string | null;
  readonly edgeFilter?: string | null;
  readonly minLength?: number | null;
  readonly maxLength?: number | null;
}

/** The semantic block as a request carries it: the same shape as a path request's. */
export type SemanticBody = SemanticBlock;

export interface SubgraphRequestBody {
  readonly name: string;
  readonly vertexFilter?: string | null;
  readonly edgeFilter?: string | null;
  readonly patterns?: readonly PatternEntryBody[] | null;
  readonly storedQuery?: string | null;
  readonly semantic?: SemanticBody | null;
  readonly additionalInformation?: Readonly<Record<string, string>> | null;
  readonly algorithm?: string | null;
}

export function isBlank(text: string | null | undefined): text is null | undefined | '' {
  return text === null || text === undefined || text.trim() === '';
}

/** A fragment member: blank means none (null); over the limit is refused before compiling. */
function fragmentText(text: string | null | undefined, where: string): string | null {
  if (isBlank(text)) return null;
  if (text.length > maxFragmentChars) {
    throw invalid(`The ${where} fragment (${text.length} chars) exceeds the maximum of ${maxFragmentChars}.`);
  }
  return text;
}

const stepTypes: Readonly<Record<string, PatternStep['type']>> = {
  vertex: 'Vertex',
  edge: 'Edge',
  variablelengthedge: 'VariableLengthEdge',
};

const directions: Readonly<Record<string, PatternDirection>> = {
  outgoingedge: 'OutgoingEdge',
  outgoing: 'OutgoingEdge',
  out: 'OutgoingEdge',
  incomingedge: 'IncomingEdge',
  incoming: 'IncomingEdge',
  in: 'IncomingEdge',
  undirectededge: 'UndirectedEdge',
  undirected: 'UndirectedEdge',
};

function lengthOf(value: number | null | undefined, field: string, where: string): number {
  if (value === null || value === undefined) return 1;
  if (!Number.isInteger(value) || value < 1 || value > maxPatternEdgeLength) {
    throw invalid(`${where}.${field} must be an integer from 1 to ${maxPatternEdgeLength}, got ${value}.`);
  }
  return value;
}

/**
 * Checks one entry and puts it in canonical form. Members that do not apply to the entry's type are
 * accepted when null (clients that serialize every member send them so) and refused otherwise, so a
 * filter is never silently ignored.
 */
function patternStep(entry: PatternEntryBody, index: number, where: string): PatternStep {
  const at = `${where}[${index}]`;
  const typeText = entry.type ?? 'Vertex';
  const type = stepTypes[typeText.toLowerCase()];
  if (type === undefined) {
    throw invalid(`${at}.type '${typeText}' is not a pattern type: Vertex, Edge or VariableLengthEdge.`);
  }
  const patternName = entry.patternName ?? null;
  if (type === 'Vertex') {
    if (!isBlank(entry.edgeFilter) || !isBlank(entry.edgePropertyFilter)) {
      throw invalid(`${at} is a Vertex step: edgeFilter and edgePropertyFilter apply to edge steps only.`);
    }
    if ((entry.minLength ?? 1) !== 1 || (entry.maxLength ?? 1) !== 1) {
      throw invalid(
        `${at} is a Vertex step: minLength and maxLength apply to VariableLengthEdge steps only.`,
      );
    }
    const vertexFilter = fragmentText(entry.vertexFilter, `${at}.vertexFilter`);
    const semanticMinScore = entry.semanticMinScore ?? null;
    if (semanticMinScore !== null) {
      if (!Number.isFinite(semanticMinScore))
        throw invalid(`${at}.semanticMinScore must be a finite number.`);
      if (vertexFilter !== null) {
        throw invalid(`${at} sets both vertexFilter and semanticMinScore; a step takes one of them.`);
      }
    }
    const step: VertexStep = { type, patternName, vertexFilter, semanticMinScore };
    return step;
  }
  if (!isBlank(entry.vertexFilter)) {
    throw invalid(`${at} is an ${type} step: vertexFilter applies to Vertex steps only.`);
  }
  if (entry.semanticMinScore !== null && entry.semanticMinScore !== undefined) {
    throw invalid(`${at} is an ${type} step: semanticMinScore applies to Vertex steps only.`);
  }
  const directionText = entry.direction ?? 'OutgoingEdge';
  const direction = directions[directionText.toLowerCase()];
  if (direction === undefined) {
    throw invalid(
      `${at}.direction '${directionText}' is not a direction: OutgoingEdge (Outgoing, Out), ` +
        'IncomingEdge (Incoming, In) or UndirectedEdge (Undirected).',
    );
  }
  let minLength = 1;
  let maxLength = 1;
  if (type === 'VariableLengthEdge') {
    minLength = lengthOf(entry.minLength, 'minLength', at);
    maxLength = lengthOf(entry.maxLength, 'maxLength', at);
    if (minLength > maxLength) {
      throw invalid(`${at}: minLength ${minLength} is greater than maxLength ${maxLength}.`);
    }
  } else if ((entry.minLength ?? 1) !== 1 || (entry.maxLength ?? 1) !== 1) {
    throw invalid(
      `${at} is an Edge step of exactly one hop: use VariableLengthEdge for minLength and maxLength.`,
    );
  }
  const step: EdgeStep = {
    type,
    patternName,
    direction,
    edgePropertyFilter: fragmentText(entry.edgePropertyFilter, `${at}.edgePropertyFilter`),
    edgeFilter: fragmentText(entry.edgeFilter, `${at}.edgeFilter`),
    minLength,
    maxLength,
  };
  return step;
}

/**
 * The pattern in canonical form: it starts and ends with a vertex step and alternates vertex and edge
 * steps; a variable-length edge may not lead. `where` names the list in messages (`patterns`, or the
 * stored template's `subGraph.patterns`).
 */
export function normalizePatterns(
  entries: readonly PatternEntryBody[] | null | undefined,
  where = 'patterns',
): PatternStep[] {
  if (entries === null || entries === undefined || entries.length === 0) return [];
  if (entries.length > maxPatternEntries) {
    throw invalid(`${where} has ${entries.length} entries, more than the maximum of ${maxPatternEntries}.`);
  }
  const steps = entries.map((entry, index) => patternStep(entry, index, where));
  if (steps[0].type === 'VariableLengthEdge') {
    throw invalid(`${where}[0] is a VariableLengthEdge step: a variable-length edge may not lead a pattern.`);
  }
  steps.forEach((step, index) => {
    const wantVertex = index % 2 === 0;
    if ((step.type === 'Vertex') !== wantVertex) {
      throw invalid(
        `${where}[${index}] is a ${step.type} step where ${wantVertex ? 'a Vertex' : 'an edge'} step belongs: ` +
          'a pattern starts and ends with a Vertex step and alternates vertex and edge steps.',
      );
    }
  });
  if (steps.length % 2 === 0) {
    throw invalid(`${where}[${steps.length - 1}] is an edge step: a pattern must end with a Vertex step.`);
  }
  return steps;
}

/** Step thresholds need a request-level semantic block to score against. */
export function checkStepThresholds(
  steps: readonly PatternStep[],
  hasSemantic: boolean,
  where = 'patterns',
): void {
  if (hasSemantic) return;
  steps.forEach((step, index) => {
    if (step.type === 'Vertex' && step.semanticMinScore !== null) {
      throw invalid(
        `${where}[${index}].semanticMinScore needs a request-level semantic block (its queryVector) to score against.`,
      );
    }
  });
}

/**
 * The algorithm a request names: absent or empty is the built-in one; another name must be a
 * registered subgraph plugin (`available` lists the names that exist).
 */
export function algorithmOf(name: string | null | undefined, available: readonly string[]): string {
  if (name === null || name === undefined || name === '') return defaultSubgraphAlgorithm;
  if (!available.includes(name)) {
    throw invalid(`No subgraph algorithm named '${name}'. Available: ${available.join(', ')}.`, {
      available,
    });
  }
  return name;
}

export function checkSubgraphName(name: string): void {
  if (!subgraphNamePattern.test(name)) {
    throw invalid('name must be 1 to 256 characters without a slash, a backslash or a control character.');
  }
}

/**
 * The recipe of a request, minus the semantic vector (bound by the caller, which resolves `queryText`).
 * Checks the request's own rules: the name, `storedQuery` exclusive with inline fragments, patterns and
 * `semantic`, each pattern entry, and the algorithm name.
 */
export function recipeOf(
  body: SubgraphRequestBody,
  fromSubGraph: string | null,
  availableAlgorithms: readonly string[],
): Omit<SubgraphRecipe, 'semantic'> {
  checkSubgraphName(body.name);
  const storedQuery = isBlank(body.storedQuery) ? null : body.storedQuery;
  const hasSemantic = body.semantic !== null && body.semantic !== undefined;
  if (storedQuery !== null) {
    const inline: string[] = [];
    if (!isBlank(body.vertexFilter)) inline.push('vertexFilter');
    if (!isBlank(body.edgeFilter)) inline.push('edgeFilter');
    if (body.patterns !== null && body.patterns !== undefined && body.patterns.length > 0)
      inline.push('patterns');
    if (inline.length > 0) {
      throw invalid(
        `storedQuery cannot be combined with inline ${inline.join(', ')}: the template replaces them.`,
      );
    }
    if (hasSemantic) throw invalid('storedQuery cannot be combined with a semantic block.');
  }
  const patterns = normalizePatterns(body.patterns);
  checkStepThresholds(patterns, hasSemantic);
  const additional = body.additionalInformation ?? null;
  return {
    name: body.name,
    fromSubGraph,
    algorithm: algorithmOf(body.algorithm, availableAlgorithms),
    additionalInformation: additional === null ? null : { ...additional },
    vertexFilter: fragmentText(body.vertexFilter, 'vertexFilter'),
    edgeFilter: fragmentText(body.edgeFilter, 'edgeFilter'),
    patterns,
    storedQuery,
  };
}
