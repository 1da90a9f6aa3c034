/**
 * The fast lane of bulk line parsing: a hand-written scanner for the compact element lines that exports
 * write (Skein's and the ancestor's), so the usual line skips JSON.parse, the object it builds, the
 * for-in checks of its fields and the repeated-member proof. On a 1M-vertex, 5M-edge import those were
 * about half of the import's CPU time.
 *
 * Equivalence rule (what keeps the two lanes giving the same outcome for every line): this module does
 * only the JSON grammar and the structure, and answers `false` ("not sure, use the general lane") for
 * anything outside a narrow subset of JSON that it reads exactly as JSON.parse would:
 *
 * - one object, no whitespace outside strings, nothing after the object, its members in the order the
 *   exports write them: `{"type":"vertex","id":I[,"label":S][,"creationDate":I][,"properties":P]}` and
 *   `{"type":"edge","id":I,"edgePropertyId":S,"source":I,"target":I[,"label":S][,"creationDate":I]
 *   [,"properties":P]}`, where a label S may also be `null`;
 * - integers I of at most 15 digits (exact in a double), no sign but `-`, no leading zero, no `-0`, no
 *   fraction, no exponent;
 * - properties P: an object whose members are written exactly `"key":{"type":"...","value":"..."}`, keys
 *   not repeated and not starting with a digit (JSON.parse's object enumerates array-index keys first);
 * - strings without a backslash or a control character, so the text between the quotes is the value.
 *
 * How: one regular expression per kind of line checks the whole subset at once (irregexp compiles it to
 * native code; it is linear, each repetition ending at a character its body cannot hold), then a walk
 * over the line, which only has to find where each value ends, reads the values. The expressions
 * cost a fraction of JSON.parse of the same line, while a per-character loop over the whole line (or a
 * `startsWith` per field) would cost more than the expression, so the walk skips the constant text by its
 * length and compares only values.
 *
 * Field values are handed back raw (a number, a string, null, or undefined when absent) and the parser
 * runs the same semantic checks on them as on JSON.parse's object (line-parse.ts); when one of those
 * throws, the line is parsed again by the general lane, so errors, their messages and which one wins
 * come from one place only.
 *
 * Strings kept beyond the line (labels, edge types, property keys, and String values in line-parse.ts)
 * are copies, not slices: a V8 slice of 13 or more characters keeps the string it was cut from alive (the
 * line, or the decoded chunk the line is a slice of). Labels, edge types, keys and type names repeat from
 * line to line, so each is compared in place with the one read at the same place of the previous line,
 * and that earlier string is reused.
 */

const quote = 0x22;
const comma = 0x2c;
const closeBrace = 0x7d;
const minus = 0x2d;
const digitZero = 0x30;
const digitNine = 0x39;
const letterL = 0x6c;
const letterN = 0x6e;
const letterV = 0x76;

/** Properties of a line compared pairwise for repeats; beyond this many, a Set finds them. */
const maxPairwiseKeys = 16;
/** Shortest substring V8 makes as a slice of its parent instead of a copy (SlicedString::kMinLength). */
const minSlicedLength = 13;

/** The subset, as regular expressions (no `u` flag: a lone surrogate is one more code unit). */
const stringText = String.raw`[^"\\\x00-\x1f]*`;
/** An integer of at most 15 digits, no leading zero, no `-0`. */
const integer = String.raw`(?:-?[1-9][0-9]{0,14}|0)`;
/** A property key does not start with a digit. */
const propertyKey = String.raw`"(?:[^"\\\x00-\x1f0-9]${stringText})?"`;
const property = String.raw`${propertyKey}:\{"type":"${stringText}","value":"${stringText}"\}`;
const lineTail =
  String.raw`(?:,"label":(?:"${stringText}"|null))?(?:,"creationDate":${integer})?` +
  String.raw`(?:,"properties":\{(?:${property}(?:,${property})*)?\})?\}$`;
const vertexLinePattern = new RegExp(String.raw`^\{"type":"vertex","id":${integer}${lineTail}`);
const edgeLinePattern = new RegExp(
  String.raw`^\{"type":"edge","id":${integer},"edgePropertyId":"${stringText}","source":${integer},` +
    String.raw`"target":${integer}${lineTail}`,
);

/** Lengths of the constant texts the walk skips: each from the end of a value to the start of the next. */
const vertexStartLength = '{"type":"vertex","id":'.length;
const edgeStartLength = '{"type":"edge","id":'.length;
const kindIndex = '{"type":"'.length;
const edgeTypeSkip = ',"edgePropertyId":"'.length;
const sourceSkip = '","source":'.length;
const targetSkip = ',"target":'.length;
const labelSkip = ',"label":'.length;
const creationDateSkip = ',"creationDate":'.length;
const propertiesSkip = ',"properties":{'.length;
const typeNameSkip = '":{"type":"'.length;
const valueSkip = '","value":"'.length;
const propertyEndSkip = '"}'.length;

/**
 * A copy of `text` that does not keep the string it was sliced from alive: prepending builds a rope that
 * slicing flattens into a string of its own.
 */
export function detachString(text: string): string {
  return text.length < minSlicedLength ? text : (' ' + text).slice(1);
}

/**
 * One place of a line that holds a string (an edge type, a label, the n-th property key or type name),
 * with the string last read there: a line repeating it gets the earlier string, not a new slice.
 */
class TextSlot {
  text = '';

  /** Reads the string whose text starts at `at` (the line matched a pattern); answers its closing quote. */
  read(line: string, at: number): number {
    const text = this.text;
    const length = text.length;
    // The pattern allows no quote inside a string, so the first quote after `at` closes it.
    if (line.charCodeAt(at + length) === quote) {
      let same = true;
      for (let i = 0; i < length; i++) {
        if (line.charCodeAt(at + i) !== text.charCodeAt(i)) {
          same = false;
          break;
        }
      }
      if (same) return at + length;
    }
    const end = line.indexOf('"', at);
    this.text = detachString(line.slice(at, end));
    return end;
  }
}

/** Scans one line; after `scan` answered true, the fields hold the line's raw values. One per parser. */
export class FastLineScanner {
  /** The line is an edge line (else a vertex line). */
  isEdge = false;
  id = 0;
  /** A string or null, or undefined when the line has none. */
  label: string | null | undefined;
  /** Undefined when the line has none (a check of the parser refuses that). */
  creationDate: number | undefined;
  edgePropertyId = '';
  source = 0;
  target = 0;
  /** The line has a `properties` object (possibly empty). */
  hasProperties = false;
  /** Properties read: `keys[i]`, `typeNames[i]`, `texts[i]` for i < `propertyCount`, in line order. */
  propertyCount = 0;
  readonly keys: string[] = [];
  readonly typeNames: string[] = [];
  readonly texts: string[] = [];

  private readonly edgeType = new TextSlot();
  private readonly labelSlot = new TextSlot();
  private readonly keySlots: TextSlot[] = [];
  private readonly typeSlots: TextSlot[] = [];
  private readonly keySet = new Set<string>();
  /** The last integer read by `integerAt`. */
  private integer = 0;

  /** True when `line` is in the lane's subset (the fields then hold its values); false: use the general lane. */
  scan(line: string): boolean {
    let at: number;
    if (line.charCodeAt(kindIndex) === letterV) {
      if (!matches(vertexLinePattern, line)) return false;
      this.isEdge = false;
      at = vertexStartLength;
    } else {
      if (!matches(edgeLinePattern, line)) return false;
      this.isEdge = true;
      at = edgeStartLength;
    }
    at = this.integerAt(line, at);
    this.id = this.integer;
    if (this.isEdge) {
      at = this.edgeType.read(line, at + edgeTypeSkip);
      this.edgePropertyId = this.edgeType.text;
      at = this.integerAt(line, at + sourceSkip);
      this.source = this.integer;
      at = this.integerAt(line, at + targetSkip);
      this.target = this.integer;
    }
    // What may follow: `,"label":`, `,"creationDate":`, `,"properties":{` (told apart by their third
    // character) or the closing brace.
    this.label = undefined;
    if (line.charCodeAt(at + 2) === letterL) {
      at += labelSkip;
      if (line.charCodeAt(at) === letterN) {
        this.label = null;
        at += 'null'.length;
      } else {
        at = this.labelSlot.read(line, at + 1) + 1;
        this.label = this.labelSlot.text;
      }
    }
    this.creationDate = undefined;
    if (line.charCodeAt(at + 2) === 0x63 /* c */) {
      at = this.integerAt(line, at + creationDateSkip);
      this.creationDate = this.integer;
    }
    this.propertyCount = 0;
    this.hasProperties = line.charCodeAt(at) === comma;
    return this.hasProperties ? this.properties(line, at + propertiesSkip) : true;
  }

  /** Reads the integer at `at` (the line matched a pattern) into `integer`; answers the index after it. */
  private integerAt(line: string, at: number): number {
    let code = line.charCodeAt(at);
    const negative = code === minus;
    if (negative) code = line.charCodeAt(++at);
    let value = code - digitZero;
    for (code = line.charCodeAt(++at); code >= digitZero && code <= digitNine; code = line.charCodeAt(++at)) {
      value = value * 10 + (code - digitZero);
    }
    this.integer = negative ? -value : value;
    return at;
  }

  /**
   * Reads the members of the `properties` object from `at` (after its brace); false when a key repeats.
   */
  private properties(line: string, at: number): boolean {
    if (line.charCodeAt(at) === closeBrace) return true;
    const { keys, typeNames, texts, keySlots, typeSlots } = this;
    let count = 0;
    for (;;) {
      if (count === keySlots.length) {
        keySlots.push(new TextSlot());
        typeSlots.push(new TextSlot());
      }
      const keySlot = keySlots[count];
      at = keySlot.read(line, at + 1);
      const key = keySlot.text;
      if (this.repeats(key, count)) return false;
      const typeSlot = typeSlots[count];
      at = typeSlot.read(line, at + typeNameSkip);
      const valueStart = at + valueSkip;
      const valueEnd = line.indexOf('"', valueStart);
      keys[count] = key;
      typeNames[count] = typeSlot.text;
      texts[count] = line.slice(valueStart, valueEnd);
      count++;
      at = valueEnd + propertyEndSkip;
      if (line.charCodeAt(at) !== comma) break;
      at++;
    }
    this.propertyCount = count;
    return true;
  }

  /** Whether `key` is among the first `count` keys of the line. */
  private repeats(key: string, count: number): boolean {
    const keys = this.keys;
    if (count < maxPairwiseKeys) {
      for (let i = 0; i < count; i++) if (keys[i] === key) return true;
      return false;
    }
    const set = this.keySet;
    if (count === maxPairwiseKeys) {
      set.clear();
      for (let i = 0; i < count; i++) set.add(keys[i]);
    }
    if (set.has(key)) return true;
    set.add(key);
    return false;
  }
}

/** Whether `line` matches `pattern`; a line too large for the expression's backtracking stack does not. */
function matches(pattern: RegExp, line: string): boolean {
  try {
    return pattern.test(line);
  } catch {
    return false;
  }
}
