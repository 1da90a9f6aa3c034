/**
 * Text of values: `ToString()`, `ToString(format)`, string concatenation and interpolation holes
 * (`{x}`, `{x:F2}`, `{x,8:N0}`). The emitter knows each value's static type and passes its type code
 * (types.ts `ClrType`), so one entry point serves every type.
 *
 * Default texts are the engine's invariant texts (values.ts `formatValue`: shortest round-trip floats,
 * decimals with their scale, `True`/`False`, Guid "D", TimeSpan "c"), except where .NET's `ToString()`
 * differs from the property read form: DateTime prints the invariant "G" pattern `MM/dd/yyyy HH:mm:ss`
 * and DateTimeOffset the same followed by its offset; a char prints as itself.
 */
import type { Decimal } from 'decimal.js';
import { formatValue, type TypedValue } from '../../engine/index.js';
import { formatDateTimeOffsetWith, formatDateTimeWith, formatTimeSpanWith } from './datetime-format.js';
import { format as formatError } from './exceptions.js';
import { NumberRepresentation, formatNumber } from './number-format.js';
import { ClrType, clrFullName, type DateTimeOffsetValue, type DateTimeValue } from './types.js';

/** Integer type codes and their widths in bits (for the X format). */
const INTEGER_BITS = new Map<number, number>([
  [ClrType.SByte, 8],
  [ClrType.Byte, 8],
  [ClrType.Int16, 16],
  [ClrType.UInt16, 16],
  [ClrType.Int32, 32],
  [ClrType.UInt32, 32],
  [ClrType.Int64, 64],
  [ClrType.UInt64, 64],
]);

/** Type codes whose default text is the engine's read text, with the engine's type name. */
const ENGINE_TEXT_TYPES = new Map<number, TypedValue['type']>(
  (
    [
      'String',
      'Boolean',
      'Byte',
      'SByte',
      'Int16',
      'UInt16',
      'Int32',
      'UInt32',
      'Int64',
      'UInt64',
      'Single',
      'Double',
      'Decimal',
      'TimeSpan',
      'Guid',
    ] as const
  ).map((type) => [ClrType[type], type]),
);

/** `ToString()` of a value of static type `code`. */
function defaultText(value: unknown, code: number): string {
  const engineType = ENGINE_TEXT_TYPES.get(code);
  if (engineType !== undefined) return formatValue({ type: engineType, value } as TypedValue);
  switch (code) {
    case ClrType.Char:
      return String.fromCharCode(value as number);
    case ClrType.DateTime:
      return formatDateTimeWith(value as DateTimeValue, null);
    case ClrType.DateTimeOffset:
      return formatDateTimeOffsetWith(value as DateTimeOffsetValue, null);
    case ClrType.SingleArray:
      return 'System.Single[]';
    default:
      throw new RangeError(`no text for type code ${code} (${clrFullName(code)})`);
  }
}

/**
 * `value.ToString()` (format null) or `value.ToString(format)` of a value of static type `code`.
 * Null gives `""`, as concatenation and interpolation print it.
 */
export function formatWith(value: unknown, code: number, format: string | null = null): string {
  if (value === null || value === undefined) return '';
  if (format === null || format.length === 0) return defaultText(value, code);
  switch (code) {
    case ClrType.Single:
      return formatNumber(value as number, NumberRepresentation.Single, format);
    case ClrType.Double:
      return formatNumber(value as number, NumberRepresentation.Double, format);
    case ClrType.Decimal:
      return formatNumber(value as Decimal, NumberRepresentation.Decimal, format);
    case ClrType.Int64:
    case ClrType.UInt64:
      return formatNumber(value as bigint, NumberRepresentation.BigInteger, format, 64);
    case ClrType.DateTime:
      return formatDateTimeWith(value as DateTimeValue, format);
    case ClrType.DateTimeOffset:
      return formatDateTimeOffsetWith(value as DateTimeOffsetValue, format);
    case ClrType.TimeSpan:
      return formatTimeSpanWith(value as bigint, format);
    case ClrType.Guid:
      return formatGuid(value as string, format);
    default: {
      const bits = INTEGER_BITS.get(code);
      if (bits !== undefined)
        return formatNumber(value as number, NumberRepresentation.Integer, format, bits);
      // string, bool, char: .NET ignores the format (IFormattable is not implemented by them).
      return defaultText(value, code);
    }
  }
}

/** `Guid.ToString(format)`: D (default), N, B, P; X is not supported. */
function formatGuid(value: string, format: string | null): string {
  switch (format) {
    case null:
    case '':
    case 'D':
    case 'd':
      return value;
    case 'N':
    case 'n':
      return value.replaceAll('-', '');
    case 'B':
    case 'b':
      return `{${value}}`;
    case 'P':
    case 'p':
      return `(${value})`;
    default:
      throw formatError('Format string can be only "D", "d", "N", "n", "P", "p", "B", "b", "X" or "x".');
  }
}

/** An interpolation hole's alignment: right-aligned in `width` for a positive width, left for negative. */
export function align(text: string, width: number): string {
  return width >= 0 ? text.padStart(width) : text.padEnd(-width);
}

/** An enum value's text: its member name, or the number when no member has that value (as .NET). */
export function enumText(names: readonly string[], value: number): string {
  return names[value] ?? String(value);
}
