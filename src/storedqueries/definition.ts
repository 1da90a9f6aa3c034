/**
 * A stored query's registration (docs/storedqueries.md, "Registration body"): a named, immutable fragment
 * set, either a Path query (the path request's `filter` and `cost` blocks) or a SubGraph template (top-level
 * filters and patterns). This module validates a registration body into a definition; it compiles nothing
 * (compile.ts does). Numeric bounds, the algorithm, `semantic` and the other per-request fields are never
 * part of it.
 */
export const storedQueryNamePattern = /^[A-Za-z0-9_-]{1,128}$/;
/** `Svc:StoredQueries:MaxCount`'s default: registrations per namespace. */
export const defaultMaxStoredQueries = 256;

export const storedQueryKinds = ['Path', 'SubGraph'] as const;
export type StoredQueryKind = (typeof storedQueryKinds)[number];

export interface PathQuerySpecification {
  filter?: { vertexFilter?: string | null; edgeFilter?: string | null; edgePropertyFilter?: string | null };
  cost?: { vertexCost?: string | null; edgeCost?: string | null };
}

/** Pattern step types, in their canonical spelling (a body may use any case). */
export const patternTypes = ['Vertex', 'Edge', 'VariableLengthEdge'] as const;
/** Edge step directions, in their canonical spelling; `patternDirectionAliases` lists what a body may say. */
export const patternDirections = ['OutgoingEdge', 'IncomingEdge', 'UndirectedEdge'] as const;
/** Every accepted `direction` (matched case-insensitively), lower-cased, to its canonical spelling. */
export const patternDirectionAliases: ReadonlyMap<string, (typeof patternDirections)[number]> = new Map([
  ['outgoingedge', 'OutgoingEdge'],
  ['outgoing', 'OutgoingEdge'],
  ['out', 'OutgoingEdge'],
  ['incomingedge', 'IncomingEdge'],
  ['incoming', 'IncomingEdge'],
  ['in', 'IncomingEdge'],
  ['undirectededge', 'UndirectedEdge'],
  ['undirected', 'UndirectedEdge'],
]);
/** Most hops a VariableLengthEdge step's `maxLength` may allow (both lengths default to 1, inclusive). */
export const maxPatternEdgeLength = 100;

export interface PatternEntry {
  type?: (typeof patternTypes)[number];
  patternName?: string | null;
  vertexFilter?: string | null;
  semanticMinScore?: number | null;
  direction?: (typeof patternDirections)[number];
  edgePropertyFilter?: string | null;
  edgeFilter?: string | null;
  minLength?: number;
  maxLength?: number;
}

export interface SubgraphQuerySpecification {
  vertexFilter?: string | null;
  edgeFilter?: string | null;
  patterns?: PatternEntry[] | null;
}

/** What is stored, logged and saved: everything needed to compile the query again. */
export interface StoredQueryDefinition {
  readonly name: string;
  readonly kind: StoredQueryKind;
  readonly description: string | null;
  /** UTC ISO-8601 with `Z` and seven fractional digits. */
  readonly createdAt: string;
  /** The stored `path` or `subGraph` block as JSON text (the detail answers a string, not an object). */
  readonly specificationJson: string;
}

/** A registration body the service refuses (400), with the reason. */
export class StoredQueryInvalid extends Error {
  override readonly name = 'StoredQueryInvalid';
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fragmentField(block: JsonObject, field: string, where: string): string | null | undefined {
  const value = block[field];
  if (value === undefined || value === null || typeof value === 'string') return value;
  throw new StoredQueryInvalid(`${where}.${field} must be a string (a C# fragment) or null`);
}

function onlyFields(block: JsonObject, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(block)) {
    if (!allowed.includes(key)) {
      throw new StoredQueryInvalid(`${where} has no member '${key}'; its members are ${allowed.join(', ')}`);
    }
  }
}

function pathSpecification(block: unknown): PathQuerySpecification {
  if (!isObject(block)) throw new StoredQueryInvalid('path must be an object { filter?, cost? }');
  onlyFields(block, ['filter', 'cost'], 'path');
  const specification: PathQuerySpecification = {};
  if (block.filter !== undefined && block.filter !== null) {
    if (!isObject(block.filter)) throw new StoredQueryInvalid('path.filter must be an object');
    const fields = ['vertexFilter', 'edgeFilter', 'edgePropertyFilter'] as const;
    onlyFields(block.filter, fields, 'path.filter');
    const filter: NonNullable<PathQuerySpecification['filter']> = {};
    for (const field of fields) {
      const text = fragmentField(block.filter, field, 'path.filter');
      if (text !== undefined) filter[field] = text;
    }
    specification.filter = filter;
  }
  if (block.cost !== undefined && block.cost !== null) {
    if (!isObject(block.cost)) throw new StoredQueryInvalid('path.cost must be an object');
    const fields = ['vertexCost', 'edgeCost'] as const;
    onlyFields(block.cost, fields, 'path.cost');
    const cost: NonNullable<PathQuerySpecification['cost']> = {};
    for (const field of fields) {
      const text = fragmentField(block.cost, field, 'path.cost');
      if (text !== undefined) cost[field] = text;
    }
    specification.cost = cost;
  }
  return specification;
}

function lengthField(entry: JsonObject, field: 'minLength' | 'maxLength', where: string): number | undefined {
  const value = entry[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > maxPatternEdgeLength) {
    throw new StoredQueryInvalid(`${where}.${field} must be an integer from 1 to ${maxPatternEdgeLength}`);
  }
  return value;
}

/** `type`, matched case-insensitively; absent is `Vertex`. */
function patternType(raw: JsonObject, where: string): NonNullable<PatternEntry['type']> {
  if (raw.type === undefined || raw.type === null) return 'Vertex';
  const wanted = typeof raw.type === 'string' ? raw.type.toLowerCase() : undefined;
  const type = patternTypes.find((candidate) => candidate.toLowerCase() === wanted);
  if (type === undefined) {
    throw new StoredQueryInvalid(
      `${where}.type must be one of ${patternTypes.join(', ')} (any case), not ${JSON.stringify(raw.type)}`,
    );
  }
  return type;
}

/** `direction`, matched case-insensitively against the canonical names and their aliases. */
function patternDirection(value: unknown, where: string): NonNullable<PatternEntry['direction']> {
  const direction = typeof value === 'string' ? patternDirectionAliases.get(value.toLowerCase()) : undefined;
  if (direction === undefined) {
    throw new StoredQueryInvalid(
      `${where}.direction must be one of OutgoingEdge (Outgoing, Out), IncomingEdge (Incoming, In) or ` +
        `UndirectedEdge (Undirected), in any case, not ${JSON.stringify(value)}`,
    );
  }
  return direction;
}

const patternFields = [
  'type',
  'patternName',
  'vertexFilter',
  'semanticMinScore',
  'direction',
  'edgePropertyFilter',
  'edgeFilter',
  'minLength',
  'maxLength',
] as const;

function patternEntry(raw: unknown, index: number): PatternEntry {
  const where = `subGraph.patterns[${index}]`;
  if (!isObject(raw)) throw new StoredQueryInvalid(`${where} must be an object`);
  onlyFields(raw, patternFields, where);
  const entry: PatternEntry = {};
  entry.type = patternType(raw, where);
  if (raw.patternName !== undefined && raw.patternName !== null && typeof raw.patternName !== 'string') {
    throw new StoredQueryInvalid(`${where}.patternName must be a string`);
  }
  if (raw.patternName !== undefined) entry.patternName = raw.patternName as string | null;
  const isVertex = entry.type === 'Vertex';
  for (const field of ['vertexFilter', 'edgePropertyFilter', 'edgeFilter'] as const) {
    const text = fragmentField(raw, field, where);
    if (text === undefined) continue;
    if ((field === 'vertexFilter') !== isVertex && text !== null) {
      throw new StoredQueryInvalid(`${where}.${field} does not apply to a ${entry.type} step`);
    }
    entry[field] = text;
  }
  if (raw.semanticMinScore !== undefined && raw.semanticMinScore !== null) {
    if (!isVertex) throw new StoredQueryInvalid(`${where}.semanticMinScore applies only to a Vertex step`);
    if (typeof raw.semanticMinScore !== 'number' || !Number.isFinite(raw.semanticMinScore)) {
      throw new StoredQueryInvalid(`${where}.semanticMinScore must be a finite number`);
    }
    if (entry.vertexFilter !== undefined && entry.vertexFilter !== null && entry.vertexFilter.trim() !== '') {
      throw new StoredQueryInvalid(`${where} sets both vertexFilter and semanticMinScore`);
    }
    entry.semanticMinScore = raw.semanticMinScore;
  }
  if (raw.direction !== undefined && raw.direction !== null) {
    if (isVertex) throw new StoredQueryInvalid(`${where}.direction applies only to an edge step`);
    entry.direction = patternDirection(raw.direction, where);
  }
  const minLength = lengthField(raw, 'minLength', where);
  const maxLength = lengthField(raw, 'maxLength', where);
  if ((minLength !== undefined || maxLength !== undefined) && entry.type !== 'VariableLengthEdge') {
    throw new StoredQueryInvalid(`${where}: minLength and maxLength apply only to a VariableLengthEdge step`);
  }
  if ((minLength ?? 1) > (maxLength ?? 1)) {
    throw new StoredQueryInvalid(
      `${where}: minLength ${minLength ?? 1} is above maxLength ${maxLength ?? 1}`,
    );
  }
  if (minLength !== undefined) entry.minLength = minLength;
  if (maxLength !== undefined) entry.maxLength = maxLength;
  return entry;
}

/** `a Vertex step`, `an Edge step`, ... */
function stepName(entry: PatternEntry): string {
  const type = entry.type ?? 'Vertex';
  return `${type === 'Edge' ? 'an' : 'a'} ${type} step`;
}

/**
 * Pattern order (docs/storedqueries.md): starts and ends with a vertex, alternates vertex and edge; a
 * variable-length edge may not lead. Each refusal names the step.
 */
function checkPatternOrder(patterns: readonly PatternEntry[]): void {
  if (patterns.length === 0) return;
  if (patterns[0].type === 'VariableLengthEdge') {
    throw new StoredQueryInvalid(
      'subGraph.patterns[0] is a VariableLengthEdge step: a variable-length edge may not lead; ' +
        'patterns start with a Vertex step',
    );
  }
  patterns.forEach((entry, index) => {
    const wantVertex = index % 2 === 0;
    if ((entry.type === 'Vertex') !== wantVertex) {
      throw new StoredQueryInvalid(
        `subGraph.patterns[${index}] is ${stepName(entry)} where ${wantVertex ? 'a Vertex' : 'an edge'} step belongs: ` +
          'patterns start and end with a vertex and alternate vertex and edge steps',
      );
    }
  });
  if (patterns.length % 2 === 0) {
    const last = patterns.length - 1;
    throw new StoredQueryInvalid(
      `subGraph.patterns[${last}] is ${stepName(patterns[last])} at the end: ` +
        'patterns must end with a Vertex step',
    );
  }
}

function subgraphSpecification(block: unknown): SubgraphQuerySpecification {
  if (!isObject(block))
    throw new StoredQueryInvalid('subGraph must be an object { vertexFilter?, edgeFilter?, patterns? }');
  onlyFields(block, ['vertexFilter', 'edgeFilter', 'patterns'], 'subGraph');
  const specification: SubgraphQuerySpecification = {};
  for (const field of ['vertexFilter', 'edgeFilter'] as const) {
    const text = fragmentField(block, field, 'subGraph');
    if (text !== undefined) specification[field] = text;
  }
  if (block.patterns !== undefined && block.patterns !== null) {
    if (!Array.isArray(block.patterns)) throw new StoredQueryInvalid('subGraph.patterns must be an array');
    const patterns = block.patterns.map(patternEntry);
    checkPatternOrder(patterns);
    specification.patterns = patterns;
  }
  return specification;
}

/** UTC ISO-8601 with seven fractional digits, as .NET's round-trip format writes it. */
export function formatCreatedAt(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$10000Z');
}

/** Validates a `POST /storedquery` body into a definition stamped `now`. */
export function parseRegistration(body: unknown, now: Date): StoredQueryDefinition {
  if (!isObject(body)) throw new StoredQueryInvalid('the body must be a JSON object');
  const { name, kind, description } = body;
  if (typeof name !== 'string' || !storedQueryNamePattern.test(name)) {
    throw new StoredQueryInvalid(
      `name must match ${storedQueryNamePattern.source} (letters, digits, _ and -, 1 to 128)`,
    );
  }
  if (typeof kind !== 'string' || !storedQueryKinds.includes(kind as StoredQueryKind)) {
    throw new StoredQueryInvalid(`kind must be exactly one of ${storedQueryKinds.join(', ')}`);
  }
  if (description !== undefined && description !== null && typeof description !== 'string') {
    throw new StoredQueryInvalid('description must be a string');
  }
  const hasPath = body.path !== undefined && body.path !== null;
  const hasSubgraph = body.subGraph !== undefined && body.subGraph !== null;
  let specification: PathQuerySpecification | SubgraphQuerySpecification;
  if (kind === 'Path') {
    if (!hasPath) throw new StoredQueryInvalid('a Path stored query needs a path block { filter?, cost? }');
    if (hasSubgraph) throw new StoredQueryInvalid('a Path stored query takes no subGraph block');
    specification = pathSpecification(body.path);
  } else {
    if (!hasSubgraph) throw new StoredQueryInvalid('a SubGraph stored query needs a subGraph block');
    if (hasPath) throw new StoredQueryInvalid('a SubGraph stored query takes no path block');
    specification = subgraphSpecification(body.subGraph);
  }
  return {
    name,
    kind: kind as StoredQueryKind,
    description: description ?? null,
    createdAt: formatCreatedAt(now),
    specificationJson: JSON.stringify(specification),
  };
}

export function pathSpecificationOf(definition: StoredQueryDefinition): PathQuerySpecification {
  return JSON.parse(definition.specificationJson) as PathQuerySpecification;
}

export function subgraphSpecificationOf(definition: StoredQueryDefinition): SubgraphQuerySpecification {
  return JSON.parse(definition.specificationJson) as SubgraphQuerySpecification;
}
