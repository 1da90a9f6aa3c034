/**
 * Large JSON request bodies parsed in slices (docs/http.md, "Large requests and answers"). One
 * `JSON.parse` of a body of many megabytes would hold the event loop past the 50 ms rule; a body that is
 * a JSON array (every batch route's) is cut at its top-level commas into runs of about
 * `jsonBytesPerSlice` bytes, each run decoded and parsed on its own turn. The body stays bytes until
 * then: JSON's structure is ASCII, and in UTF-8 no byte of a multi-byte character is an ASCII byte, so
 * the cuts never split a character.
 *
 * The result is the array one parse of the whole body gives, and a body that parse refuses is refused
 * too: every run goes through the same parse, and what lies between the runs (the brackets, the commas,
 * whitespace) is checked here.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Bytes parsed between two turns: a few milliseconds of scanning, decoding and parsing. */
export const jsonBytesPerSlice = 256 * 1024;

/** The body is not one JSON value (the caller answers it as the whole-body parse would). */
export class InvalidJsonBody extends Error {
  constructor(reason: string) {
    super(`invalid JSON body: ${reason}`);
    this.name = 'InvalidJsonBody';
  }
}

const space = 0x20;
const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const openBrace = 0x7b;
const closeBrace = 0x7d;

function isJsonWhitespace(code: number): boolean {
  return code === space || code === lineFeed || code === carriageReturn || code === tab;
}

/**
 * Parses the UTF-8 `body` with `parse` (which throws on invalid JSON), in slices when it is a long JSON
 * array; anything else is decoded and parsed whole. Rejects with what `parse` throws, or InvalidJsonBody.
 */
export async function parseJsonInSlices(
  body: Buffer,
  parse: (json: string) => unknown,
  bytesPerSlice = jsonBytesPerSlice,
): Promise<unknown> {
  let start = 0;
  while (start < body.length && isJsonWhitespace(body[start])) start++;
  if (body.length - start <= bytesPerSlice || body[start] !== openBracket)
    return parse(body.toString('utf8'));

  // The turn that gathered the body has copied it already: the runs start on the next.
  await yieldToEventLoop();
  const items: unknown[] = [];
  let runStart = start + 1;
  let depth = 0;
  let inString = false;
  let lastComma = -1;
  let close = -1;
  let at = runStart;
  while (close < 0) {
    const sliceEnd = Math.min(body.length, at + bytesPerSlice);
    for (; at < sliceEnd; at++) {
      const code = body[at];
      if (inString) {
        if (code === backslash) at++;
        else if (code === quote) inString = false;
      } else if (code === quote) inString = true;
      else if (code === openBracket || code === openBrace) depth++;
      else if (code === closeBracket || code === closeBrace) {
        if (depth === 0) {
          if (code !== closeBracket) throw new InvalidJsonBody('the array is closed by a brace');
          close = at;
          break;
        }
        depth--;
      } else if (code === comma && depth === 0) lastComma = at;
    }
    if (close < 0 && at >= body.length) throw new InvalidJsonBody('the array is not closed');
    // The items before the last top-level comma (or before the closing bracket) are complete.
    const runEnd = close >= 0 ? close : lastComma;
    if (runEnd > runStart || close >= 0) {
      const run = parse(`[${body.toString('utf8', runStart, Math.max(runStart, runEnd))}]`) as unknown[];
      // An empty run is a missing item ("[1,,2]", "[1,]"), unless the whole array is empty.
      if (run.length === 0 && !(close >= 0 && items.length === 0 && lastComma < 0)) {
        throw new InvalidJsonBody('an array item is missing');
      }
      for (const item of run) items.push(item);
      runStart = runEnd + 1;
    }
    if (close < 0) await yieldToEventLoop();
  }
  for (let rest = close + 1; rest < body.length; rest++) {
    if (!isJsonWhitespace(body[rest])) throw new InvalidJsonBody('text follows the array');
  }
  return items;
}
