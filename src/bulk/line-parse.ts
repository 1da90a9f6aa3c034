/**
 * One bulk line to create operations, strictly (docs/bulk.md, "The file"): every field checked for presence,
 * type and range, unknown and repeated fields refused, every value converted by its type, file ids checked
 * for repeats and edge endpoints for earlier vertex lines.
 *
 * Reserved keys: `$embedding:<name>` (type `System.Single[]`) becomes a `setEmbedding` of the new element;
 * `$embeddingModel:<name>` (type `System.String`, the provider stamp element reads show) goes with it.
 *
 * Two lanes: compact element lines go through a hand-written scanner (fast-line.ts) and every other line,
 * or one the scanner is unsure of, through JSON.parse. Both run the same checks below on the field
 * values; a line that fails any of them in the fast lane is parsed again in the general lane, so every
 * error comes from the general lane.
 */
import {
  type Engine,
  ValueError,
  type TypedValue,
  type ValueType,
  isReservedKey,
  type EdgeInput,
  type PropertyInput,
  type VertexInput,
  type WriteOperation,
} from '../engine/index.js';
import { embeddingKeyPrefix, embeddingStampKeyPrefix, isEmbeddingName } from '../engine/embeddings/names.js';
import { boundIndexProblem } from '../engine/verbs/embeddings.js';
import { vectorProblem } from '../engine/vectors/metric.js';
import {
  acceptedFormatNames,
  edgeFields,
  maxCreationDateSeconds,
  maxImportVersion,
  metaFields,
  minImportVersion,
  vertexFields,
} from './format.js';
import { FastLineScanner, detachString } from './fast-line.js';
import { absentId, edgeIdMarker, type FileIdMap } from './id-map.js';
import {
  StrictJsonError,
  findDuplicateMember,
  parseJsonObject,
  provesNoRepeatedMembers,
  repeatedMemberReason,
} from './strict-json.js';
import { parseBulkValue, resolveBulkTypeName } from './values.js';

/** A line that breaks a rule; the message is the reason (the importer adds "Line n: "). */
export class InvalidLineError extends Error {
  override readonly name = 'InvalidLineError';
  constructor(
    readonly lineNumber: number,
    message: string,
  ) {
    super(message);
  }
}

export type EmbeddingWrite = Extract<WriteOperation, { kind: 'setEmbedding' }>;

/** The element of a line; the parser answers the same object for every line (read it before the next). */
export interface ParsedElement {
  operation: Extract<WriteOperation, { kind: 'createVertex' | 'createEdge' }>;
  /** The element's embeddings; their `id` is the element's offset in its batch until the writer patches it. */
  embeddings: EmbeddingWrite[] | undefined;
  /** The line's file id. */
  id: number;
  /** For an edge: the ordinals of its endpoint vertices. */
  source: number;
  target: number;
}

/** Type-name spellings remembered between lines (bounded: a file could spell names in endless cases). */
export const maxCachedTypeNames = 256;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return value.length > 40 ? `"${value.slice(0, 40)}..."` : JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function isInt32(value: unknown): value is number {
  return typeof value === 'number' && (value | 0) === value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isBlank(line: string): boolean {
  if (line.length === 0) return true;
  const first = line.charCodeAt(0);
  // JSON whitespace only; a line starting with anything else is not blank.
  return (first === 0x20 || first === 0x09 || first === 0x0d) && line.trim() === '';
}

export interface LineParserOptions {
  /** Read compact element lines with the fast scanner (default true; false: JSON.parse for every line). */
  fastLane?: boolean;
}

/** An edge's input; `properties` only when there are some (one shape per case, no property added later). */
function edgeInput(
  sourceVertex: number,
  targetVertex: number,
  edgePropertyId: string,
  creationDate: number,
  label: string | null,
  properties: PropertyInput[] | undefined,
): EdgeInput {
  return properties === undefined
    ? { sourceVertex, targetVertex, edgePropertyId, creationDate, label }
    : { sourceVertex, targetVertex, edgePropertyId, creationDate, label, properties };
}

export class LineParser {
  /** Lines read by the fast lane, and lines the fast lane handed to the general one after a failed check. */
  fastLines = 0;
  fastRetries = 0;
  private readonly scanner: FastLineScanner | undefined;
  /**
   * The properties of the line being parsed (both lanes); the plain ones gathered in a reused array and
   * copied out at their exact count (a growing array reserves room for 16).
   */
  private readonly propertyInputs: PropertyInput[] = [];
  private embeddings: EmbeddingWrite[] | undefined;
  private stamps: Map<string, string> | undefined;
  /** What `parse` answers, filled anew for each element line (one object less per line). */
  private readonly parsed: ParsedElement = {
    operation: { kind: 'createVertex', input: { creationDate: 0, label: null } },
    embeddings: undefined,
    id: 0,
    source: 0,
    target: 0,
  };
  /** The meta line's counts, when it had them. */
  private expectedVertices: number | undefined;
  private expectedEdges: number | undefined;
  private vertexLines = 0;
  private edgeLines = 0;
  private readonly typeNames = new Map<string, ValueType>();
  /** Members of the line being parsed, counted as they are checked (the repeated-name proof). */
  private members = 0;
  /** The meta line's counts, kept once the line is whole. */
  private pendingMeta: { vertexCount: number | undefined; edgeCount: number | undefined } = {
    vertexCount: undefined,
    edgeCount: undefined,
  };

  constructor(
    private readonly engine: Engine,
    private readonly ids: FileIdMap,
    options: LineParserOptions = {},
  ) {
    this.scanner = options.fastLane === false ? undefined : new FastLineScanner();
  }

  /**
   * Parses line `lineNumber`; for an element line, records its file id under `ordinal` and answers its
   * operation (`offset`: the element's position in its batch). Blank and meta lines answer undefined.
   */
  /** Type-name spellings remembered so far (at most `maxCachedTypeNames`; later ones are resolved each time). */
  get cachedTypeNameCount(): number {
    return this.typeNames.size;
  }

  parse(line: string, lineNumber: number, ordinal: number, offset: number): ParsedElement | undefined {
    if (this.scanner !== undefined && this.scanner.scan(line)) {
      const parsed = this.fastElement(this.scanner, lineNumber, offset);
      if (parsed !== undefined) {
        this.fastLines++;
        this.record(parsed, ordinal);
        return parsed;
      }
      this.fastRetries++;
    }
    return this.parseGeneral(line, lineNumber, ordinal, offset);
  }

  /** The general lane: JSON.parse, then the checks over its object. */
  private parseGeneral(
    line: string,
    lineNumber: number,
    ordinal: number,
    offset: number,
  ): ParsedElement | undefined {
    if (isBlank(line)) return undefined;
    let object: Record<string, unknown>;
    try {
      object = parseJsonObject(line);
    } catch (error) {
      if (error instanceof StrictJsonError) throw new InvalidLineError(lineNumber, error.message);
      throw error;
    }
    // The checks below count the members they visit; nothing is recorded until the line is whole.
    this.members = 0;
    let parsed: ParsedElement | undefined;
    try {
      parsed = this.element(object, lineNumber, offset);
    } catch (error) {
      // A repeated member explains a failing line better than what the last copy of it held.
      if (error instanceof InvalidLineError) this.refuseRepeats(line, lineNumber);
      throw error;
    }
    if (!provesNoRepeatedMembers(line, this.members)) this.refuseRepeats(line, lineNumber);
    if (parsed === undefined) {
      this.expectedVertices = this.pendingMeta.vertexCount;
      this.expectedEdges = this.pendingMeta.edgeCount;
    } else this.record(parsed, ordinal);
    return parsed;
  }

  /** Records a whole element line: its file id, and the count of its kind. */
  private record(parsed: ParsedElement, ordinal: number): void {
    if (parsed.operation.kind === 'createEdge') {
      this.ids.set(parsed.id, edgeIdMarker);
      this.edgeLines++;
    } else {
      this.ids.set(parsed.id, ordinal);
      this.vertexLines++;
    }
  }

  /**
   * The element of a line the scanner read, after the same checks as the general lane; undefined when
   * a check fails (the general lane then parses the line and reports the error).
   */
  private fastElement(scan: FastLineScanner, lineNumber: number, offset: number): ParsedElement | undefined {
    try {
      const id = this.newId(scan.id, lineNumber);
      if (!scan.isEdge) {
        const creationDate = this.creationDate(scan.creationDate, lineNumber);
        const label = this.label(scan.label, lineNumber);
        const properties = scan.hasProperties ? this.fastProperties(scan, lineNumber, offset) : undefined;
        const input: VertexInput =
          properties === undefined ? { creationDate, label } : { creationDate, label, properties };
        return this.answer({ kind: 'createVertex', input }, scan.hasProperties, id, 0, 0);
      }
      const edgePropertyId = this.edgeType(scan.edgePropertyId, lineNumber);
      const source = this.endpoint(scan.source, 'source', lineNumber);
      const target = this.endpoint(scan.target, 'target', lineNumber);
      const creationDate = this.creationDate(scan.creationDate, lineNumber);
      const label = this.label(scan.label, lineNumber);
      const properties = scan.hasProperties ? this.fastProperties(scan, lineNumber, offset) : undefined;
      return this.answer(
        {
          kind: 'createEdge',
          input: edgeInput(source, target, edgePropertyId, creationDate, label, properties),
        },
        scan.hasProperties,
        id,
        source,
        target,
      );
    } catch {
      // Whatever failed, the general lane reads the line again and reports it in its own words.
      return undefined;
    }
  }

  /** `parsed`, filled; with the embeddings of the line's properties when it had any. */
  private answer(
    operation: ParsedElement['operation'],
    hadProperties: boolean,
    id: number,
    source: number,
    target: number,
  ): ParsedElement {
    const parsed = this.parsed;
    parsed.operation = operation;
    parsed.embeddings = hadProperties ? this.embeddings : undefined;
    parsed.id = id;
    parsed.source = source;
    parsed.target = target;
    return parsed;
  }

  /** Converts the scanned properties; answers the plain ones (embeddings go to `embeddings`). */
  private fastProperties(
    scan: FastLineScanner,
    lineNumber: number,
    offset: number,
  ): PropertyInput[] | undefined {
    this.startProperties();
    const { keys, typeNames, texts } = scan;
    for (let i = 0; i < scan.propertyCount; i++) {
      const key = keys[i];
      this.addProperty(key, this.convert(key, typeNames[i], texts[i], lineNumber, true), lineNumber, offset);
    }
    return this.finishProperties(lineNumber);
  }

  private refuseRepeats(line: string, lineNumber: number): void {
    const duplicate = findDuplicateMember(line);
    if (duplicate !== undefined) throw new InvalidLineError(lineNumber, repeatedMemberReason(duplicate));
  }

  private element(
    object: Record<string, unknown>,
    lineNumber: number,
    offset: number,
  ): ParsedElement | undefined {
    const type = object.type;
    if (type === 'edge') return this.edge(object, lineNumber, offset);
    if (type === 'vertex') return this.vertex(object, lineNumber, offset);
    if (type === 'meta') {
      if (lineNumber !== 1) throw new InvalidLineError(lineNumber, 'a meta line is only valid as line 1');
      this.meta(object, lineNumber);
      return undefined;
    }
    throw new InvalidLineError(
      lineNumber,
      type === undefined
        ? "the required field 'type' is missing"
        : `unknown line type ${describe(type)} (vertex, edge or meta)`,
    );
  }

  /** After the last line: the meta line's counts must match the element lines read. */
  checkCounts(linesRead: number): void {
    const mismatch: string[] = [];
    if (this.expectedVertices !== undefined && this.expectedVertices !== this.vertexLines) {
      mismatch.push(`vertexCount ${this.expectedVertices} but ${this.vertexLines} vertex lines`);
    }
    if (this.expectedEdges !== undefined && this.expectedEdges !== this.edgeLines) {
      mismatch.push(`edgeCount ${this.expectedEdges} but ${this.edgeLines} edge lines`);
    }
    if (mismatch.length > 0) {
      throw new InvalidLineError(
        linesRead,
        `the meta line announced ${mismatch.join(' and ')} (the file is truncated or altered)`,
      );
    }
  }

  private meta(object: Record<string, unknown>, lineNumber: number): void {
    for (const field in object) {
      if (!metaFields.has(field))
        throw new InvalidLineError(lineNumber, `unknown field '${field}' in the meta line`);
    }
    const { format, version, vertexCount, edgeCount, exportedAtUtc } = object;
    if (typeof format !== 'string' || !acceptedFormatNames.includes(format)) {
      throw new InvalidLineError(
        lineNumber,
        `the format ${format === undefined ? 'is missing' : describe(format)} is not ${acceptedFormatNames.join(' or ')}`,
      );
    }
    if (!isInt32(version) || version < minImportVersion || version > maxImportVersion) {
      throw new InvalidLineError(
        lineNumber,
        `the version ${version === undefined ? 'is missing' : describe(version)} is not an integer from ${minImportVersion} to ${maxImportVersion}`,
      );
    }
    this.pendingMeta = {
      vertexCount: this.count(vertexCount, 'vertexCount', lineNumber),
      edgeCount: this.count(edgeCount, 'edgeCount', lineNumber),
    };
    if (exportedAtUtc !== undefined && typeof exportedAtUtc !== 'string') {
      throw new InvalidLineError(
        lineNumber,
        `exportedAtUtc must be a string, not ${describe(exportedAtUtc)}`,
      );
    }
  }

  private count(value: unknown, field: string, lineNumber: number): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new InvalidLineError(
        lineNumber,
        `${field} must be a non-negative integer, not ${describe(value)}`,
      );
    }
    return value;
  }

  private vertex(object: Record<string, unknown>, lineNumber: number, offset: number): ParsedElement {
    for (const field in object) {
      if (!vertexFields.has(field)) {
        throw new InvalidLineError(lineNumber, `unknown field '${field}' in a vertex line`);
      }
      this.members++;
    }
    const id = this.newId(object.id, lineNumber);
    const creationDate = this.creationDate(object.creationDate, lineNumber);
    const label = this.label(object.label, lineNumber);
    const properties = this.properties(object.properties, lineNumber, offset);
    const input: VertexInput =
      properties === undefined ? { creationDate, label } : { creationDate, label, properties };
    return this.answer({ kind: 'createVertex', input }, object.properties !== undefined, id, 0, 0);
  }

  private edge(object: Record<string, unknown>, lineNumber: number, offset: number): ParsedElement {
    for (const field in object) {
      if (!edgeFields.has(field))
        throw new InvalidLineError(lineNumber, `unknown field '${field}' in an edge line`);
      this.members++;
    }
    const id = this.newId(object.id, lineNumber);
    const edgePropertyId = this.edgeType(object.edgePropertyId, lineNumber);
    const source = this.endpoint(object.source, 'source', lineNumber);
    const target = this.endpoint(object.target, 'target', lineNumber);
    const creationDate = this.creationDate(object.creationDate, lineNumber);
    const label = this.label(object.label, lineNumber);
    const properties = this.properties(object.properties, lineNumber, offset);
    return this.answer(
      // Endpoint ids are placeholders (the ordinals) until the importer resolves them.
      {
        kind: 'createEdge',
        input: edgeInput(source, target, edgePropertyId, creationDate, label, properties),
      },
      object.properties !== undefined,
      id,
      source,
      target,
    );
  }

  /** `edgePropertyId`: a required non-empty string. */
  private edgeType(edgePropertyId: unknown, lineNumber: number): string {
    if (typeof edgePropertyId !== 'string' || edgePropertyId.length === 0) {
      throw new InvalidLineError(
        lineNumber,
        edgePropertyId === undefined
          ? "the required field 'edgePropertyId' is missing"
          : `edgePropertyId must be a non-empty string, not ${describe(edgePropertyId)}`,
      );
    }
    return edgePropertyId;
  }

  /** A new file id: an int32 the file has not used yet. */
  private newId(id: unknown, lineNumber: number): number {
    if (!isInt32(id)) {
      throw new InvalidLineError(
        lineNumber,
        id === undefined ? "the required field 'id' is missing" : `id must be an int32, not ${describe(id)}`,
      );
    }
    if (this.ids.get(id) !== absentId) throw new InvalidLineError(lineNumber, `duplicate id ${id}`);
    return id;
  }

  /** The ordinal of the vertex an edge names; it must have appeared on an earlier line. */
  private endpoint(id: unknown, field: 'source' | 'target', lineNumber: number): number {
    if (!isInt32(id)) {
      throw new InvalidLineError(
        lineNumber,
        id === undefined
          ? `the required field '${field}' is missing`
          : `${field} must be an int32, not ${describe(id)}`,
      );
    }
    const ordinal = this.ids.get(id);
    if (ordinal >= 0) return ordinal;
    throw new InvalidLineError(
      lineNumber,
      ordinal === edgeIdMarker
        ? `the ${field} ${id} is an edge, not a vertex`
        : `the ${field} vertex ${id} does not appear on an earlier line`,
    );
  }

  /** `creationDate`: a required uint32. */
  private creationDate(creationDate: unknown, lineNumber: number): number {
    if (
      typeof creationDate !== 'number' ||
      !Number.isInteger(creationDate) ||
      creationDate < 0 ||
      creationDate > maxCreationDateSeconds
    ) {
      throw new InvalidLineError(
        lineNumber,
        creationDate === undefined
          ? "the required field 'creationDate' is missing"
          : `creationDate must be a uint32 of Unix seconds, not ${describe(creationDate)}`,
      );
    }
    return creationDate;
  }

  /** `label`: an optional string or null. */
  private label(label: unknown, lineNumber: number): string | null {
    if (label === undefined || label === null) return null;
    if (typeof label !== 'string') {
      throw new InvalidLineError(lineNumber, `label must be a string or null, not ${describe(label)}`);
    }
    return label;
  }

  /** Converts `properties`; answers the plain ones (embeddings go to `embeddings`). */
  private properties(properties: unknown, lineNumber: number, offset: number): PropertyInput[] | undefined {
    if (properties === undefined) return undefined;
    if (!isPlainObject(properties)) {
      throw new InvalidLineError(lineNumber, `properties must be an object, not ${describe(properties)}`);
    }
    this.startProperties();
    for (const key in properties) {
      this.members++;
      this.addProperty(key, this.value(key, properties[key], lineNumber), lineNumber, offset);
    }
    return this.finishProperties(lineNumber);
  }

  private startProperties(): void {
    this.propertyInputs.length = 0;
    this.embeddings = undefined;
    this.stamps = undefined;
  }

  /** One converted property of the line: a plain one, an embedding or an embedding's provider stamp. */
  private addProperty(key: string, value: TypedValue, lineNumber: number, offset: number): void {
    if (!isReservedKey(key)) {
      if (key.length === 0) throw new InvalidLineError(lineNumber, 'a property key must not be empty');
      this.propertyInputs.push({ key, value });
      return;
    }
    if (key.startsWith(embeddingStampKeyPrefix)) {
      const name = this.embeddingName(key, embeddingStampKeyPrefix, lineNumber);
      if (value.type !== 'String') {
        throw new InvalidLineError(
          lineNumber,
          `the property '${key}' must be a System.String (a provider stamp)`,
        );
      }
      (this.stamps ??= new Map()).set(name, value.value);
      return;
    }
    const name = this.embeddingName(key, embeddingKeyPrefix, lineNumber);
    if (value.type !== 'Single[]') {
      throw new InvalidLineError(
        lineNumber,
        `the property '${key}' must be a System.Single[] (an embedding)`,
      );
    }
    const problem = vectorProblem(value.value) ?? boundIndexProblem(this.engine, name, value.value);
    if (problem !== undefined)
      throw new InvalidLineError(lineNumber, `the embedding '${name}' is invalid: ${problem}`);
    (this.embeddings ??= []).push({
      kind: 'setEmbedding',
      id: offset,
      name,
      vector: value.value,
      model: null,
    });
  }

  /** Pairs the provider stamps with their embeddings; answers the plain properties, if any. */
  private finishProperties(lineNumber: number): PropertyInput[] | undefined {
    const { embeddings, stamps } = this;
    if (stamps !== undefined) {
      for (const [name, model] of stamps) {
        const embedding = embeddings?.find((e) => e.name === name);
        if (embedding === undefined) {
          throw new InvalidLineError(
            lineNumber,
            `the property '${embeddingStampKeyPrefix}${name}' has no '${embeddingKeyPrefix}${name}' beside it`,
          );
        }
        embedding.model = model;
      }
    }
    return this.propertyInputs.length > 0 ? this.propertyInputs.slice() : undefined;
  }

  private embeddingName(key: string, prefix: string, lineNumber: number): string {
    const name = key.slice(prefix.length);
    if (!key.startsWith(prefix) || !isEmbeddingName(name)) {
      throw new InvalidLineError(
        lineNumber,
        `the reserved key '${key}' does not name an embedding (1 to 64 of A-Z, a-z, 0-9, '_' and '-')`,
      );
    }
    return name;
  }

  /** One property: exactly `{ "type": string, "value": string }`, the value converted by its type. */
  private value(key: string, entry: unknown, lineNumber: number): TypedValue {
    if (!isPlainObject(entry)) {
      throw new InvalidLineError(
        lineNumber,
        `the property '${key}' must be an object with type and value, not ${describe(entry)}`,
      );
    }
    for (const member in entry) {
      if (member !== 'type' && member !== 'value') {
        throw new InvalidLineError(lineNumber, `unknown member '${member}' in the property '${key}'`);
      }
      this.members++;
    }
    const { type: typeName, value: text } = entry;
    if (typeof typeName !== 'string') {
      throw new InvalidLineError(
        lineNumber,
        typeName === undefined
          ? `the property '${key}' has no type`
          : `the type of the property '${key}' must be a string, not ${describe(typeName)}`,
      );
    }
    if (typeof text !== 'string') {
      throw new InvalidLineError(
        lineNumber,
        text === undefined
          ? `the property '${key}' has no value`
          : `the value of the property '${key}' must be a string, not ${describe(text)}`,
      );
    }
    return this.convert(key, typeName, text, lineNumber, false);
  }

  /**
   * A property's value text converted by its type name. `detach`: the text is a slice of the line, to be
   * copied if it is kept (a String).
   */
  private convert(
    key: string,
    typeName: string,
    text: string,
    lineNumber: number,
    detach: boolean,
  ): TypedValue {
    const type = this.typeOf(typeName);
    if (type === undefined) {
      throw new InvalidLineError(
        lineNumber,
        `the property '${key}' has the unknown type ${describe(typeName)}`,
      );
    }
    if (type === 'String') return { type, value: detach ? detachString(text) : text };
    try {
      return parseBulkValue(type, text);
    } catch (error) {
      if (error instanceof ValueError)
        throw new InvalidLineError(lineNumber, `the property '${key}': ${error.message}`);
      throw error;
    }
  }

  private typeOf(name: string): ValueType | undefined {
    let type = this.typeNames.get(name);
    if (type === undefined) {
      type = resolveBulkTypeName(name);
      if (type !== undefined && this.typeNames.size < maxCachedTypeNames) this.typeNames.set(name, type);
    }
    return type;
  }
}
