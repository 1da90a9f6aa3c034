/**
 * Command-line flags as configuration: `--Svc:Http:Port=9000` or `--Svc:Http:Port 9000`, plus
 * `--config <path>` naming the JSON file. `argv` excludes the node binary and the script path.
 */
import { ConfigError } from './errors.js';
import { resolveConfigPath } from './keys.js';
import type { ConfigFileRef, RawEntry } from './layer.js';

export interface CommandLineLayer {
  readonly entries: readonly RawEntry[];
  readonly configFile: ConfigFileRef | null;
  /** arguments that are not flags, reported rather than silently dropped */
  readonly warnings: readonly string[];
}

const CONFIG_FILE_FLAG = 'config';

export function readCommandLine(argv: readonly string[]): CommandLineLayer {
  const entries: RawEntry[] = [];
  const warnings: string[] = [];
  let configFile: ConfigFileRef | null = null;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (!token.startsWith('--') || token.length === 2) {
      warnings.push(
        `command-line argument ${JSON.stringify(token)} is not a --key=value flag; it is ignored`,
      );
      continue;
    }
    const equals = token.indexOf('=');
    const name = equals < 0 ? token.slice(2) : token.slice(2, equals);
    let value: string | null = equals < 0 ? null : token.slice(equals + 1);
    // The separate-value form takes the next token unless it is itself a flag; a value that starts
    // with "--" therefore needs the "=" form.
    if (value === null && i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    const origin = `command-line flag --${name}`;
    const known = name.toLowerCase() === CONFIG_FILE_FLAG || resolveConfigPath(name) !== undefined;
    if (value === null && known) {
      throw new ConfigError(`${origin} has no value; write --${name}=<value>`, null, origin);
    }
    if (name.toLowerCase() === CONFIG_FILE_FLAG) {
      if (value === null || value.trim() === '') {
        throw new ConfigError(`${origin} has an empty path; write --${name}=<path>`, null, origin);
      }
      configFile = { path: value, origin };
      continue;
    }
    entries.push({ path: name, value, origin });
  }
  return { entries, configFile, warnings };
}
