/**
 * The fragment compiler's diagnostics: one table of ids, severities and message templates, declared once
 * and referenced by id from every stage (lexer, parser, binder, emitter).
 *
 * Ids and message templates are the C# compiler's (Roslyn's English resources), because existing clients
 * match on them; `{0}`-style placeholders are filled by `formatMessage`. Two ids are Skein's own:
 * `SVCLIMIT` (a size limit) and `SVCUNSUPPORTED` (valid C# outside the supported subset).
 *
 * A diagnostic carries UTF-16 offsets into the fragment; `toWireDiagnostics` turns them into the 1-based
 * line/column ranges of `POST /delegates/validate` (docs/http.md, "Delegate validation"; docs/fragments.md,
 * "Diagnostics").
 */
import { maxFragmentChars } from './limits.js';

export type Severity = 'error' | 'warning' | 'info';

interface MessageEntry {
  readonly severity: Severity;
  readonly message: string;
}

export const diagnosticMessages = {
  // Lexical and syntax errors (Roslyn's parser and lexer).
  CS0078: {
    severity: 'warning',
    message: "The 'l' suffix is easily confused with the digit '1' -- use 'L' for clarity",
  },
  CS0106: { severity: 'error', message: "The modifier '{0}' is not valid for this item" },
  CS0145: { severity: 'error', message: 'A const field requires a value to be provided' },
  CS0178: { severity: 'error', message: "Invalid rank specifier: expected ',' or ']'" },
  CS0230: { severity: 'error', message: 'Type and identifier are both required in a foreach statement' },
  CS0443: { severity: 'error', message: 'Syntax error; value expected' },
  CS0594: { severity: 'error', message: "Floating-point constant is outside the range of type '{0}'" },
  CS0595: { severity: 'error', message: 'Invalid real literal' },
  CS0650: {
    severity: 'error',
    message:
      "Bad array declarator: To declare a managed array the rank specifier precedes the variable's identifier. To declare a fixed size buffer field, use the fixed keyword before the field type.",
  },
  CS0687: {
    severity: 'error',
    message:
      "The namespace alias qualifier '::' always resolves to a type or namespace so is illegal here. Consider using '.' instead.",
  },
  CS0839: { severity: 'error', message: 'Argument missing' },
  CS1001: { severity: 'error', message: 'Identifier expected' },
  CS1002: { severity: 'error', message: '; expected' },
  CS1003: { severity: 'error', message: "Syntax error, '{0}' expected" },
  CS1009: { severity: 'error', message: 'Unrecognized escape sequence' },
  CS1010: { severity: 'error', message: 'Newline in constant' },
  CS1011: { severity: 'error', message: 'Empty character literal' },
  CS1012: { severity: 'error', message: 'Too many characters in character literal' },
  CS1013: { severity: 'error', message: 'Invalid number' },
  CS1021: { severity: 'error', message: 'Integral constant is too large' },
  CS1022: { severity: 'error', message: 'Type or namespace definition, or end-of-file expected' },
  CS1026: { severity: 'error', message: ') expected' },
  CS1031: { severity: 'error', message: 'Type expected' },
  CS1035: { severity: 'error', message: "End-of-file found, '*/' expected" },
  CS1039: { severity: 'error', message: 'Unterminated string literal' },
  CS1040: {
    severity: 'error',
    message: 'Preprocessor directives must appear as the first non-whitespace character on a line',
  },
  CS1041: { severity: 'error', message: "Identifier expected; '{1}' is a keyword" },
  CS1044: {
    severity: 'error',
    message: 'Cannot use more than one type in a for, using, fixed, or declaration statement',
  },
  CS1056: { severity: 'error', message: "Unexpected character '{0}'" },
  CS1073: { severity: 'error', message: "Unexpected token '{0}'" },
  CS1513: { severity: 'error', message: '} expected' },
  CS1514: { severity: 'error', message: '{ expected' },
  CS1515: { severity: 'error', message: "'in' expected" },
  CS1524: { severity: 'error', message: 'Expected catch or finally' },
  CS1525: { severity: 'error', message: "Invalid expression term '{0}'" },
  CS1526: {
    severity: 'error',
    message: 'A new expression requires an argument list or (), [], or {} after type',
  },
  CS1528: {
    severity: 'error',
    message: 'Expected ; or = (cannot specify constructor arguments in declaration)',
  },
  CS1536: { severity: 'error', message: "Invalid parameter type 'void'" },
  CS1547: { severity: 'error', message: "Keyword 'void' cannot be used in this context" },
  CS1733: { severity: 'error', message: 'Expected expression' },
  CS8076: {
    severity: 'error',
    message: "Missing close delimiter '}' for interpolated expression started with '{'.",
  },
  CS8078: { severity: 'error', message: 'An expression is too long or complex to compile' },
  CS8086: {
    severity: 'error',
    message: "A '{0}' character must be escaped (by doubling) in an interpolated string.",
  },
  CS8087: {
    severity: 'error',
    message: "A '{0}' character may only be escaped by doubling '{0}{0}' in an interpolated string.",
  },
  CS8088: { severity: 'error', message: 'A format specifier may not contain trailing whitespace.' },
  CS8089: { severity: 'error', message: 'Empty format specifier.' },
  CS8361: {
    severity: 'error',
    message:
      "A conditional expression cannot be used directly in a string interpolation because the ':' ends the interpolation. Parenthesize the conditional expression.",
  },
  CS8504: { severity: 'error', message: 'Pattern missing' },
  CS8641: { severity: 'error', message: "'else' cannot start a statement." },
  CS8848: {
    severity: 'warning',
    message: "Operator '{0}' cannot be used here due to precedence. Use parentheses to disambiguate.",
  },

  // Semantic errors and warnings (Roslyn's binder and flow analysis), used by the checker.
  CS0012: {
    severity: 'error',
    message:
      "The type '{0}' is defined in an assembly that is not referenced. You must add a reference to assembly '{1}'.",
  },
  CS0019: {
    severity: 'error',
    message: "Operator '{0}' cannot be applied to operands of type '{1}' and '{2}'",
  },
  CS0020: { severity: 'error', message: 'Division by constant zero' },
  CS0021: { severity: 'error', message: "Cannot apply indexing with [] to an expression of type '{0}'" },
  CS0023: { severity: 'error', message: "Operator '{0}' cannot be applied to operand of type '{1}'" },
  CS0029: { severity: 'error', message: "Cannot implicitly convert type '{0}' to '{1}'" },
  CS0030: { severity: 'error', message: "Cannot convert type '{0}' to '{1}'" },
  CS0031: { severity: 'error', message: "Constant value '{0}' cannot be converted to a '{1}'" },
  CS0037: {
    severity: 'error',
    message: "Cannot convert null to '{0}' because it is a non-nullable value type",
  },
  CS0103: { severity: 'error', message: "The name '{0}' does not exist in the current context" },
  CS0117: { severity: 'error', message: "'{0}' does not contain a definition for '{1}'" },
  CS0119: { severity: 'error', message: "'{0}' is a {1}, which is not valid in the given context" },
  CS0039: {
    severity: 'error',
    message:
      "Cannot convert type '{0}' to '{1}' via a reference conversion, boxing conversion, unboxing conversion, wrapping conversion, or null type conversion",
  },
  CS0077: {
    severity: 'error',
    message:
      "The as operator must be used with a reference type or nullable type ('{0}' is a non-nullable value type)",
  },
  CS0149: { severity: 'error', message: 'Method name expected' },
  CS0150: { severity: 'error', message: 'A constant value is expected' },
  CS8716: { severity: 'error', message: 'There is no target type for the default literal.' },
  CS0307: { severity: 'error', message: "The {1} '{0}' cannot be used with type arguments" },
  CS0826: { severity: 'error', message: 'No best type found for implicitly-typed array' },
  CS1729: { severity: 'error', message: "'{0}' does not contain a constructor that takes {1} arguments" },
  CS0847: { severity: 'error', message: "An array initializer of length '{0}' is expected" },
  CS1586: { severity: 'error', message: 'Array creation must have array size or array initializer' },
  CS8121: {
    severity: 'error',
    message: "An expression of type '{0}' cannot be handled by a pattern of type '{1}'.",
  },
  CS8506: { severity: 'error', message: 'No best type was found for the switch expression.' },
  CS0126: { severity: 'error', message: "An object of a type convertible to '{0}' is required" },
  CS1579: {
    severity: 'error',
    message:
      "foreach statement cannot operate on variables of type '{0}' because '{0}' does not contain a public instance or extension definition for 'GetEnumerator'",
  },
  CS0822: { severity: 'error', message: 'Implicitly-typed variables cannot be constant' },
  CS8030: {
    severity: 'error',
    message: 'Anonymous function converted to a void returning delegate cannot return a value',
  },
  CS0120: {
    severity: 'error',
    message: "An object reference is required for the non-static field, method, or property '{0}'",
  },
  CS0121: {
    severity: 'error',
    message: "The call is ambiguous between the following methods or properties: '{0}' and '{1}'",
  },
  CS0133: { severity: 'error', message: "The expression being assigned to '{0}' must be constant" },
  CS0176: {
    severity: 'error',
    message:
      "Member '{0}' cannot be accessed with an instance reference; qualify it with a type name instead",
  },
  CS0191: {
    severity: 'error',
    message:
      'A readonly field cannot be assigned to (except in a constructor or init-only setter of the type in which the field is defined or a variable initializer)',
  },
  CS1656: { severity: 'error', message: "Cannot assign to '{0}' because it is a '{1}'" },
  CS8917: { severity: 'error', message: 'The delegate type could not be inferred.' },
  CS0128: {
    severity: 'error',
    message: "A local variable or function named '{0}' is already defined in this scope",
  },
  CS0131: {
    severity: 'error',
    message: 'The left-hand side of an assignment must be a variable, property or indexer',
  },
  CS0136: {
    severity: 'error',
    message:
      "A local or parameter named '{0}' cannot be declared in this scope because that name is used in an enclosing local scope to define a local or parameter",
  },
  CS0139: { severity: 'error', message: 'No enclosing loop out of which to break or continue' },
  CS0161: { severity: 'error', message: "'{0}': not all code paths return a value" },
  CS0162: { severity: 'warning', message: 'Unreachable code detected' },
  CS0165: { severity: 'error', message: "Use of unassigned local variable '{0}'" },
  CS0168: { severity: 'warning', message: "The variable '{0}' is declared but never used" },
  CS0173: {
    severity: 'error',
    message:
      "Type of conditional expression cannot be determined because there is no implicit conversion between '{0}' and '{1}'",
  },
  CS0200: {
    severity: 'error',
    message: "Property or indexer '{0}' cannot be assigned to -- it is read only",
  },
  CS0201: {
    severity: 'error',
    message:
      'Only assignment, call, increment, decrement, await, and new object expressions can be used as a statement',
  },
  CS0219: { severity: 'warning', message: "The variable '{0}' is assigned but its value is never used" },
  CS0220: { severity: 'error', message: 'The operation overflows at compile time in checked mode' },
  CS0221: {
    severity: 'error',
    message: "Constant value '{0}' cannot be converted to a '{1}' (use 'unchecked' syntax to override)",
  },
  CS0234: {
    severity: 'error',
    message:
      "The type or namespace name '{0}' does not exist in the namespace '{1}' (are you missing an assembly reference?)",
  },
  CS0246: {
    severity: 'error',
    message:
      "The type or namespace name '{0}' could not be found (are you missing a using directive or an assembly reference?)",
  },
  CS0266: {
    severity: 'error',
    message:
      "Cannot implicitly convert type '{0}' to '{1}'. An explicit conversion exists (are you missing a cast?)",
  },
  CS0270: {
    severity: 'error',
    message:
      "Array size cannot be specified in a variable declaration (try initializing with a 'new' expression)",
  },
  CS0411: {
    severity: 'error',
    message:
      "The type arguments for method '{0}' cannot be inferred from the usage. Try specifying the type arguments explicitly.",
  },
  CS0428: {
    severity: 'error',
    message:
      "Cannot convert method group '{0}' to non-delegate type '{1}'. Did you intend to invoke the method?",
  },
  CS0463: { severity: 'error', message: 'Evaluation of the decimal constant expression failed' },
  CS0815: { severity: 'error', message: 'Cannot assign {0} to an implicitly-typed variable' },
  CS0818: { severity: 'error', message: 'Implicitly-typed variables must be initialized' },
  CS0819: { severity: 'error', message: 'Implicitly-typed variables cannot have multiple declarators' },
  CS0820: {
    severity: 'error',
    message: 'Cannot initialize an implicitly-typed variable with an array initializer',
  },
  CS0841: { severity: 'error', message: "Cannot use local variable '{0}' before it is declared" },
  CS1023: { severity: 'error', message: 'Embedded statement cannot be a declaration or labeled statement' },
  CS1061: {
    severity: 'error',
    message:
      "'{0}' does not contain a definition for '{1}' and no accessible extension method '{1}' accepting a first argument of type '{0}' could be found (are you missing a using directive or an assembly reference?)",
  },
  CS1069: {
    severity: 'error',
    message:
      "The type name '{0}' could not be found in the namespace '{1}'. This type has been forwarded to assembly '{2}' Consider adding a reference to that assembly.",
  },
  CS1501: { severity: 'error', message: "No overload for method '{0}' takes {1} arguments" },
  CS1503: { severity: 'error', message: "Argument {0}: cannot convert from '{1}' to '{2}'" },
  CS1510: { severity: 'error', message: 'A ref or out value must be an assignable variable' },
  CS1593: { severity: 'error', message: "Delegate '{0}' does not take {1} arguments" },
  CS1615: { severity: 'error', message: "Argument {0} may not be passed with the '{1}' keyword" },
  CS1620: { severity: 'error', message: "Argument {0} must be passed with the '{1}' keyword" },
  CS1643: {
    severity: 'error',
    message: "Not all code paths return a value in lambda expression of type '{0}'",
  },
  CS0034: {
    severity: 'error',
    message: "Operator '{0}' is ambiguous on operands of type '{1}' and '{2}'",
  },
  CS0035: {
    severity: 'error',
    message: "Operator '{0}' is ambiguous on an operand of type '{1}'",
  },
  CS0664: {
    severity: 'error',
    message:
      "Literal of type double cannot be implicitly converted to type '{1}'; use an '{0}' suffix to create a literal of this type",
  },
  CS1661: {
    severity: 'error',
    message:
      "Cannot convert lambda expression to type '{0}' because the parameter types do not match the delegate parameter types",
  },
  CS1678: {
    severity: 'error',
    message: "Parameter {0} is declared as type '{1}{2}' but should be '{3}{4}'",
  },
  CS1660: {
    severity: 'error',
    message: "Cannot convert lambda expression to type '{0}' because it is not a delegate type",
  },
  CS1662: {
    severity: 'error',
    message:
      'Cannot convert lambda expression to intended delegate type because some of the return types in the block are not implicitly convertible to the delegate return type',
  },
  CS1955: { severity: 'error', message: "Non-invocable member '{0}' cannot be used like a method." },
  CS8509: {
    severity: 'warning',
    message:
      "The switch expression does not handle all possible values of its input type (it is not exhaustive). For example, the pattern '{0}' is not covered.",
  },
  CS8510: {
    severity: 'error',
    message: 'The pattern has already been handled by a previous arm of the switch expression.',
  },

  // Skein's own.
  SVCLIMIT: {
    severity: 'error',
    message: `The fragment ({0} chars) exceeds the maximum of ${maxFragmentChars}.`,
  },
  SVCUNSUPPORTED: { severity: 'error', message: "'{0}' is not supported in fragments" },
} as const satisfies Record<string, MessageEntry>;

export type DiagnosticId = keyof typeof diagnosticMessages;

/** A diagnostic over fragment text: `start`/`end` are UTF-16 offsets, `end` is exclusive. */
export interface Diagnostic {
  readonly id: DiagnosticId;
  readonly severity: Severity;
  readonly message: string;
  readonly start: number;
  readonly end: number;
}

/** The shape `POST /delegates/validate` answers with: 1-based, in fragment coordinates. */
export interface WireDiagnostic {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly id: DiagnosticId;
  readonly severity: Severity;
  readonly message: string;
}

/** Fills `{0}`, `{1}`, ... of the id's template; a placeholder without an argument stays as written. */
export function formatMessage(id: DiagnosticId, ...args: readonly (string | number)[]): string {
  return diagnosticMessages[id].message.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const argument = args[Number(index)];
    return argument === undefined ? placeholder : String(argument);
  });
}

export function createDiagnostic(
  id: DiagnosticId,
  start: number,
  end: number,
  ...args: readonly (string | number)[]
): Diagnostic {
  return { id, severity: diagnosticMessages[id].severity, message: formatMessage(id, ...args), start, end };
}

export function isError(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === 'error';
}

/**
 * Offsets of the first character of every line. Line breaks are the ones the C# compiler counts:
 * CR LF, CR, LF, NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029).
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    } else if (ch === 0x0a || ch === 0x85 || ch === 0x2028 || ch === 0x2029) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Length of a line's content, without its line break. */
function lineContentEnd(text: string, starts: readonly number[], line: number): number {
  let end = line + 1 < starts.length ? starts[line + 1] : text.length;
  if (end > starts[line]) {
    const last = text.charCodeAt(end - 1);
    if (last === 0x0a || last === 0x0d || last === 0x85 || last === 0x2028 || last === 0x2029) {
      end--;
      if (last === 0x0a && end > starts[line] && text.charCodeAt(end - 1) === 0x0d) end--;
    }
  }
  return end;
}

/** 1-based line and column of an offset, clamped into the text; an offset inside a CR LF counts as the line's end. */
export function positionOf(
  text: string,
  starts: readonly number[],
  offset: number,
): { line: number; column: number } {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= clamped) low = middle;
    else high = middle - 1;
  }
  const column = Math.min(clamped, lineContentEnd(text, starts, low)) - starts[low] + 1;
  return { line: low + 1, column };
}

/** The wire form of diagnostics over `text`, in the given order; the end never precedes the start. */
export function toWireDiagnostics(diagnostics: readonly Diagnostic[], text: string): WireDiagnostic[] {
  if (diagnostics.length === 0) return [];
  const starts = lineStarts(text);
  return diagnostics.map((diagnostic) => {
    const start = positionOf(text, starts, diagnostic.start);
    let end = positionOf(text, starts, Math.max(diagnostic.start, diagnostic.end));
    if (end.line < start.line || (end.line === start.line && end.column < start.column)) end = start;
    return {
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      id: diagnostic.id,
      severity: diagnostic.severity,
      message: diagnostic.message,
    };
  });
}

export function toWireDiagnostic(diagnostic: Diagnostic, text: string): WireDiagnostic {
  return toWireDiagnostics([diagnostic], text)[0];
}
