/**
 * A compact, stable S-expression of a fragment syntax tree, for asserting a tree's shape in tests:
 * `(Return (Lambda (LambdaParameter v) (Binary > (MemberAccess (Name v) (Name Id)) (Literal 3 int))))`.
 *
 * A node prints as its kind, then its identifying scalars (name, operator, literal text, ...), then its
 * child nodes in field order. Spans are left out; tests that care about them check them directly.
 */
import type { Node } from '../../src/fragments/syntax/ast.js';

const skippedKeys = new Set([
  'kind',
  'start',
  'end',
  'nameStart',
  'value',
  'literalKind',
  'radix',
  'verbatim',
]);

function scalar(key: string, value: string | number | boolean): string | undefined {
  if (typeof value === 'boolean') return value ? key : undefined;
  if (
    key === 'identifier' ||
    key === 'operator' ||
    key === 'keyword' ||
    key === 'raw' ||
    key === 'numericType'
  ) {
    return String(value);
  }
  if (key === 'refKind') return value === 'none' ? undefined : String(value);
  if (key === 'name') return `${String(value)}:`;
  if (key === 'construct') return JSON.stringify(value);
  return `${key}=${String(value)}`;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

export function printTree(node: Node | readonly Node[]): string {
  if (Array.isArray(node)) return node.map((child: Node) => printTree(child)).join(' ');
  const single = node as Node;
  const parts: string[] = [single.kind];
  const children: string[] = [];
  for (const [key, value] of Object.entries(single)) {
    if (skippedKeys.has(key) || value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const text = scalar(key, value);
      if (text !== undefined) parts.push(text);
    } else if (Array.isArray(value)) {
      const items = value.filter(isNode);
      children.push(items.length === 0 ? '()' : `(${printTree(items)})`);
    } else if (isNode(value)) {
      children.push(printTree(value));
    }
  }
  return `(${[...parts, ...children].join(' ')})`;
}

/** Every node of a tree with its parent, depth first. */
export function* walk(node: Node | readonly Node[], parent?: Node): Generator<{ node: Node; parent?: Node }> {
  if (Array.isArray(node)) {
    for (const child of node as readonly Node[]) yield* walk(child, parent);
    return;
  }
  const single = node as Node;
  yield { node: single, parent };
  for (const [key, value] of Object.entries(single)) {
    if (key === 'kind') continue;
    if (Array.isArray(value)) yield* walk(value.filter(isNode), single);
    else if (isNode(value)) yield* walk(value, single);
  }
}
