/**
 * `skein import FILE`: streams a JSONL file (or standard input, `-`) to `POST /bulk/import` of the chosen
 * namespace, shows progress while it uploads, and prints the created counts, or the service's reason and
 * the failing line when it refuses one.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Transform, type Readable } from 'node:stream';
import { CliError, usageError } from './errors.js';
import { failure, readJson, routeUrl, send } from './http.js';
import type { Connection } from './options.js';
import { importProgress } from './progress.js';
import type { Terminal } from './terminal.js';

/** How much of a failing line is shown; the full line may be a megabyte. */
export const maxShownLineChars = 300;

interface ImportSummary {
  verticesCreated: number;
  edgesCreated: number;
  linesRead: number;
}

/** `--create`: makes the target namespace first; one that exists already is fine. */
async function ensureNamespace(connection: Connection, signal: AbortSignal): Promise<void> {
  if (connection.namespace === undefined) throw usageError('--create needs --ns NAME');
  const url = routeUrl(
    { ...connection, namespace: undefined },
    `/ns/${encodeURIComponent(connection.namespace)}`,
  );
  const response = await send(connection, url, { method: 'PUT', signal });
  if (response.statusCode === 201 || response.statusCode === 409) {
    response.resume();
    return;
  }
  throw await failure(response, `creating the namespace '${connection.namespace}'`);
}

export async function importFile(
  connection: Connection,
  file: string | undefined,
  terminal: Terminal,
  signal: AbortSignal,
  create = false,
): Promise<void> {
  if (file === undefined) throw usageError('import needs a FILE (or - for standard input)');
  const fromStdin = file === '-';
  let totalBytes: number | undefined;
  if (!fromStdin) {
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new CliError(`${file} is not a file`);
      totalBytes = info.size;
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
    }
  }
  if (create) await ensureNamespace(connection, signal);
  const source: Readable = fromStdin ? terminal.stdin : createReadStream(file);
  const progress = importProgress(terminal.stderr, totalBytes);
  let bytes = 0;
  let lines = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      progress.update(bytes, lines);
      done(null, chunk);
    },
  });
  source.once('error', (error) => counter.destroy(error));
  const startedAt = performance.now();
  const url = routeUrl(connection, '/bulk/import');
  let response;
  try {
    response = await send(connection, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: source.pipe(counter),
      signal,
    });
  } finally {
    progress.stop();
  }
  if (response.statusCode !== 200) {
    const error = await failure(response, 'import');
    throw fromStdin ? error : await withFailingLine(error, file);
  }
  const summary = (await readJson(response)) as ImportSummary;
  const seconds = (performance.now() - startedAt) / 1000;
  const elements = summary.verticesCreated + summary.edgesCreated;
  terminal.stdout.write(
    `imported ${summary.verticesCreated} vertices and ${summary.edgesCreated} edges ` +
      `(${summary.linesRead} lines) in ${seconds.toFixed(1)} s, ` +
      `${Math.round(elements / Math.max(seconds, 1e-3))} elements/s\n`,
  );
}

/** Adds the text of the line the service named (its `lineNumber`, 1-based) to the failure. */
async function withFailingLine(error: CliError, file: string): Promise<CliError> {
  const match = /lineNumber: (\d+)/.exec(error.message);
  if (match === null) return error;
  const wanted = Number(match[1]);
  const reader = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  try {
    for await (const line of reader) {
      if (++number < wanted) continue;
      const shown = line.length > maxShownLineChars ? `${line.slice(0, maxShownLineChars)}...` : line;
      return new CliError(`${error.message}\n  line ${wanted}: ${shown}`, error.exitCode);
    }
  } finally {
    reader.close();
  }
  return error;
}
