/**
 * Environment variables as configuration. Names are matched in any letter case (as ASP.NET does), and
 * `__` stands for `:` because most shells cannot put a colon in a variable name.
 *
 * Only variables under a catalogue root (`Svc__...`, `AllowedCorsOrigins...`) are configuration; the rest
 * of the environment belongs to other programs and is never reported. A few conventional variables are
 * aliases that rank below the variables they alias, so a deployment's explicit `Svc__Http__Port` beats
 * the `PORT` a platform injects.
 */
import { CONFIG_ROOTS } from './keys.js';
import type { ConfigFileRef, RawEntry } from './layer.js';

export interface EnvironmentLayers {
  /** conventional variables (PORT, HOST, NODE_ENV), applied first */
  readonly aliases: readonly RawEntry[];
  /** variables naming a key, applied after the aliases so they win */
  readonly keys: readonly RawEntry[];
  readonly configFile: ConfigFileRef | null;
}

export const CONFIG_FILE_VARIABLE = 'SVC_CONFIG';

/** Conventional variable -> the key it sets; the value is used as is. */
const PLAIN_ALIASES: ReadonlyMap<string, string> = new Map([
  ['PORT', 'Svc:Http:Port'],
  ['HOST', 'Svc:Http:Host'],
]);

/** `NODE_ENV` is set to many things (`test`, `staging`); only the two that name an environment count. */
const NODE_ENV_VALUES: ReadonlyMap<string, string> = new Map([
  ['development', 'Development'],
  ['production', 'Production'],
]);

export function readEnvironment(env: NodeJS.ProcessEnv): EnvironmentLayers {
  const aliases: RawEntry[] = [];
  const keys: RawEntry[] = [];
  let configFile: ConfigFileRef | null = null;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const upper = name.toUpperCase();
    const origin = `environment variable ${name}`;
    if (upper === CONFIG_FILE_VARIABLE) {
      if (value.trim() !== '') configFile = { path: value, origin };
      continue;
    }
    const aliased = PLAIN_ALIASES.get(upper);
    if (aliased !== undefined) {
      // Container tooling often exports these empty; empty means "not set", not "set to nothing".
      if (value.trim() !== '') aliases.push({ path: aliased, value, origin });
      continue;
    }
    if (upper === 'NODE_ENV') {
      const environment = NODE_ENV_VALUES.get(value.trim().toLowerCase());
      if (environment !== undefined) aliases.push({ path: 'Svc:Environment', value: environment, origin });
      continue;
    }
    const path = name.replaceAll('__', ':');
    if (CONFIG_ROOTS.has(path.split(':')[0].toLowerCase())) keys.push({ path, value, origin });
  }
  return { aliases, keys, configFile };
}
