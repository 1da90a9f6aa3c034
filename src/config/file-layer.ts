/**
 * The JSON configuration file (the `appSettings` layer): nested objects flattened to colon paths the way
 * ASP.NET's JSON provider does, so `{"Svc":{"Http":{"Port":9000}}}` and `{"Svc:Http:Port":9000}` agree.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './errors.js';
import type { ConfigFileRef, RawEntry } from './layer.js';

/** Reads and flattens the file; a file named explicitly that cannot be read or parsed is a ConfigError. */
export function readConfigFile(ref: ConfigFileRef): RawEntry[] {
  const absolute = resolve(ref.path);
  const shown = absolute === ref.path ? `"${ref.path}"` : `"${ref.path}" (${absolute})`;
  const context = `config file ${shown}, named by ${ref.origin},`;
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new ConfigError(`${context} cannot be read: ${(error as Error).message}`, null, ref.origin, {
      cause: error,
    });
  }
  let document: unknown;
  try {
    // Editors on Windows often save a byte-order mark, which JSON.parse refuses.
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError(`${context} is not valid JSON: ${(error as Error).message}`, null, ref.origin, {
      cause: error,
    });
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new ConfigError(`${context} must hold a JSON object at the top level`, null, ref.origin);
  }
  const entries: RawEntry[] = [];
  flatten(document, '', `config file ${shown}`, entries);
  return entries;
}

function flatten(node: unknown, path: string, origin: string, into: RawEntry[]): void {
  if (Array.isArray(node)) {
    // An empty array still says "this list is empty", which a later layer's comma form also expresses.
    if (node.length === 0) into.push({ path, value: '', origin });
    node.forEach((item, index) => flatten(item, `${path}:${index}`, origin, into));
  } else if (node !== null && typeof node === 'object') {
    for (const [name, child] of Object.entries(node))
      flatten(child, path === '' ? name : `${path}:${name}`, origin, into);
  } else {
    into.push({ path, value: node === null ? null : String(node), origin });
  }
}
