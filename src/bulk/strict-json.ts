/**
 * Strict parsing of one JSON line: `JSON.parse` does the grammar and the values, and what it cannot see
 * is checked here: a repeated member name in any object (JSON.parse keeps the last one silently).
 *
 * Fast proof (`provesNoRepeatedMembers`): a member name is the only string a colon follows. When no
 * whitespace separates a closing quote from a colon (true of every compact line, Skein's and the
 * ancestor's), counting the unescaped `":` of the text counts the members exactly; if that equals the
 * number of members the parsed value holds, nothing was dropped, so no name repeats. Two native searches
 * per line, no per-character loop. Other lines (`"a" : 1`, or a `\" :` inside a string) go through
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

const backslash2 = 0x5c;
/** A quote, whitespace, then a colon: a member name the fast count would miss. */
const spacedColon = /"[ \t\r\n]+:/;

/** Unescaped `":` in the text: every member name of a line without `spacedColon`, and nothing else. */
function countNameEnds(text: string): number {
  let count = 0;
  for (let at = text.indexOf('":'); at >= 0; at = text.indexOf('":', at + 2)) {
    if (text.charCodeAt(at - 1) === backslash2) {
      let backslashes = 1;
      while (text.charCodeAt(at - 1 - backslashes) === backslash2) backslashes++;
      if (backslashes % 2 === 1) continue; // an escaped quote inside a string
    }
    count++;
  }
  return count;
}

/**
 * True when `text` (valid JSON) provably has no repeated member name, given `memberCount`, the number of
 * members of every object of its parsed value; false when that cannot be shown this way (then ask
 * `findDuplicateMember`).
 */
export function provesNoRepeatedMembers(text: string, memberCount: number): boolean {
  return !spacedColon.test(text) && countNameEnds(text) === memberCount;
}

/** Members of every object in `value`, at any depth. */
export function countMembers(value: unknown): number {
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += countMembers(item);
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) {
      count += 1 + countMembers((value as Record<string, unknown>)[key]);
    }
  }
  return count;
}

/** The reason a client sees for a repeated member. */
export function repeatedMemberReason(duplicate: DuplicateMember): string {
  return duplicate.path === '$'
    ? `the field '${duplicate.name}' appears twice`
    : `the member '${duplicate.name}' appears twice in ${duplicate.path.slice(2)}`;
}

/** One line holding exactly one JSON object (whitespace around it allowed); repeats are not checked. */
export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StrictJsonError(`malformed JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new StrictJsonError('the line is not a JSON object');
  }
  return value as Record<string, unknown>;
}

/**
 * Parses one line that must hold exactly one JSON object (whitespace around it allowed, nothing else) with
 * no repeated member name at any depth. Throws `StrictJsonError` with the reason.
 */
export function parseStrictObject(text: string): Record<string, unknown> {
  const value = parseJsonObject(text);
  if (!provesNoRepeatedMembers(text, countMembers(value))) {
    const duplicate = findDuplicateMember(text);
    if (duplicate !== undefined) throw new StrictJsonError(repeatedMemberReason(duplicate));
  }
  return value;
}
