/**
 * `skein export`: streams `GET /bulk/export` of the chosen namespace to standard output or to a file.
 * A file is written under a temporary name and renamed once the stream has ended cleanly, so a failed or
 * interrupted export never leaves a truncated file that looks complete.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CliError } from './errors.js';
import { failure, routeUrl, send } from './http.js';
import type { Connection } from './options.js';
import type { Terminal } from './terminal.js';

export interface ExportFilters {
  vertexLabel?: string;
  edgeLabel?: string;
  edgePropertyId?: string;
}

interface Meta {
  vertexCount?: number;
  edgeCount?: number;
}

export async function exportGraph(
  connection: Connection,
  filters: ExportFilters,
  output: string | undefined,
  terminal: Terminal,
  signal: AbortSignal,
  quiet: boolean,
): Promise<void> {
  const query: [string, string][] = [];
  if (filters.vertexLabel !== undefined) query.push(['vertexLabel', filters.vertexLabel]);
  if (filters.edgeLabel !== undefined) query.push(['edgeLabel', filters.edgeLabel]);
  if (filters.edgePropertyId !== undefined) query.push(['edgePropertyId', filters.edgePropertyId]);
  const startedAt = performance.now();
  const response = await send(connection, routeUrl(connection, '/bulk/export', query), {
    method: 'GET',
    signal,
  });
  if (response.statusCode !== 200) throw await failure(response, 'export');

  // The meta line comes first and names the counts; the summary reports them.
  let head = '';
  let meta: Meta | undefined;
  const watchMeta = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (meta === undefined && head.length < 65_536) {
        head += chunk.toString('utf8');
        const end = head.indexOf('\n');
        if (end !== -1) meta = parseMeta(head.slice(0, end));
      }
      done(null, chunk);
    },
  });
  const temporary = output === undefined ? undefined : `${output}.partial`;
  try {
    const sink = temporary === undefined ? terminal.stdout : createWriteStream(temporary);
    await pipeline(response, watchMeta, sink, { end: temporary !== undefined, signal });
    if (temporary !== undefined && output !== undefined) await rename(temporary, output);
  } catch (error) {
    if (temporary !== undefined) await rm(temporary, { force: true });
    if (signal.aborted) throw new CliError('interrupted');
    throw new CliError(`export stream failed: ${(error as Error).message}`);
  }
  if (!quiet) {
    const seconds = (performance.now() - startedAt) / 1000;
    const counts =
      meta === undefined ? 'the graph' : `${meta.vertexCount ?? 0} vertices and ${meta.edgeCount ?? 0} edges`;
    terminal.stderr.write(
      `exported ${counts} in ${seconds.toFixed(1)} s${output === undefined ? '' : ` to ${output}`}\n`,
    );
  }
}

function parseMeta(line: string): Meta | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null ? (value as Meta) : undefined;
  } catch {
    return undefined;
  }
}
