/** Namespace name rules (docs/http.md, Namespace management) and the internal id format. */

export const defaultNamespaceName = 'default';
export const maxNamespaceNameLength = 63;

/** Why a name is refused, or undefined when it is acceptable. Names compare ordinally (case-sensitive). */
export function namespaceNameProblem(name: string): string | undefined {
  if (name.length === 0 || name.trim().length === 0) return 'a namespace name must not be empty or blank';
  if (name.length > maxNamespaceNameLength) {
    return `a namespace name has at most ${maxNamespaceNameLength} characters, got ${name.length}`;
  }
  if (name !== name.trim()) return 'a namespace name must not start or end with whitespace';
  if (name === '.' || name === '..') return `'${name}' is not a namespace name`;
  if (/[/\\\u0000-\u001f\u007f]/.test(name))
    return 'a namespace name must not contain /, \\ or control characters';
  return undefined;
}

/** `ns-<yyyyMMdd-HHmmss>-<4 hex>` from the UTC creation time, as the ancestor names them. */
export function newNamespaceId(createdAt: Date, taken: (id: string) => boolean): string {
  const stamp = createdAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  for (;;) {
    const suffix = Math.floor(Math.random() * 0x10000)
      .toString(16)
      .padStart(4, '0');
    const id = `ns-${stamp}-${suffix}`;
    if (!taken(id)) return id;
  }
}
