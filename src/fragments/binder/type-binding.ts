/**
 * Type syntax to types: `int`, `string[]`, `int?`, `DateTime`, `Func<EdgeModel, bool>`,
 * `System.Collections.Generic.IReadOnlyList<EdgeModel>`. Names outside the modelled surface get the
 * verdict of types/unavailable.ts (CS0246, CS0234, CS1069, SVCUNSUPPORTED).
 */
import type { Name, QualifiedName, TypeNode } from '../syntax/ast.js';
import {
  ERROR_TYPE,
  arrayOf,
  constructType,
  isValueType,
  lookupQualifiedTypeName,
  lookupTypeName,
  nullableOf,
  typeOfKeyword,
  unresolvedNameVerdict,
  type CsType,
} from '../types/index.js';
import type { BindContext } from './context.js';

/** True for the `var` of an implicitly typed declaration (a simple name `var` naming no type). */
export function isVarType(node: TypeNode): boolean {
  return (
    node.kind === 'Name' && node.identifier === 'var' && !node.verbatim && node.typeArguments === undefined
  );
}

export function bindType(cx: BindContext, node: TypeNode): CsType {
  switch (node.kind) {
    case 'PredefinedType': {
      const type = typeOfKeyword(node.keyword);
      if (type === undefined) {
        cx.report('SVCUNSUPPORTED', node, node.keyword);
        return ERROR_TYPE;
      }
      return type;
    }
    case 'Name':
    case 'QualifiedName':
      return bindNamedType(cx, node);
    case 'NullableType': {
      const element = bindType(cx, node.elementType);
      if (element === ERROR_TYPE) return ERROR_TYPE;
      // `string?` is a nullable reference annotation: the same type at run time.
      return isValueType(element) ? nullableOf(element) : element;
    }
    case 'ArrayType': {
      let type = bindType(cx, node.elementType);
      if (type === ERROR_TYPE) return ERROR_TYPE;
      for (const rank of [...node.ranks].reverse()) {
        if (rank.sizes.length !== 1) {
          cx.report('SVCUNSUPPORTED', rank, 'multidimensional array');
          return ERROR_TYPE;
        }
        type = arrayOf(type);
      }
      return type;
    }
    case 'Missing':
    case 'Unsupported':
      return ERROR_TYPE;
  }
}

function dottedName(node: Name | QualifiedName): string {
  return node.kind === 'Name' ? node.identifier : `${dottedName(node.left)}.${node.right.identifier}`;
}

function rightmost(node: Name | QualifiedName): Name {
  return node.kind === 'Name' ? node : node.right;
}

function bindNamedType(cx: BindContext, node: Name | QualifiedName): CsType {
  const last = rightmost(node);
  const typeArgumentNodes = last.typeArguments ?? [];
  const arity = typeArgumentNodes.length;
  const name = dottedName(node);
  const definition =
    node.kind === 'Name'
      ? lookupTypeName(name, arity, cx.environment)
      : lookupQualifiedTypeName(name, arity, cx.environment);
  if (definition === undefined) {
    const verdict = unresolvedNameVerdict({ name, arity, context: 'type', environment: cx.environment });
    cx.reportType(verdict.skein, node);
    return ERROR_TYPE;
  }
  const typeArguments = typeArgumentNodes.map((argument) => bindType(cx, argument));
  if (typeArguments.includes(ERROR_TYPE)) return ERROR_TYPE;
  return constructType(definition, typeArguments);
}
