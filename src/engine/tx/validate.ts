/**
 * Checks a transaction's operations before it is enqueued, so bad input is refused at the door and never
 * reaches the writer. What can only be known at commit time (does an endpoint exist?) is checked when the
 * writer applies the operation. The same pass adds up the transaction's queued bytes (queue-bounds.ts),
 * which the writer's queue bound counts.
 */
import { EngineError } from '../errors.js';
import { isReservedKey } from '../graph/scan.js';
import { isEmbeddingName } from '../embeddings/names.js';
import { vectorProblem } from '../vectors/metric.js';
import type { IndexWriteOperation, PropertyInput, VertexInput, WriteOperation } from './operations.js';
import { isRegistrationFamily } from '../registrations/store.js';
import {
  queuedOperationBytes,
  queuedPropertyBytes,
  queuedTransactionBytes,
  valueBytes,
} from './queue-bounds.js';

const maxCreationDateSeconds = 2 ** 32 - 1;

function invalid(message: string): EngineError {
  return new EngineError('INVALID_INPUT', message);
}

function checkId(id: unknown, what: string): void {
  if (!Number.isInteger(id) || (id as number) < -(2 ** 31) || (id as number) > 2 ** 31 - 1) {
    throw invalid(`${what} must be an int32, got ${String(id)}`);
  }
}

export function checkPropertyKey(key: unknown): void {
  if (typeof key !== 'string' || key.length === 0) throw invalid('a property key must be a non-empty string');
  if (isReservedKey(key)) {
    throw invalid(`the property key '${key}' is reserved for engine-managed embedding state`);
  }
}

/** Checks the properties and answers their queued bytes. */
function checkProperties(properties: readonly PropertyInput[] | undefined): number {
  if (properties === undefined) return 0;
  if (!Array.isArray(properties)) throw invalid('properties must be an array');
  let bytes = 0;
  for (const property of properties) {
    if (property === null || typeof property !== 'object') throw invalid('a property must be an object');
    checkPropertyKey(property.key);
    if (property.value === null || typeof property.value !== 'object') {
      throw invalid(`the property '${property.key}' has no typed value`);
    }
    bytes += queuedPropertyBytes + property.key.length + valueBytes(property.value.value);
  }
  return bytes;
}

/** The header fields of an element to create: an optional uint32 creation date and an optional label. */
export function checkCreationDateAndLabel(creationDate: unknown, label: unknown): void {
  if (
    creationDate !== undefined &&
    (typeof creationDate !== 'number' ||
      !Number.isInteger(creationDate) ||
      creationDate < 0 ||
      creationDate > maxCreationDateSeconds)
  ) {
    throw invalid(`creationDate must be a uint32 of Unix seconds, got ${String(creationDate)}`);
  }
  if (label !== undefined && label !== null && typeof label !== 'string')
    throw invalid('label must be a string');
}

/** Checks an element to create and answers its queued bytes beyond the operation's own. */
function checkElementInput(input: VertexInput): number {
  if (input === null || typeof input !== 'object') throw invalid('an element to create must be an object');
  checkCreationDateAndLabel(input.creationDate, input.label);
  return checkProperties(input.properties) + (typeof input.label === 'string' ? input.label.length : 0);
}

function checkEmbeddingName(name: unknown): void {
  if (!isEmbeddingName(name)) {
    throw invalid(`'${String(name)}' is not an embedding name: 1 to 64 of A-Z, a-z, 0-9, '_' and '-'`);
  }
}

function checkIndexDefinition(pluginType: unknown, options: unknown): void {
  if (typeof pluginType !== 'string') throw invalid('an index type must be a string');
  if (!(options instanceof Map)) throw invalid('index options must be a Map of option name to typed value');
  for (const [name, value] of options as Map<unknown, unknown>) {
    if (typeof name !== 'string') throw invalid('an index option name must be a string');
    if (value === null || typeof value !== 'object') {
      throw invalid(`the index option '${name}' has no typed value`);
    }
  }
}

/**
 * The shape of an explicit index write. What depends on the index (its type, a vector's dimension, the
 * choice of one vector source) is checked when it applies, in the order the routes report it.
 */
function checkIndexWrite(operation: IndexWriteOperation): void {
  if (typeof operation.indexId !== 'string') throw invalid('an index id must be a string');
  if (operation.kind !== 'indexRemoveKey') checkId(operation.id, 'the element id');
  if (operation.kind === 'indexAdd' || operation.kind === 'indexRemoveKey') {
    if (operation.key === null || typeof operation.key !== 'object')
      throw invalid('an index key has no typed value');
  }
  if (operation.kind === 'indexPutVector') {
    const { vector, propertyId } = operation;
    if (vector !== null && !(vector instanceof Float32Array))
      throw invalid('a vector is a Float32Array or null');
    if (propertyId !== null && typeof propertyId !== 'string')
      throw invalid('propertyId is a string or null');
  }
}

/**
 * Throws INVALID_INPUT for the first operation that breaks a rule; otherwise answers the transaction's
 * queued bytes (queue-bounds.ts): fixed costs, labels, keys, edge types, string values and vectors.
 */
export function validateOperations(operations: readonly WriteOperation[]): number {
  if (!Array.isArray(operations)) throw invalid('a transaction is an array of operations');
  let bytes = queuedTransactionBytes + operations.length * queuedOperationBytes;
  for (const operation of operations) {
    switch (operation.kind) {
      case 'createVertex':
        bytes += checkElementInput(operation.input);
        break;
      case 'createEdge': {
        const input = operation.input;
        bytes += checkElementInput(input);
        checkId(input.sourceVertex, 'sourceVertex');
        checkId(input.targetVertex, 'targetVertex');
        if (typeof input.edgePropertyId !== 'string' || input.edgePropertyId.length === 0) {
          throw invalid('edgePropertyId is required and must be a non-empty string');
        }
        bytes += input.edgePropertyId.length;
        break;
      }
      case 'setProperty':
        checkId(operation.id, 'the element id');
        checkPropertyKey(operation.key);
        if (operation.value === null || typeof operation.value !== 'object') {
          throw invalid(`the property '${operation.key}' has no typed value`);
        }
        bytes += queuedPropertyBytes + operation.key.length + valueBytes(operation.value.value);
        break;
      case 'removeProperty':
        checkId(operation.id, 'the element id');
        checkPropertyKey(operation.key);
        break;
      case 'setEmbedding': {
        checkId(operation.id, 'the element id');
        checkEmbeddingName(operation.name);
        if (!(operation.vector instanceof Float32Array)) throw invalid('an embedding is a Float32Array');
        const problem = vectorProblem(operation.vector);
        if (problem !== undefined) throw invalid(`the embedding '${operation.name}' is invalid: ${problem}`);
        const { model } = operation;
        if (model !== undefined && model !== null && typeof model !== 'string') {
          throw invalid('an embedding model stamp must be a string or null');
        }
        bytes += operation.vector.byteLength;
        break;
      }
      case 'removeEmbedding':
        checkId(operation.id, 'the element id');
        checkEmbeddingName(operation.name);
        break;
      case 'removeElement':
        checkId(operation.id, 'the element id');
        break;
      case 'register':
      case 'unregister':
        if (!isRegistrationFamily(operation.family)) {
          throw invalid(`unknown registration family '${String(operation.family)}'`);
        }
        if (typeof operation.name !== 'string' || operation.name.length === 0) {
          throw invalid('a registration name must be a non-empty string');
        }
        if (operation.kind === 'register') {
          if (typeof operation.payload !== 'string') throw invalid('a registration payload must be a string');
          bytes += operation.payload.length;
        }
        // Each is its own log entry (one per family), so it travels alone.
        if (operations.length !== 1) {
          throw invalid(`a ${operation.kind} must be the only operation of its transaction`);
        }
        break;
      case 'defineIndex':
      case 'dropIndex':
        if (typeof operation.indexId !== 'string') throw invalid('an index id must be a string');
        if (operation.kind === 'defineIndex') checkIndexDefinition(operation.pluginType, operation.options);
        // Each is its own log entry, so it travels alone.
        if (operations.length !== 1) {
          throw invalid(`a ${operation.kind} must be the only operation of its transaction`);
        }
        break;
      case 'indexAdd':
      case 'indexRemoveElement':
      case 'indexRemoveKey':
      case 'indexPutVector':
        checkIndexWrite(operation);
        bytes += operation.indexId.length;
        if (operation.kind === 'indexAdd' || operation.kind === 'indexRemoveKey') {
          bytes += valueBytes(operation.key.value);
        } else if (operation.kind === 'indexPutVector') {
          bytes +=
            operation.vector === null ? (operation.propertyId?.length ?? 0) : operation.vector.byteLength;
        }
        // Each is its own log entry, so it travels alone.
        if (operations.length !== 1) {
          throw invalid(`a ${operation.kind} must be the only operation of its transaction`);
        }
        break;
      case 'clear':
      case 'trim':
      case 'compact':
        // They rewrite the whole id space and cannot be undone, so they travel alone.
        if (operations.length !== 1)
          throw invalid(`a ${operation.kind} must be the only operation of its transaction`);
        break;
      default:
        throw invalid(`unknown operation kind '${(operation as { kind: unknown }).kind as string}'`);
    }
  }
  return bytes;
}
