/**
 * The six fragment kinds (docs/fragments.md, "Kinds and their lambda shapes") and the rules by which the
 * lambda a fragment returns converts to its delegate type.
 *
 * A fragment is the body of `Delegates.<Kind> Create(TraversalContext context)`, so `return <lambda>;`
 * converts the lambda to the delegate type like any C# lambda conversion (§10.7.1):
 * - the parameter count must match (CS1593); explicitly typed parameters must have exactly the
 *   delegate's parameter types (CS1678 per parameter, then CS1661);
 * - every returned expression must convert implicitly to the delegate's return type. When one does not,
 *   C# reports the conversion error at that expression (CS0029, or CS0266 when a cast would do) and then
 *   CS1662 there as well. So a filter whose body is a double gets CS0029 then CS1662, a filter returning
 *   `bool?` (`v.Label?.StartsWith("a")`) CS0266 then CS1662, and a cost returning int or float converts
 *   implicitly to double;
 * - `return null;` converts (a delegate type is a reference type) and means "no delegate".
 * LabelFilter exists in the ancestor's Delegates class but is not a fragment kind: validation rejects it.
 */
import { implicitConversionDiagnostic, type ExpressionInfo, type TypeDiagnostic } from './conversions.js';
import type { FragmentEnvironmentName } from './environment.js';
import { delegateSignatureOf } from './hierarchy.js';
import { filterDelegateType, isDelegate, typeToString, type CsType, type NamedType } from './types.js';

export type DelegateKindName =
  'VertexFilter' | 'EdgeFilter' | 'EdgePropertyFilter' | 'VertexCost' | 'EdgeCost' | 'GraphElementFilter';

export interface DelegateKind {
  readonly name: DelegateKindName;
  /** `NoSQL.GraphDB.Core.Algorithms.Delegates.VertexFilter` and its siblings. */
  readonly delegateType: NamedType;
  readonly parameterType: CsType;
  readonly returnType: CsType;
  /** The environment `POST /delegates/validate` checks the kind in (GraphElementFilter: the subgraph one). */
  readonly validationEnvironment: FragmentEnvironmentName;
  /** What an empty or null fragment means. */
  readonly emptyFragment: 'matchEverything' | 'noCustomCost';
}

function kind(
  name: DelegateKindName,
  validationEnvironment: FragmentEnvironmentName,
  emptyFragment: DelegateKind['emptyFragment'],
): DelegateKind {
  const delegateType = filterDelegateType(name);
  const { returnType, parameters } = delegateSignatureOf(delegateType);
  return Object.freeze({
    name,
    delegateType,
    parameterType: parameters[0].type,
    returnType,
    validationEnvironment,
    emptyFragment,
  });
}

export const DELEGATE_KINDS: Readonly<Record<DelegateKindName, DelegateKind>> = {
  VertexFilter: kind('VertexFilter', 'path', 'matchEverything'),
  EdgeFilter: kind('EdgeFilter', 'path', 'matchEverything'),
  EdgePropertyFilter: kind('EdgePropertyFilter', 'path', 'matchEverything'),
  VertexCost: kind('VertexCost', 'path', 'noCustomCost'),
  EdgeCost: kind('EdgeCost', 'path', 'noCustomCost'),
  GraphElementFilter: kind('GraphElementFilter', 'subgraph', 'matchEverything'),
};

/**
 * The three filter kinds a subgraph request compiles (docs/subgraphs.md): the same delegates, checked in the
 * subgraph environment, whose using directives add the algorithms namespace.
 */
export const SUBGRAPH_DELEGATE_KINDS: Readonly<
  Record<'VertexFilter' | 'EdgeFilter' | 'EdgePropertyFilter', DelegateKind>
> = {
  VertexFilter: kind('VertexFilter', 'subgraph', 'matchEverything'),
  EdgeFilter: kind('EdgeFilter', 'subgraph', 'matchEverything'),
  EdgePropertyFilter: kind('EdgePropertyFilter', 'subgraph', 'matchEverything'),
};

/** Kind names that exist in the ancestor but are refused as fragment kinds. */
export const REJECTED_DELEGATE_KINDS: readonly string[] = ['LabelFilter'];

/** The kind a request names, matched case-insensitively; undefined for unknown and rejected names. */
export function resolveDelegateKind(name: string): DelegateKind | undefined {
  const wanted = name.toLowerCase();
  return Object.values(DELEGATE_KINDS).find((k) => k.name.toLowerCase() === wanted);
}

/** A diagnostic with the place it belongs to: a lambda parameter, a returned expression, or the lambda. */
export interface LocatedDiagnostic {
  readonly at: { readonly parameter: number } | { readonly returnExpression: number } | 'lambda';
  readonly diagnostic: TypeDiagnostic;
}

export interface LambdaShape {
  readonly parameterCount: number;
  /** Declared parameter types, when the lambda writes them (`(VertexModel v) => ...`); undefined for implicit ones. */
  readonly parameterTypes?: readonly (CsType | undefined)[];
}

/** The parameter types a lambda's parameters get from its target delegate type. */
export function lambdaParameterTypes(delegateType: NamedType): CsType[] {
  return delegateSignatureOf(delegateType).parameters.map((p) => p.type);
}

/**
 * Checks a lambda's parameter list against a delegate type (a fragment kind's or a Func of LINQ):
 * CS1593 for a wrong count; CS1678 for each explicitly typed parameter of another type, then CS1661.
 */
export function checkLambdaParameters(delegateType: NamedType, shape: LambdaShape): LocatedDiagnostic[] {
  if (!isDelegate(delegateType)) throw new Error(`${typeToString(delegateType)} is not a delegate type`);
  const expected = lambdaParameterTypes(delegateType);
  if (shape.parameterCount !== expected.length) {
    return [
      {
        at: 'lambda',
        diagnostic: { id: 'CS1593', args: [typeToString(delegateType), String(shape.parameterCount)] },
      },
    ];
  }
  const found: LocatedDiagnostic[] = [];
  (shape.parameterTypes ?? []).forEach((declared, i) => {
    if (declared !== undefined && declared !== expected[i]) {
      found.push({
        at: { parameter: i },
        diagnostic: {
          id: 'CS1678',
          // Roslyn's layout: index, ref-kind prefix, declared type, ref-kind prefix, expected type.
          args: [String(i + 1), '', typeToString(declared), '', typeToString(expected[i])],
        },
      });
    }
  });
  if (found.length > 0) {
    found.push({
      at: 'lambda',
      diagnostic: { id: 'CS1661', args: [typeToString(delegateType)] },
    });
  }
  return found;
}

/**
 * Checks the expressions a lambda returns (its body, for an expression-bodied lambda) against the
 * delegate's return type: for each that does not convert implicitly, the conversion diagnostic and then
 * CS1662, both at that expression.
 */
export function checkLambdaReturns(
  delegateType: NamedType,
  returned: readonly ExpressionInfo[],
): LocatedDiagnostic[] {
  const { returnType } = delegateSignatureOf(delegateType);
  const found: LocatedDiagnostic[] = [];
  returned.forEach((expression, i) => {
    const diagnostic = implicitConversionDiagnostic(expression, returnType);
    if (diagnostic === undefined) return;
    found.push(
      { at: { returnExpression: i }, diagnostic },
      { at: { returnExpression: i }, diagnostic: { id: 'CS1662', args: [] } },
    );
  });
  return found;
}
