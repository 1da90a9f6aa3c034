/**
 * Property values in bulk files: a full type name and a value text (docs/bulk.md, "The file"). The texts are
 * those element reads give (src/engine/model/values.ts) with two differences: Boolean is lowercase
 * `true`/`false`, and `System.Single[]` is comma-joined round-trip floats without brackets (the empty array
 * is the empty string). Type names are written in full and read case-insensitively with the short names and
 * C# aliases, plus `System.Single[]`.
 */
import {
  SCALAR_TYPES,
  ValueError,
  formatValue,
  fullTypeName,
  parseValue,
  resolveTypeName,
  type TypedValue,
  type ValueType,
  formatSingle,
} from '../engine/index.js';

/** Spellings of `Single[]` a bulk file may use, lowercased: full, short, C# alias. */
const singleArrayNames: ReadonlySet<string> = new Set(['system.single[]', 'single[]', 'float[]']);

/** Every type a bulk value may have: the 18 scalars and `Single[]` (the allow-list of exports). */
export const bulkValueTypes: ReadonlySet<string> = new Set<string>([...SCALAR_TYPES, 'Single[]']);

/** The type a bulk file's type name stands for (case-insensitive, aliases), or undefined. */
export function resolveBulkTypeName(name: string): ValueType | undefined {
  const scalar = resolveTypeName(name);
  if (scalar !== undefined) return scalar;
  return singleArrayNames.has(name.toLowerCase()) ? 'Single[]' : undefined;
}

/** Converts a bulk value text; throws `ValueError` naming the type and the text. */
export function parseBulkValue(type: ValueType, text: string): TypedValue {
  // The bulk form has no brackets; the element-read form with them is not a bulk text.
  if (type === 'Single[]' && /^\s*\[/.test(text)) {
    throw new ValueError(
      `The value '${text.length > 40 ? `${text.slice(0, 40)}...` : text}' is not a valid System.Single[]: ` +
        'bulk files write it comma-joined without brackets',
    );
  }
  return parseValue(type, text);
}

/** The bulk value text of a stored value; `parseBulkValue` of it gives back the identical value. */
export function formatBulkValue(value: TypedValue): string {
  switch (value.type) {
    case 'String':
    case 'Char':
      return value.value;
    case 'Boolean':
      return value.value ? 'true' : 'false';
    case 'Single[]': {
      const components = value.value;
      let text = '';
      for (let i = 0; i < components.length; i++) text += (i === 0 ? '' : ',') + formatSingle(components[i]);
      return text;
    }
    default:
      return formatValue(value);
  }
}

/** The full type name a bulk file carries. */
export function bulkTypeName(type: ValueType): string {
  return fullTypeName(type);
}

/**
 * Why a stored value cannot be exported, or undefined when it can: a null value, a type outside the
 * allow-list, or a String or Char holding an unpaired surrogate (not representable in UTF-8, so no other
 * reader could take it back). See docs/bulk.md, "Export".
 */
export function unexportableReason(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value !== 'object') return 'the value is null';
  const { type, value: payload } = value as { type?: unknown; value?: unknown };
  if (typeof type !== 'string' || !bulkValueTypes.has(type)) {
    return `the type '${String(type)}' is outside the allow-list of bulk files`;
  }
  if (payload === null || payload === undefined) return 'the value is null';
  if ((type === 'String' || type === 'Char') && !(payload as string).isWellFormed()) {
    return `the ${fullTypeName(type as ValueType)} value holds an unpaired surrogate`;
  }
  return undefined;
}
