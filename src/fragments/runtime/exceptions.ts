/**
 * The .NET exceptions a fragment can raise at run time, as JavaScript errors carrying the .NET type name
 * and .NET's own message text, so a route can report exactly what the ancestor reported:
 * "the fragment failed: NullReferenceException: Object reference not set to an instance of an object."
 *
 * Every runtime helper throws only these (and `FragmentBudgetExceeded` from budget.ts); a plain
 * JavaScript error escaping a compiled fragment is a bug in the compiler or the runtime, never user input.
 */

/** The .NET exception types the runtime raises, by short name. */
export type DotNetExceptionName =
  | 'NullReferenceException'
  | 'InvalidOperationException'
  | 'DivideByZeroException'
  | 'ArgumentException'
  | 'ArgumentNullException'
  | 'ArgumentOutOfRangeException'
  | 'IndexOutOfRangeException'
  | 'InvalidCastException'
  | 'OverflowException'
  | 'ArithmeticException'
  | 'FormatException'
  | 'KeyNotFoundException'
  | 'OutOfMemoryException';

/** A .NET exception raised by a fragment. `name` is the short .NET type name. */
export class FragmentException extends Error {
  override readonly name: DotNetExceptionName;

  constructor(name: DotNetExceptionName, message: string) {
    super(message);
    this.name = name;
  }

  /** The full .NET type name, as a stack trace would print it. */
  get clrTypeName(): string {
    return this.name === 'KeyNotFoundException'
      ? 'System.Collections.Generic.KeyNotFoundException'
      : `System.${this.name}`;
  }

  /** `<Name>: <message>`, the form `Exception.ToString()` starts with. */
  describe(): string {
    return `${this.name}: ${this.message}`;
  }
}

export function isFragmentException(error: unknown): error is FragmentException {
  return error instanceof FragmentException;
}

/** .NET's parameter suffix: `message (Parameter 'name')`. */
function withParameter(message: string, parameter: string | undefined): string {
  return parameter === undefined ? message : `${message} (Parameter '${parameter}')`;
}

// The constructors below keep the messages of .NET (Core) in one place; callers name the parameter.

export function nullReference(): FragmentException {
  return new FragmentException(
    'NullReferenceException',
    'Object reference not set to an instance of an object.',
  );
}

export function divideByZero(): FragmentException {
  return new FragmentException('DivideByZeroException', 'Attempted to divide by zero.');
}

export function arithmeticOverflow(): FragmentException {
  return new FragmentException('OverflowException', 'Arithmetic operation resulted in an overflow.');
}

/** A conversion out of the target's range: "Value was either too large or too small for an Int32." */
export function conversionOverflow(typeName: string): FragmentException {
  const article = /^[AEIOU]/.test(typeName) ? 'an' : 'a';
  return new FragmentException(
    'OverflowException',
    `Value was either too large or too small for ${article} ${typeName}.`,
  );
}

export function negateMinValue(): FragmentException {
  return new FragmentException(
    'OverflowException',
    'Negating the minimum value of a twos complement number is invalid.',
  );
}

export function noElements(): FragmentException {
  return new FragmentException('InvalidOperationException', 'Sequence contains no elements');
}

export function noMatchingElement(): FragmentException {
  return new FragmentException('InvalidOperationException', 'Sequence contains no matching element');
}

export function moreThanOneElement(): FragmentException {
  return new FragmentException('InvalidOperationException', 'Sequence contains more than one element');
}

export function moreThanOneMatch(): FragmentException {
  return new FragmentException(
    'InvalidOperationException',
    'Sequence contains more than one matching element',
  );
}

export function indexOutOfRange(): FragmentException {
  return new FragmentException('IndexOutOfRangeException', 'Index was outside the bounds of the array.');
}

/** `parameter` undefined: .NET's message names no parameter (as DateTime's constructor). */
export function argumentOutOfRange(parameter: string | undefined, message: string): FragmentException {
  return new FragmentException('ArgumentOutOfRangeException', withParameter(message, parameter));
}

/** The indexer of a list: "Index was out of range. Must be non-negative and less than the size of the collection." */
export function listIndexOutOfRange(): FragmentException {
  return argumentOutOfRange(
    'index',
    'Index was out of range. Must be non-negative and less than the size of the collection.',
  );
}

export function argumentNull(parameter: string): FragmentException {
  return new FragmentException('ArgumentNullException', withParameter('Value cannot be null.', parameter));
}

export function argument(message: string, parameter?: string): FragmentException {
  return new FragmentException('ArgumentException', withParameter(message, parameter));
}

/** An unboxing or reference conversion that does not hold. */
export function invalidCast(fromType: string, toType: string): FragmentException {
  return new FragmentException(
    'InvalidCastException',
    `Unable to cast object of type '${fromType}' to type '${toType}'.`,
  );
}

export function format(message: string): FragmentException {
  return new FragmentException('FormatException', message);
}

export function keyNotFound(key: string): FragmentException {
  return new FragmentException(
    'KeyNotFoundException',
    `The given key '${key}' was not present in the dictionary.`,
  );
}

export function notANumber(): FragmentException {
  return new FragmentException(
    'ArithmeticException',
    'Function does not accept floating point Not-a-Number values.',
  );
}

/** An array or list beyond what a fragment may allocate (the runtime's limit, reported as .NET would). */
export function arrayTooLarge(): FragmentException {
  return new FragmentException('OutOfMemoryException', 'Array dimensions exceeded supported range.');
}
