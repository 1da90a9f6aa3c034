/**
 * Layered configuration loading. Later layers win:
 *   1. built-in defaults (the catalogue)
 *   2. the JSON file named by `--config` or `SVC_CONFIG` (source `appSettings`)
 *   3. environment variables (aliases such as PORT first, then `Svc__...` names)
 *   4. command-line flags
 *
 * Every value any layer supplies is validated, even one a later layer overrides: a bad value left in a
 * file would otherwise surface only on the day the override is removed.
 *
 * Pure apart from reading the file: the caller passes argv and env, and logs the returned warnings.
 */
import { readCommandLine } from './command-line-layer.js';
import { readEnvironment } from './environment-layer.js';
import { ConfigError } from './errors.js';
import { readConfigFile } from './file-layer.js';
import {
  CONFIG_KEYS,
  findConfigKey,
  resolveConfigPath,
  type ConfigKey,
  type ConfigKeySpec,
  type ConfigValue,
  type ConfigValueOf,
} from './keys.js';
import type { ConfigSource, Layer } from './layer.js';
import { buildSettings, type ConfigValueReader, type SkeinSettings } from './settings.js';
import { suggestKey } from './suggest.js';
import { formatConfigValue, parseConfigText } from './values.js';

export interface LoadOptions {
  /** command-line arguments without the node binary and script path (`process.argv.slice(2)`) */
  readonly argv?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

export interface LoadedConfig {
  readonly settings: SkeinSettings;
  /** the layer that supplied each key's effective value, by canonical key */
  readonly sources: ReadonlyMap<ConfigKey, ConfigSource>;
  /** problems that do not stop the start (unknown keys, duplicates), one line each, for the caller to log */
  readonly warnings: readonly string[];
  /** the JSON file that was read, as named, or null when none was named */
  readonly configFile: string | null;
  /**
   * The effective value of a key (any letter case) as configuration text (a list joins with commas), or
   * null when unset. Secret keys are returned too: withholding them is the publisher's job.
   */
  raw(key: string): string | null;
}

const ALL_KEYS: readonly ConfigKeySpec[] = CONFIG_KEYS;

export function loadConfig(options: LoadOptions = {}): LoadedConfig {
  const commandLine = readCommandLine(options.argv ?? []);
  const environment = readEnvironment(options.env ?? {});
  // One file at most: the flag names it for this run, so it beats the environment's choice.
  const configFile = commandLine.configFile ?? environment.configFile;
  const layers: Layer[] = [
    { source: 'appSettings', entries: configFile === null ? [] : readConfigFile(configFile) },
    { source: 'environment', entries: environment.aliases },
    { source: 'environment', entries: environment.keys },
    { source: 'commandLine', entries: commandLine.entries },
  ];

  const values = new Map<string, ConfigValue>(ALL_KEYS.map((spec) => [spec.key, spec.default]));
  const sources = new Map<ConfigKey, ConfigSource>(
    ALL_KEYS.map((spec) => [spec.key as ConfigKey, 'default']),
  );
  const warnings: string[] = [...commandLine.warnings];
  const unknown = new UnknownKeys();
  for (const layer of layers) {
    for (const [spec, value] of readLayer(layer, unknown, warnings)) {
      values.set(spec.key, value);
      sources.set(spec.key as ConfigKey, layer.source);
    }
  }
  warnings.push(...unknown.warnings());

  const get: ConfigValueReader = <K extends ConfigKey>(key: K) => values.get(key) as ConfigValueOf<K>;
  return {
    settings: buildSettings(get),
    sources,
    warnings: Object.freeze(warnings),
    configFile: configFile?.path ?? null,
    raw(key: string): string | null {
      const spec = findConfigKey(key);
      if (spec === undefined) throw new ConfigError(`unknown configuration key "${key}"`, key);
      return formatConfigValue(values.get(spec.key) ?? null);
    },
  };
}

interface Supplied {
  readonly value: string;
  readonly origin: string;
}

/** Parses what one layer sets; within a layer the later entry for the same path wins. */
function readLayer(layer: Layer, unknown: UnknownKeys, warnings: string[]): Map<ConfigKeySpec, ConfigValue> {
  const whole = new Map<ConfigKeySpec, Supplied>();
  const indexed = new Map<ConfigKeySpec, Map<number, Supplied>>();
  const remember = <T>(map: Map<T, Supplied>, at: T, label: string, supplied: Supplied): void => {
    const earlier = map.get(at);
    if (earlier !== undefined && earlier.value !== supplied.value) {
      warnings.push(`${label} is set twice, by ${earlier.origin} and ${supplied.origin}; the latter is used`);
    }
    map.set(at, supplied);
  };

  for (const entry of layer.entries) {
    const resolved = resolveConfigPath(entry.path);
    if (resolved === undefined) {
      unknown.add(entry.path, entry.origin);
      continue;
    }
    if (entry.value === null) continue;
    const { spec, index } = resolved;
    const supplied = { value: entry.value, origin: entry.origin };
    if (index === undefined) {
      remember(whole, spec, spec.key, supplied);
    } else {
      const items = indexed.get(spec) ?? new Map<number, Supplied>();
      indexed.set(spec, items);
      remember(items, index, `${spec.key}:${index}`, supplied);
    }
  }

  const result = new Map<ConfigKeySpec, ConfigValue>();
  for (const [spec, supplied] of whole)
    result.set(spec, parseConfigText(spec, supplied.value, supplied.origin));
  for (const [spec, items] of indexed) {
    const list = whole.get(spec);
    if (list !== undefined) {
      warnings.push(
        `${spec.key} is given both as a list by ${list.origin} and by index in the same layer; ` +
          'the indexed entries are used',
      );
    }
    // Indexes order the list; gaps close up, as ASP.NET's binder does.
    const ordered = [...items].sort(([a], [b]) => a - b).map(([, item]) => item.value);
    result.set(spec, ordered);
  }
  return result;
}

/** Collects unknown paths across all layers so each is reported once, with every place that set it. */
class UnknownKeys {
  private readonly byPath = new Map<string, { path: string; origins: string[] }>();

  add(path: string, origin: string): void {
    const normalized = path.replaceAll('__', ':').toLowerCase();
    const found = this.byPath.get(normalized);
    if (found === undefined) this.byPath.set(normalized, { path, origins: [origin] });
    else if (!found.origins.includes(origin)) found.origins.push(origin);
  }

  warnings(): string[] {
    return [...this.byPath.values()].map(({ path, origins }) => {
      const suggestion = suggestKey(path);
      const hint = suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
      return `unknown configuration key "${path}" from ${origins.join(', ')} is ignored${hint}`;
    });
  }
}
