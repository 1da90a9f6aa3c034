/**
 * Command-line options: the ones every command shares (`--base`, `--key`, `--key-header`, `--ns`, also
 * read from the environment) and each command's own, parsed with Node's `util.parseArgs` so an unknown
 * or malformed option is a usage error, never silently ignored.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './errors.js';

export const defaultBaseUrl = 'http://127.0.0.1:8080';
export const defaultApiKeyHeader = 'X-Api-Key';

/** Environment variables the shared options fall back to. */
export const environmentNames = {
  base: 'SKEIN_BASE',
  key: 'SKEIN_API_KEY',
  keyHeader: 'SKEIN_API_KEY_HEADER',
} as const;

export interface Connection {
  /** The service root, without a trailing slash. */
  baseUrl: URL;
  apiKey: string | undefined;
  apiKeyHeader: string;
  /** The namespace to address; undefined for the bare (default-namespace) routes. */
  namespace: string | undefined;
}

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

const sharedOptions: OptionSpec = {
  base: { type: 'string' },
  key: { type: 'string' },
  'key-header': { type: 'string' },
  ns: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export interface ParsedCommand {
  connection: Connection;
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  help: boolean;
}

export function parseCommand(
  args: readonly string[],
  own: OptionSpec,
  environment: NodeJS.ProcessEnv,
): ParsedCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...sharedOptions, ...own },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError((error as Error).message);
  }
  const values = parsed.values as ParsedCommand['values'];
  const base = stringOption(values.base) ?? nonEmpty(environment[environmentNames.base]) ?? defaultBaseUrl;
  let baseUrl: URL;
  try {
    baseUrl = new URL(base);
  } catch {
    throw usageError(`--base "${base}" is not a URL (expected e.g. ${defaultBaseUrl})`);
  }
  if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') {
    throw usageError(`--base "${base}" must be an http: or https: URL`);
  }
  const namespace = stringOption(values.ns);
  if (namespace !== undefined && namespace.length === 0) throw usageError('--ns needs a namespace name');
  return {
    connection: {
      baseUrl,
      apiKey: stringOption(values.key) ?? nonEmpty(environment[environmentNames.key]),
      apiKeyHeader:
        stringOption(values['key-header']) ??
        nonEmpty(environment[environmentNames.keyHeader]) ??
        defaultApiKeyHeader,
      namespace,
    },
    values,
    positionals: parsed.positionals,
    help: values.help === true,
  };
}

export function stringOption(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable option's values, each also split at commas (the feed's own list syntax). */
export function listOption(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return raw.filter((entry): entry is string => typeof entry === 'string');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.length === 0 ? undefined : value;
}
