/**
 * The namespace catalog on disk: `namespaces.json` in the metadata directory, so the namespaces created
 * at run time (their names, immutable ids and overrides) exist again after a restart and find their logs.
 *
 *   { "schemaVersion": 1, "namespaces": [ { "id", "name", "createdAt", "pluginRegistrationEnabled",
 *                                           "loadOnStartupEnabled" }, ... ] }
 *
 * Written atomically (temporary name, sync, rename, directory sync). A file that does not parse is a loud
 * failure: starting without it would silently lose every namespace but `default`.
 */
import type { NamespaceRecord } from '../namespaces/catalog.js';
import type { LogFileSystem } from './wal/file-system.js';

export const catalogFileName = 'namespaces.json';
export const catalogSchemaVersion = 1;

export class CatalogFileError extends Error {
  override readonly name = 'CatalogFileError';
}

interface StoredRecord {
  id: string;
  name: string;
  createdAt: string;
  pluginRegistrationEnabled: boolean | null;
  loadOnStartupEnabled: boolean | null;
}

function isTriState(value: unknown): value is boolean | null {
  return value === null || typeof value === 'boolean';
}

function parseRecord(value: unknown, file: string, index: number): NamespaceRecord {
  const record = value as Partial<StoredRecord> | null;
  const createdAt = typeof record?.createdAt === 'string' ? new Date(record.createdAt) : undefined;
  if (
    record === null ||
    typeof record !== 'object' ||
    typeof record.id !== 'string' ||
    record.id === '' ||
    typeof record.name !== 'string' ||
    createdAt === undefined ||
    Number.isNaN(createdAt.getTime()) ||
    !isTriState(record.pluginRegistrationEnabled) ||
    !isTriState(record.loadOnStartupEnabled)
  ) {
    throw new CatalogFileError(`${file}: namespace entry ${index} is malformed`);
  }
  return {
    id: record.id,
    name: record.name,
    createdAt,
    pluginRegistrationEnabled: record.pluginRegistrationEnabled,
    loadOnStartupEnabled: record.loadOnStartupEnabled,
  };
}

/** The stored namespaces, or undefined when there is no catalog file yet. */
export async function readCatalogFile(
  fileSystem: LogFileSystem,
  file: string,
): Promise<NamespaceRecord[] | undefined> {
  const content = await fileSystem.readFile(file);
  if (content === undefined) return undefined;
  let document: unknown;
  try {
    document = JSON.parse(content.toString('utf8'));
  } catch (error) {
    throw new CatalogFileError(
      `${file} is not valid JSON (${(error as Error).message}); it is left as it is`,
    );
  }
  const { schemaVersion, namespaces } = (document ?? {}) as { schemaVersion?: unknown; namespaces?: unknown };
  if (schemaVersion !== catalogSchemaVersion) {
    throw new CatalogFileError(`${file} has schemaVersion ${String(schemaVersion)}; this build reads 1`);
  }
  if (!Array.isArray(namespaces)) throw new CatalogFileError(`${file} has no namespaces array`);
  return namespaces.map((record, index) => parseRecord(record, file, index));
}

export async function writeCatalogFile(
  fileSystem: LogFileSystem,
  file: string,
  records: readonly NamespaceRecord[],
): Promise<void> {
  const stored: StoredRecord[] = records.map((record) => ({
    id: record.id,
    name: record.name,
    createdAt: record.createdAt.toISOString(),
    pluginRegistrationEnabled: record.pluginRegistrationEnabled,
    loadOnStartupEnabled: record.loadOnStartupEnabled,
  }));
  const text = `${JSON.stringify({ schemaVersion: catalogSchemaVersion, namespaces: stored }, null, 2)}\n`;
  await fileSystem.replaceDurably(file, [Buffer.from(text, 'utf8')]);
}
