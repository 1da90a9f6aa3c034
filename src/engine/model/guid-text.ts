/**
 * System.Guid text: `Guid.Parse` forms in, the canonical lowercase hyphenated ("D") form out.
 */

/**
 * "N" (32 hex digits), "D" (8-4-4-4-12), and "D" wrapped in braces ("B") or parentheses ("P"); hex digits
 * in either case. Groups: opening bracket, the five hyphenated parts, closing bracket; or the 32 digits.
 */
const GUID_D_TEXT =
  /^([{(]?)([0-9a-fA-F]{8})-([0-9a-fA-F]{4})-([0-9a-fA-F]{4})-([0-9a-fA-F]{4})-([0-9a-fA-F]{12})([})]?)$/;
const GUID_N_TEXT = /^[0-9a-fA-F]{32}$/;
/**
 * "X": `{0xdddddddd,0xdddd,0xdddd,{0xdd,0xdd,0xdd,0xdd,0xdd,0xdd,0xdd,0xdd}}`, where .NET lets each field
 * have fewer digits (it is a number) and ignores whitespace anywhere inside.
 */
const GUID_X_TEXT = new RegExp(
  '^\\{0[xX]([0-9a-fA-F]{1,8}),0[xX]([0-9a-fA-F]{1,4}),0[xX]([0-9a-fA-F]{1,4}),\\{' +
    Array.from({ length: 8 }, () => '0[xX]([0-9a-fA-F]{1,2})').join(',') +
    '\\}\\}$',
);
const WHITESPACE = /\s+/g;
/** Widths of the X fields once written as hex digits of the canonical form. */
const GUID_X_FIELD_WIDTHS = [8, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2];

/** 32 lowercase hex digits as 8-4-4-4-12. */
function hyphenate(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `Guid.Parse(text)`: surrounding whitespace trimmed; `undefined` when no form matches. */
export function parseGuidText(text: string): string | undefined {
  const trimmed = text.trim();
  const d = GUID_D_TEXT.exec(trimmed);
  if (d !== null) {
    const open = d[1];
    const close = d[7];
    const matched =
      (open === '' && close === '') || (open === '{' && close === '}') || (open === '(' && close === ')');
    if (!matched) return undefined;
    return `${d[2]}-${d[3]}-${d[4]}-${d[5]}-${d[6]}`.toLowerCase();
  }
  if (GUID_N_TEXT.test(trimmed)) return hyphenate(trimmed.toLowerCase());
  if (trimmed.charCodeAt(0) !== 0x7b) return undefined;
  const x = GUID_X_TEXT.exec(trimmed.replace(WHITESPACE, ''));
  if (x === null) return undefined;
  return hyphenate(
    GUID_X_FIELD_WIDTHS.map((width, i) => x[i + 1].padStart(width, '0'))
      .join('')
      .toLowerCase(),
  );
}
