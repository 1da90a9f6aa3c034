/**
 * Strict parsing of one JSON line: `JSON.parse` does the grammar and the values, and what it cannot see
 * is checked here: a repeated member name in any object (JSON.parse keeps the last one silently).
 *
 * Fast path: when `JSON.stringify` of the parsed value reproduces the line exactly, the line is the
 * canonical text of a value without repeated names (stringify never writes one), so nothing else needs
 * checking. That holds for every line Skein and the ancestor write (compact, fields in order, raw UTF-8).
 * Other lines (spaces, escapes, numeric member names that JavaScript reorders) go through
 * `findDuplicateMember`, a scanner over text that JSON.parse has already accepted.
 */

/** Why a line is not one strict JSON object; `message` is the reason a client sees. */
export class StrictJsonError extends Error {
  override readonly name = 'StrictJsonError';
}

/** A repeated member name and the path of the object holding it (`$` is the line's object). */
export interface DuplicateMember {
  name: string;
  path: string;
}

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const comma = 0x2c;

interface Frame {
  /** Member names seen so far, or null for an array. */
  names: Set<string> | null;
  /** In an object: the next string is a member name. */
  expectName: boolean;
  path: string;
  /** In an array: the index of the current item. */
  index: number;
  /** The last member name read, for the path of a nested value. */
  lastName: string;
}

/**
 * The first repeated member name in `text`, which must be valid JSON (JSON.parse accepted it), or
 * undefined. Names compare after unescaping (`"a"` and `"\u0061"` are the same name).
 */
export function findDuplicateMember(text: string): DuplicateMember | undefined {
  const stack: Frame[] = [];
  let top: Frame | undefined;
  const length = text.length;
  let at = 0;
  while (at < length) {
    const code = text.charCodeAt(at);
    if (code === quote) {
      const start = at;
      let escaped = false;
      at++;
      for (;;) {
        const c = text.charCodeAt(at);
        if (c === backslash) {
          escaped = true;
          at += 2;
        } else if (c === quote) break;
        else at++;
      }
      at++;
      if (top !== undefined && top.names !== null && top.expectName) {
        const name = escaped ? (JSON.parse(text.slice(start, at)) as string) : text.slice(start + 1, at - 1);
        if (top.names.has(name)) return { name, path: top.path };
        top.names.add(name);
        top.lastName = name;
        top.expectName = false;
      }
      continue;
    }
    if (code === openBrace || code === openBracket) {
      const path =
        top === undefined
          ? '$'
          : top.names === null
            ? `${top.path}[${top.index}]`
            : `${top.path}.${top.lastName}`;
      if (top !== undefined) stack.push(top);
      top = {
        names: code === openBrace ? new Set() : null,
        expectName: code === openBrace,
        path,
        index: 0,
        lastName: '',
      };
    } else if (code === closeBrace || code === closeBracket) {
      top = stack.pop();
    } else if (code === comma && top !== undefined) {
      if (top.names === null) top.index++;
      else top.expectName = true;
    }
    at++;
  }
  return undefined;
}

/**
 * Parses one line that must hold exactly one JSON object (whitespace around it allowed, nothing else) with
 * no repeated member name at any depth. Throws `StrictJsonError` with the reason.
 */
export function parseStrictObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StrictJsonError(`malformed JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new StrictJsonError('the line is not a JSON object');
  }
  if (JSON.stringify(value) !== text) {
    const duplicate = findDuplicateMember(text);
    if (duplicate !== undefined) {
      throw new StrictJsonError(
        duplicate.path === '$'
          ? `the field '${duplicate.name}' appears twice`
          : `the member '${duplicate.name}' appears twice in ${duplicate.path.slice(2)}`,
      );
    }
  }
  return value as Record<string, unknown>;
}
