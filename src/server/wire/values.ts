/**
 * Typed values on the wire: a PropertySpecification or LiteralSpecification becomes a TypedValue, and a
 * stored value becomes `{ propertyId, fullQualifiedTypeName, propertyValue }`.
 *
 * Missing type names follow the ancestor (docs/elements.md, Typed values): on property writes an absent name means Int32
 * and `null`/"" means String; on scan literals both mean String.
 */
import {
  ValueError,
  formatValue,
  fullTypeName,
  parseValue,
  resolveTypeName,
  type ScalarType,
  type TypedValue,
  type PropertyEntry,
  type PropertyInput,
} from '../../index.js';
import { problem, type ProblemError } from '../problems/problem.js';

export interface PropertySpecification {
  propertyId?: string;
  propertyValue?: string;
  fullQualifiedTypeName?: string | null;
}

export interface LiteralSpecification {
  value?: string | null;
  fullQualifiedTypeName?: string | null;
}

export interface WireProperty {
  propertyId: string;
  fullQualifiedTypeName: string;
  propertyValue: string;
}

/** Schema defaults of the ancestor that clients observe when they leave fields out. */
const absentPropertyId = 'cacheSize';
const absentPropertyValue = '1000';

function badRequest(detail: string): ProblemError {
  return problem('INVALID_PROPERTY_VALUE', detail);
}

function resolveOrFail(typeName: string, context: string): ScalarType {
  const type = resolveTypeName(typeName);
  if (type === undefined) throw badRequest(`${context}: the type name '${typeName}' is not supported`);
  return type;
}

function convert(type: ScalarType, text: string, context: string): TypedValue {
  try {
    return parseValue(type, text);
  } catch (error) {
    if (error instanceof ValueError) throw badRequest(`${context}: ${error.message}`);
    throw error;
  }
}

/** Converts a property write value; `context` names the property in error messages. */
export function propertyValueOf(spec: PropertySpecification, context: string): TypedValue {
  const typeName = spec.fullQualifiedTypeName;
  const type: ScalarType =
    typeName === undefined
      ? 'Int32'
      : typeName === null || typeName === ''
        ? 'String'
        : resolveOrFail(typeName, context);
  return convert(type, spec.propertyValue ?? absentPropertyValue, context);
}

/** Converts the property list of a create request (every item, before anything is enqueued). */
export function propertyInputsOf(
  specs: readonly PropertySpecification[] | undefined,
  context: string,
): PropertyInput[] {
  if (specs === undefined) return [];
  return specs.map((spec, index) => {
    if (spec === null || typeof spec !== 'object')
      throw badRequest(`${context}.properties[${index}] is null`);
    const key = spec.propertyId ?? absentPropertyId;
    if (key === '') throw badRequest(`${context}.properties[${index}]: propertyId must not be empty`);
    return { key, value: propertyValueOf(spec, `${context}.properties[${index}] '${key}'`) };
  });
}

/** Converts a scan literal; an absent, null or empty type name means String. */
export function literalValueOf(literal: LiteralSpecification, context = 'literal'): TypedValue {
  const typeName = literal.fullQualifiedTypeName;
  const type: ScalarType =
    typeName === undefined || typeName === null || typeName === ''
      ? 'String'
      : resolveOrFail(typeName, context);
  if (literal.value === undefined || literal.value === null)
    throw badRequest(`${context}: value is required`);
  return convert(type, literal.value, context);
}

export function wireProperties(entries: readonly PropertyEntry[]): WireProperty[] {
  const result = new Array<WireProperty>(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const { key, value } = entries[i];
    result[i] = {
      propertyId: key,
      fullQualifiedTypeName: fullTypeName(value.type),
      propertyValue: formatValue(value),
    };
  }
  return result;
}
