/**
 * The fragment compiler's entry: text in, a checked fragment or a JavaScript factory out.
 *
 *   syntax/    lexer and parser: text to syntax tree, syntax diagnostics (CS1002, CS1513, ...)
 *   binder/    checker: syntax tree to bound tree, every name, member, overload and conversion resolved
 *   lowering/  bound tree to a smaller bound core (`?.`, patterns, switch, foreach, compound assignment)
 *   emitter/   JavaScript source of the factory `(rt, context) => delegate`, members through runtime bindings
 *
 * Each stage runs only when the one before reported no error; the size limits (SVCLIMIT) are checked
 * first, on the text, and again on the generated source.
 */
import { createDiagnostic, isError, type Diagnostic } from './diagnostics.js';
import { maxFragmentChars, maxGeneratedSourceChars } from './limits.js';
import { bindFragment } from './binder/binder.js';
import type { BoundFragment } from './binder/bound.js';
import { emitFragment } from './emitter/emitter.js';
import { lowerFragment } from './lowering/lowering.js';
import type { FragmentFactory } from './runtime/index.js';
import { parseFragment } from './syntax/parser.js';
import type { DelegateKind } from './types/index.js';

export interface FragmentCheck {
  /** No error-severity diagnostic (warnings do not block). */
  readonly valid: boolean;
  /** In Roslyn's order: syntax first, then the checker's, each in source order. */
  readonly diagnostics: readonly Diagnostic[];
  /** The fragment text the diagnostics' offsets refer to ('' for a null fragment). */
  readonly text: string;
  /** The bound tree, when valid. */
  readonly bound?: BoundFragment;
}

/** True for the fragments that mean "match everything" / "no custom cost": null, empty, whitespace only. */
export function isEmptyFragment(text: string | null | undefined): boolean {
  return text === null || text === undefined || text.trim() === '';
}

/** Parses and checks a fragment of a kind without emitting anything (POST /delegates/validate). */
export function checkFragment(kind: DelegateKind, fragment: string | null | undefined): FragmentCheck {
  const text = fragment ?? '';
  if (text.length > maxFragmentChars) {
    return { valid: false, diagnostics: [createDiagnostic('SVCLIMIT', 0, 0, text.length)], text };
  }
  const parsed = parseFragment(text);
  if (parsed.diagnostics.some(isError)) return { valid: false, diagnostics: parsed.diagnostics, text };
  const bound = bindFragment(kind, parsed.statements, { empty: isEmptyFragment(text), text });
  const diagnostics = [...parsed.diagnostics, ...bound.diagnostics];
  if (diagnostics.some(isError)) return { valid: false, diagnostics, text };
  return { valid: true, diagnostics, text, bound: bound.fragment };
}

export interface CompiledFragment<D = unknown> {
  readonly kind: DelegateKind;
  /** An empty fragment: the kind's `emptyFragment` meaning; `factory` answers null. */
  readonly empty: boolean;
  /** Called once per request with the request's runtime and context; returns the delegate, or null. */
  readonly factory: FragmentFactory<D | null>;
  /** The generated JavaScript (for diagnostics and the generated-source limit). */
  readonly source: string;
  /** Warnings the compile reported. */
  readonly diagnostics: readonly Diagnostic[];
}

export type CompileOutcome<D = unknown> =
  | { readonly ok: true; readonly fragment: CompiledFragment<D> }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly text: string };

/** Checks, lowers and emits a fragment, and loads the generated factory. */
export interface CompileOptions {
  /** The generated-source limit; tests lower it to reach the edge with small fragments. */
  readonly maxGeneratedSourceChars?: number;
}

export function compileFragment<D = unknown>(
  kind: DelegateKind,
  fragment: string | null | undefined,
  options: CompileOptions = {},
): CompileOutcome<D> {
  const check = checkFragment(kind, fragment);
  if (!check.valid || check.bound === undefined) {
    return { ok: false, diagnostics: check.diagnostics, text: check.text };
  }
  const source = emitFragment(lowerFragment(check.bound));
  const limit = options.maxGeneratedSourceChars ?? maxGeneratedSourceChars;
  if (source.length > limit) {
    return { ok: false, diagnostics: [generatedSourceLimit(source.length, limit)], text: check.text };
  }
  return {
    ok: true,
    fragment: {
      kind,
      empty: check.bound.empty,
      factory: loadFactory<D>(source),
      source,
      diagnostics: check.diagnostics,
    },
  };
}

/** SVCLIMIT for a generated source over the limit: the same id as an oversized fragment, its own words. */
function generatedSourceLimit(length: number, limit: number): Diagnostic {
  return {
    id: 'SVCLIMIT',
    severity: 'error',
    message: `The generated source (${length} chars) exceeds the maximum of ${limit}.`,
    start: 0,
    end: 0,
  };
}

/**
 * Turns the emitter's source (a function body over `rt` and `context`) into the factory. The source
 * names nothing but its two parameters and its own locals (the emitter's guarantee, tested by the
 * escape corpus); strict mode keeps `this` undefined inside it.
 */
function loadFactory<D>(source: string): FragmentFactory<D | null> {
  return new Function('rt', 'context', `'use strict';\n${source}`) as FragmentFactory<D | null>;
}
