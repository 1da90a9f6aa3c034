/**
 * The checker's state while it walks one fragment: the diagnostics bag, the scopes of locals, the
 * lambda being bound, and the `checked` context. Every bind function takes the context first (`cx`).
 *
 * Overload resolution binds a lambda body once per candidate delegate type; those trial bindings run
 * with a scratch diagnostics bag (`trial`) so only the chosen binding reports.
 */
import { createDiagnostic, type Diagnostic, type DiagnosticId } from '../diagnostics.js';
import type { Span } from '../syntax/ast.js';
import {
  ERROR_TYPE,
  typeToString,
  type ConstantValue,
  type CsType,
  type FragmentEnvironment,
  type TypeDiagnostic,
} from '../types/index.js';
import type { BoundDefault, BoundExpression, LocalSymbol, LocalSymbolKind } from './bound.js';

/** A lambda (or the fragment method itself) whose body is being bound. */
export interface FunctionFrame {
  readonly parent?: FunctionFrame;
  /** The declared return type; undefined while inferring a lambda's return type. */
  readonly returnType?: CsType;
  /** Returned expressions, as bound before conversion (for return-type inference). */
  readonly returned: BoundExpression[];
  /** The fragment method (whose returns are the delegate) rather than a lambda. */
  readonly isMethod: boolean;
  /** The lambda is the delegate the fragment returns. */
  readonly isRootLambda: boolean;
  /** The delegate type a lambda is converted to (absent while inferring). */
  readonly delegateType?: CsType;
}

/** One block's locals. */
export class Scope {
  readonly locals = new Map<string, LocalSymbol>();
  constructor(
    readonly parent: Scope | undefined,
    readonly frame: FunctionFrame,
  ) {}

  lookup(name: string): { symbol: LocalSymbol; scope: Scope } | undefined {
    const own = this.locals.get(name);
    if (own !== undefined) return { symbol: own, scope: this };
    return this.parent?.lookup(name);
  }
}

export class BindContext {
  diagnostics: Diagnostic[] = [];
  readonly locals: LocalSymbol[] = [];
  scope: Scope;
  frame: FunctionFrame;
  /** Inside `checked(...)`: run-time integral overflow throws. */
  checked = false;
  /** Inside `unchecked(...)`: constant expressions wrap instead of reporting CS0220. */
  uncheckedConstants = false;
  loopDepth = 0;
  private nextNodeId = 0;
  /** Bound nodes that are a bare numeric literal (C# words CS0664 for them). */
  readonly numericLiterals = new WeakSet<BoundExpression>();
  /** Locals declared without a value and not yet definitely assigned. */
  readonly unassigned = new Set<LocalSymbol>();
  /** Values of `const` locals (reads fold to them). */
  readonly constants = new Map<LocalSymbol, ConstantValue>();
  /** `foreach` iteration variables: read-only (CS1656). */
  readonly iterationVariables = new Set<LocalSymbol>();
  /** The receivers of the `?.` accesses being bound, innermost last. */
  readonly conditionalReceivers: { id: number; type: CsType }[] = [];
  /** Frame each local was declared in, for capture. */
  readonly declaringFrame = new Map<LocalSymbol, FunctionFrame>();

  constructor(
    readonly environment: FragmentEnvironment,
    methodReturnType: CsType,
    /** The fragment's text, for positions the tree does not keep (a lambda's `=>`). */
    readonly text: string,
    /** The delegate type the fragment method returns: lambdas converted to it are roots. */
    readonly rootDelegateType: CsType = methodReturnType,
  ) {
    this.frame = { returnType: methodReturnType, returned: [], isMethod: true, isRootLambda: false };
    this.scope = new Scope(undefined, this.frame);
  }

  report(id: DiagnosticId, span: Span, ...args: readonly (string | number)[]): void {
    this.diagnostics.push(createDiagnostic(id, span.start, span.end, ...args));
  }

  reportType(diagnostic: TypeDiagnostic, span: Span): void {
    this.report(diagnostic.id as DiagnosticId, span, ...diagnostic.args);
  }

  /** A fresh id for a conditional access, a pattern input or an object under construction. */
  nodeId(): number {
    return this.nextNodeId++;
  }

  declareLocal(name: string, type: CsType, kind: LocalSymbolKind, span: Span): LocalSymbol {
    const symbol: LocalSymbol = {
      id: this.locals.length,
      name,
      kind,
      type,
      mutated: false,
      captured: false,
    };
    this.locals.push(symbol);
    this.declaringFrame.set(symbol, this.frame);
    if (name === '_' && kind === 'parameter') return symbol;
    const existing = this.scope.lookup(name);
    if (existing !== undefined) {
      if (existing.scope === this.scope) this.report('CS0128', span, name);
      // Since C# 8 a lambda's locals and parameters may shadow the enclosing function's; within one
      // function (method or lambda) a name declared in an enclosing scope may not be reused.
      else if (existing.scope.frame === this.frame) this.report('CS0136', span, name);
    }
    this.scope.locals.set(name, symbol);
    return symbol;
  }

  /** Names each enclosing statement list declares, with where: a use before that is CS0841. */
  private readonly declaredInLists: Map<string, number>[] = [];

  withDeclaredNames<T>(names: Map<string, number>, body: () => T): T {
    this.declaredInLists.push(names);
    try {
      return body();
    } finally {
      this.declaredInLists.pop();
    }
  }

  isDeclaredLater(name: string, at: number): boolean {
    return this.declaredInLists.some((names) => (names.get(name) ?? -1) > at);
  }

  /** Runs `body` in a new block scope. */
  inScope<T>(body: () => T): T {
    const saved = this.scope;
    this.scope = new Scope(saved, this.frame);
    try {
      return body();
    } finally {
      this.scope = saved;
    }
  }

  /** Runs `body` as the body of a lambda (a new frame and scope). */
  inFrame<T>(frame: FunctionFrame, body: () => T): T {
    const savedScope = this.scope;
    const savedFrame = this.frame;
    const savedLoops = this.loopDepth;
    this.frame = frame;
    this.scope = new Scope(savedScope, frame);
    this.loopDepth = 0;
    try {
      return body();
    } finally {
      this.scope = savedScope;
      this.frame = savedFrame;
      this.loopDepth = savedLoops;
    }
  }

  /** Runs `body` with a scratch diagnostics bag; answers its result and what it reported. */
  trial<T>(body: () => T): { result: T; diagnostics: Diagnostic[] } {
    const saved = this.diagnostics;
    const savedUnassigned = new Set(this.unassigned);
    this.diagnostics = [];
    try {
      const result = body();
      return { result, diagnostics: this.diagnostics };
    } finally {
      this.diagnostics = saved;
      this.unassigned.clear();
      for (const local of savedUnassigned) this.unassigned.add(local);
    }
  }

  /** The delegate type of the lambda being bound, for messages. */
  get frameDelegate(): CsType | undefined {
    return this.frame.delegateType;
  }

  typeName(type: CsType): string {
    return typeToString(type);
  }
}

/** The placeholder of an expression that failed to bind: its type is the error type, which silences follow-ups. */
export function errorExpression(span: Span): BoundDefault {
  return { kind: 'Default', type: ERROR_TYPE, start: span.start, end: span.end };
}

export function isErrorType(type: CsType): boolean {
  return type === ERROR_TYPE;
}
