/**
 * Configuration text <-> typed values, one key at a time.
 *
 * Every layer delivers text (a JSON number in the file becomes its text too), so parsing is the same for
 * all of them. Parsing follows .NET's invariant-culture rules where users would expect them to hold:
 * surrounding whitespace is ignored and `true`/`false` and enum names match in any letter case.
 */
import { ConfigError } from './errors.js';
import type { ConfigKeySpec, ConfigValue } from './keys.js';

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Parses the text of a whole (non-indexed) value; `origin` names where the text came from. */
export function parseConfigText(spec: ConfigKeySpec, text: string, origin: string): ConfigValue {
  const trimmed = text.trim();
  const fail = (expectation: string): never => {
    const shown = spec.secret === true ? '(secret value withheld)' : JSON.stringify(text);
    throw new ConfigError(`${spec.key}: ${shown} from ${origin} is not ${expectation}`, spec.key, origin);
  };
  switch (spec.kind) {
    case 'bool': {
      const lower = trimmed.toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      return fail('true or false');
    }
    case 'int':
    case 'double': {
      const minimum = spec.minimum ?? (spec.kind === 'int' ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE);
      const maximum = spec.maximum ?? (spec.kind === 'int' ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE);
      const expectation = `${spec.kind === 'int' ? 'an integer' : 'a number'} in [${minimum}, ${maximum}]`;
      const shapeOk = (spec.kind === 'int' ? INTEGER_TEXT : DECIMAL_TEXT).test(trimmed);
      const value = Number(trimmed);
      if (!shapeOk || !Number.isFinite(value) || value < minimum || value > maximum) return fail(expectation);
      return value;
    }
    case 'enum': {
      const match = spec.allowedValues.find((allowed) => allowed.toLowerCase() === trimmed.toLowerCase());
      return match ?? fail(`one of ${spec.allowedValues.join(', ')}`);
    }
    case 'string': {
      // A nullable key (default null) reads empty text as "unset", so a later layer can clear it.
      if (spec.default === null && trimmed === '') return null;
      if (spec.format !== undefined && !spec.format.pattern.test(text)) return fail(spec.format.description);
      return text;
    }
    case 'array':
      return parseListText(text);
  }
}

/** The comma-separated convenience form of an array: items trimmed, empty items dropped. */
export function parseListText(text: string): readonly string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The configuration text of a parsed value, as `GET /config` publishes it; `null` for an unset value. */
export function formatConfigValue(value: ConfigValue): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value.join(',');
}
