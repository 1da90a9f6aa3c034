/**
 * `skein watch`: follows `GET /changefeed` of the chosen namespace and prints each change event as it
 * comes, one line each (readable by default, the event's JSON with `--json`). When the stream drops it
 * reconnects with `Last-Event-ID`, so the feed replays what was missed from its buffer (or says
 * `resync seekOutOfRange` when that is gone): a watch survives a server restart.
 */
import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { CliError } from './errors.js';
import { failure, routeUrl, send } from './http.js';
import type { Connection } from './options.js';
import type { Terminal } from './terminal.js';

export interface WatchFilters {
  kinds: string[];
  elements: string[];
  labels: string[];
  keys: string[];
  since?: string;
}

export interface WatchOptions {
  json: boolean;
  /** Stop after this many events (resyncs included); undefined: until interrupted. */
  count: number | undefined;
  reconnect: boolean;
  /** No connection notices on standard error. */
  quiet: boolean;
}

/** Reconnection waits double from the first to the last, then stay there. */
export const firstReconnectDelayMilliseconds = 500;
export const maxReconnectDelayMilliseconds = 30_000;

interface ChangeEvent {
  seq?: number;
  ts?: string;
  kind?: string;
  element?: string;
  id?: number;
  label?: string;
  key?: string;
  edgePropertyId?: string;
  source?: number;
  target?: number;
  reason?: string;
}

export async function watchFeed(
  connection: Connection,
  filters: WatchFilters,
  options: WatchOptions,
  terminal: Terminal,
  signal: AbortSignal,
): Promise<void> {
  const query: [string, string][] = [];
  for (const [name, values] of [
    ['kinds', filters.kinds],
    ['elements', filters.elements],
    ['labels', filters.labels],
    ['keys', filters.keys],
  ] as const) {
    for (const value of values) query.push([name, value]);
  }
  const url = routeUrl(connection, '/changefeed', query);
  let lastEventId = filters.since;
  let printed = 0;
  let delay = firstReconnectDelayMilliseconds;
  let connectedOnce = false;
  for (;;) {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    let response: IncomingMessage;
    try {
      response = await send(connection, url, { method: 'GET', headers, signal });
    } catch (error) {
      if (signal.aborted || !connectedOnce || !options.reconnect) throw error;
      terminal.stderr.write(`${(error as Error).message}; retrying in ${delay} ms\n`);
      await sleep(delay, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw new CliError('interrupted');
      delay = Math.min(delay * 2, maxReconnectDelayMilliseconds);
      continue;
    }
    const status = response.statusCode ?? 0;
    if (status !== 200) {
      // A refused filter or credential will not improve by retrying; a busy or restarting server may.
      const error = await failure(response, 'watch');
      if (!connectedOnce || !options.reconnect || status < 500) throw error;
      terminal.stderr.write(`${error.message}\nretrying in ${delay} ms\n`);
      await sleep(delay, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw new CliError('interrupted');
      delay = Math.min(delay * 2, maxReconnectDelayMilliseconds);
      continue;
    }
    connectedOnce = true;
    delay = firstReconnectDelayMilliseconds;
    // On standard error, so piped output stays pure events; it also tells a script the watch is live.
    if (!options.quiet) terminal.stderr.write(`watching ${url.href}\n`);
    const done = await follow(response, (message) => {
      if (message.id !== undefined && message.id.length > 0) lastEventId = message.id;
      terminal.stdout.write(options.json ? `${message.data}\n` : `${describe(message)}\n`);
      printed++;
      return options.count !== undefined && printed >= options.count;
    });
    if (done) return;
    if (signal.aborted) throw new CliError('interrupted');
    if (!options.reconnect) throw new CliError('the change feed closed the stream');
    terminal.stderr.write(
      `the change feed closed the stream; reconnecting from ${lastEventId ?? 'the live head'}\n`,
    );
  }
}

/** Reads one stream to its end; answers true when `onEvent` asked to stop. */
async function follow(
  response: IncomingMessage,
  onEvent: (message: EventSourceMessage) => boolean,
): Promise<boolean> {
  let stop = false;
  const parser = createParser({
    onEvent: (message) => {
      if (!stop) stop = onEvent(message);
    },
  });
  response.setEncoding('utf8');
  try {
    for await (const chunk of response as AsyncIterable<string>) {
      parser.feed(chunk);
      if (stop) break;
    }
  } catch (error) {
    // A dropped connection ends this stream; the caller reconnects. Anything else is a real failure.
    const code = (error as NodeJS.ErrnoException).code;
    if (
      code !== 'ECONNRESET' &&
      code !== 'ERR_STREAM_PREMATURE_CLOSE' &&
      (error as Error).name !== 'AbortError'
    ) {
      throw error;
    }
  } finally {
    response.destroy();
  }
  return stop;
}

/** `seq time kind element id [label] [details]`, the fields an operator scans for. */
export function describe(message: EventSourceMessage): string {
  let event: ChangeEvent;
  try {
    event = JSON.parse(message.data) as ChangeEvent;
  } catch {
    return `${message.event ?? 'message'} ${message.data}`;
  }
  const parts: string[] = [String(event.seq ?? '?'), event.ts ?? '', event.kind ?? message.event ?? '?'];
  if (event.kind === 'resync') {
    parts.push(`reason=${event.reason ?? '?'}`);
    return parts.join(' ');
  }
  if (event.element !== undefined) parts.push(event.element);
  if (event.id !== undefined) parts.push(String(event.id));
  if (event.label !== undefined) parts.push(`label=${event.label}`);
  if (event.key !== undefined) parts.push(`key=${event.key}`);
  if (event.edgePropertyId !== undefined) parts.push(`type=${event.edgePropertyId}`);
  if (event.source !== undefined && event.target !== undefined)
    parts.push(`${event.source}->${event.target}`);
  return parts.join(' ');
}
