/**
 * Method type inference (C# spec §12.6.3) over the surface's generic methods: TryGetProperty<T> (T from
 * the out argument), the LINQ methods (TSource from the receiver, TResult and TKey from a lambda's
 * return type), string.Join<T>.
 *
 * The binder describes each argument without binding lambdas itself in advance: a lambda argument
 * carries a callback that binds the body for given parameter types and answers its return type, which
 * is how C# infers `Select(e => e.Id)` in two phases (TSource from the receiver first, then TResult from
 * the lambda bound with TSource fixed). When a type parameter gets no bound, or its bounds have no best
 * type, inference fails with CS0411 naming the method as C# prints it. An `out var` argument gives no
 * bound, so `v.TryGetProperty(out var x, "p")` fails as it does in C#.
 */
import {
  hasImplicitConversion,
  implicitTypeConversion,
  isBetterConversionFromExpression,
  type ExpressionInfo,
  type TypeDiagnostic,
} from './conversions.js';
import { delegateSignatureOf, interfacesOf, baseClassesOf } from './hierarchy.js';
import { memberToString, type BoundMember } from './surface.js';
import {
  NULL_TYPE,
  isDelegate,
  isNullableValueType,
  isReferenceType,
  substitute,
  type CsType,
  type NamedType,
  type TypeParameterType,
} from './types.js';

export type InferenceArgument =
  | { readonly kind: 'expression'; readonly expression: ExpressionInfo; readonly isOut?: boolean }
  /** `out var x`: the variable takes the parameter's type, so it gives inference nothing. */
  | { readonly kind: 'outVar' }
  | {
      readonly kind: 'lambda';
      readonly parameterCount: number;
      /** Declared parameter types (`(EdgeModel e) => ...`), undefined where implicit. */
      readonly parameterTypes?: readonly (CsType | undefined)[];
      /** Binds the body for these parameter types; its return type, or undefined when it has none. */
      readonly inferReturnType: (parameterTypes: readonly CsType[]) => CsType | undefined;
    };

export type InferenceResult =
  | { readonly ok: true; readonly typeArguments: readonly CsType[] }
  | { readonly ok: false; readonly diagnostic: TypeDiagnostic };

interface Bounds {
  readonly exact: CsType[];
  readonly lower: CsType[];
  readonly upper: CsType[];
}

class Inference {
  private readonly bounds = new Map<TypeParameterType, Bounds>();
  private readonly fixed = new Map<TypeParameterType, CsType>();

  constructor(private readonly variables: readonly TypeParameterType[]) {
    for (const v of variables) this.bounds.set(v, { exact: [], lower: [], upper: [] });
  }

  private variable(type: CsType): TypeParameterType | undefined {
    return type.kind === 'typeParameter' && this.bounds.has(type) && !this.fixed.has(type) ? type : undefined;
  }

  isFixed(v: TypeParameterType): boolean {
    return this.fixed.has(v);
  }

  unfixedIn(type: CsType): TypeParameterType[] {
    const found: TypeParameterType[] = [];
    const visit = (t: CsType): void => {
      const v = this.variable(t);
      if (v !== undefined) found.push(v);
      else if (t.kind === 'array') visit(t.elementType);
      else if (t.kind === 'named') t.typeArguments.forEach(visit);
    };
    visit(type);
    return found;
  }

  apply(type: CsType): CsType {
    return substitute(
      type,
      [],
      this.variables.map((v) => this.fixed.get(v) ?? v),
    );
  }

  /** §12.6.3.10 */
  exact(u: CsType, v: CsType): void {
    const x = this.variable(v);
    if (x !== undefined) {
      this.bounds.get(x)?.exact.push(u);
      return;
    }
    if (u.kind === 'array' && v.kind === 'array') return this.exact(u.elementType, v.elementType);
    if (u.kind === 'named' && v.kind === 'named' && u.definition === v.definition) {
      u.typeArguments.forEach((a, i) => this.exact(a, v.typeArguments[i]));
    }
  }

  /** §12.6.3.11 */
  lower(u: CsType, v: CsType): void {
    const x = this.variable(v);
    if (x !== undefined) {
      this.bounds.get(x)?.lower.push(u);
      return;
    }
    if (v.kind === 'named' && isNullableValueType(v) && u.kind === 'named' && isNullableValueType(u)) {
      return this.exact(u.typeArguments[0], v.typeArguments[0]);
    }
    if (u.kind === 'array' && v.kind === 'array') {
      return isReferenceType(u.elementType)
        ? this.lower(u.elementType, v.elementType)
        : this.exact(u.elementType, v.elementType);
    }
    if (v.kind !== 'named' || v.typeArguments.length === 0) return;
    const match = uniqueConstruction(u, v.definition);
    if (match === undefined) return;
    const variance = v.definition.variance ?? [];
    match.typeArguments.forEach((a, i) => {
      const target = v.typeArguments[i];
      if (!isReferenceType(a)) this.exact(a, target);
      else if (variance[i] === 'out') this.lower(a, target);
      else if (variance[i] === 'in') this.upper(a, target);
      else this.exact(a, target);
    });
  }

  /** §12.6.3.12 */
  upper(u: CsType, v: CsType): void {
    const x = this.variable(v);
    if (x !== undefined) {
      this.bounds.get(x)?.upper.push(u);
      return;
    }
    if (u.kind !== 'named' || v.kind !== 'named' || u.definition !== v.definition) return;
    const variance = u.definition.variance ?? [];
    u.typeArguments.forEach((a, i) => {
      const target = v.typeArguments[i];
      if (!isReferenceType(a)) this.exact(a, target);
      else if (variance[i] === 'out') this.upper(a, target);
      else if (variance[i] === 'in') this.lower(a, target);
      else this.exact(a, target);
    });
  }

  /** §12.6.3.13: fixes a variable to the unique best of its candidate bounds; false when there is none. */
  fix(x: TypeParameterType): boolean {
    const b = this.bounds.get(x);
    if (b === undefined) return false;
    const candidates = [...new Set([...b.exact, ...b.lower, ...b.upper])];
    const viable = candidates.filter(
      (c) =>
        b.exact.every((u) => u === c) &&
        b.lower.every((u) => implicitTypeConversion(u, c) !== undefined) &&
        b.upper.every((u) => implicitTypeConversion(c, u) !== undefined),
    );
    const best = viable.filter((c) =>
      viable.every((other) => other === c || implicitTypeConversion(other, c) !== undefined),
    );
    if (best.length !== 1) return false;
    this.fixed.set(x, best[0]);
    return true;
  }

  hasBounds(x: TypeParameterType): boolean {
    const b = this.bounds.get(x);
    return b !== undefined && b.exact.length + b.lower.length + b.upper.length > 0;
  }

  result(): CsType[] | undefined {
    const types = this.variables.map((v) => this.fixed.get(v));
    return types.every((t) => t !== undefined) ? (types as CsType[]) : undefined;
  }
}

/** The construction of `definition` that `type` is, derives from or implements, when there is one only. */
function uniqueConstruction(type: CsType, definition: NamedType['definition']): NamedType | undefined {
  const found = [type, ...baseClassesOf(type), ...interfacesOf(type)].filter(
    (t): t is NamedType => t.kind === 'named' && t.definition === definition,
  );
  return new Set(found).size === 1 ? found[0] : undefined;
}

/**
 * Infers the type arguments of a generic method from its arguments (the receiver first for an
 * extension method invoked on it). `method` is the member as lookup bound it, so type parameters of the
 * receiver's type are already substituted.
 */
export function inferTypeArguments(method: BoundMember, args: readonly InferenceArgument[]): InferenceResult {
  const variables = method.member.typeParameters;
  const failure: InferenceResult = {
    ok: false,
    diagnostic: { id: 'CS0411', args: [memberToString(method.member)] },
  };
  if (variables.length === 0) return { ok: true, typeArguments: [] };
  const inference = new Inference(variables);
  const parameters = method.parameters;
  const pendingLambdas: number[] = [];

  // Phase 1: bounds from typed arguments and from the declared parameter types of lambdas.
  args.forEach((arg, i) => {
    const parameter = parameters[i];
    if (parameter === undefined) return;
    if (arg.kind === 'expression') {
      if (arg.expression.type === NULL_TYPE || arg.expression.type.kind === 'lambda') return;
      if (arg.isOut === true || parameter.modifier === 'out')
        inference.exact(arg.expression.type, parameter.type);
      else inference.lower(arg.expression.type, parameter.type);
    } else if (arg.kind === 'lambda') {
      if (parameter.type.kind === 'named' && isDelegate(parameter.type)) {
        const signature = delegateSignatureOf(parameter.type);
        (arg.parameterTypes ?? []).forEach((declared, j) => {
          const target = signature.parameters[j]?.type;
          if (declared !== undefined && target !== undefined) inference.exact(declared, target);
        });
        pendingLambdas.push(i);
      }
    }
  });

  // Phase 2: alternately fix what no pending lambda still feeds, and infer lambda return types whose
  // parameter types are known.
  for (let round = 0; round <= variables.length + args.length; round++) {
    for (const index of [...pendingLambdas]) {
      const arg = args[index];
      const delegateType = parameters[index].type as NamedType;
      const signature = delegateSignatureOf(delegateType);
      if (signature.parameters.some((p) => inference.unfixedIn(p.type).length > 0)) continue;
      pendingLambdas.splice(pendingLambdas.indexOf(index), 1);
      if (arg.kind !== 'lambda' || arg.parameterCount !== signature.parameters.length) continue;
      const returnType = arg.inferReturnType(signature.parameters.map((p) => inference.apply(p.type)));
      if (returnType !== undefined) inference.lower(returnType, signature.returnType);
    }
    const fedByPending = new Set(
      pendingLambdas.flatMap((index) =>
        inference.unfixedIn(delegateSignatureOf(parameters[index].type as NamedType).returnType),
      ),
    );
    const ready = variables.filter(
      (v) => !inference.isFixed(v) && !fedByPending.has(v) && inference.hasBounds(v),
    );
    for (const v of ready) if (!inference.fix(v)) return failure;
    const result = inference.result();
    if (result !== undefined) return { ok: true, typeArguments: result };
    if (ready.length === 0 && pendingLambdas.length === 0) return failure;
  }
  return failure;
}

/**
 * Overload resolution's comparison of two conversions of the same lambda (§12.6.4.5), given the return
 * type inferred for it: with identical parameter lists, the delegate whose return type the inferred one
 * converts better to wins (`Sum(e => e.Id)` picks Func<EdgeModel, int> over Func<EdgeModel, long>).
 */
export function isBetterLambdaTarget(
  inferredReturnType: CsType | undefined,
  d1: NamedType,
  d2: NamedType,
): boolean {
  const s1 = delegateSignatureOf(d1);
  const s2 = delegateSignatureOf(d2);
  const sameParameters =
    s1.parameters.length === s2.parameters.length &&
    s1.parameters.every((p, i) => p.type === s2.parameters[i].type);
  if (!sameParameters || inferredReturnType === undefined) return false;
  const y1 = s1.returnType;
  const y2 = s2.returnType;
  if (y1 === y2) return false;
  const to1 = hasImplicitConversion(inferredReturnType, y1);
  const to2 = hasImplicitConversion(inferredReturnType, y2);
  if (to1 !== to2) return to1;
  return to1 && isBetterConversionFromExpression({ type: inferredReturnType }, y1, y2);
}
