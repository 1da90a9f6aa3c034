/**
 * A Server-Sent Events client for tests: a real HTTP request on loopback, the stream parsed as it
 * arrives (eventsource-parser), waits that give up after a timeout, and control over reading (pause the
 * socket to stall the server, destroy it to disconnect).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export const defaultWaitMilliseconds = 10_000;

export interface SseFrame extends EventSourceMessage {
  /** The parsed `data:` JSON. */
  json: Record<string, unknown>;
}

export class SseStream {
  readonly frames: SseFrame[] = [];
  readonly comments: string[] = [];
  /** Everything received, verbatim. */
  text = '';
  ended = false;
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly request: http.ClientRequest,
    readonly response: http.IncomingMessage,
  ) {
    const parser = createParser({
      onEvent: (message) =>
        this.frames.push({ ...message, json: JSON.parse(message.data) as Record<string, unknown> }),
      onComment: (comment) => this.comments.push(comment),
    });
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.text += chunk;
      parser.feed(chunk);
      this.notify();
    });
    const end = () => {
      this.ended = true;
      this.notify();
    };
    response.on('end', end);
    response.on('close', end);
    response.on('error', end);
  }

  /** Opens `url` and resolves once the status and headers are in (a 200 stream or an error reply). */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } });
      request.on('response', (response) => {
        request.setTimeout(0); // a stream may idle as long as it likes once it is open
        resolve(new SseStream(request, response));
      });
      request.on('error', reject);
      request.setTimeout(defaultWaitMilliseconds, () => {
        request.destroy(new Error(`no answer from ${url} within ${defaultWaitMilliseconds} ms`));
      });
    });
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  /** The change events received (the `data:` JSON of each frame). */
  get events(): Record<string, unknown>[] {
    return this.frames.map((frame) => frame.json);
  }

  /** Resolves when `condition` holds; fails the test after `timeout` ms with `what`. */
  async until(condition: () => boolean, what: string, timeout = defaultWaitMilliseconds): Promise<void> {
    const deadline = Date.now() + timeout;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) assert.fail(`timed out waiting for ${what}; received:\n${this.text.slice(-2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until at least `count` frames arrived and answers their events. */
  async take(count: number): Promise<Record<string, unknown>[]> {
    await this.until(() => this.frames.length >= count, `${count} frames`);
    return this.events.slice(0, count);
  }

  /** The whole body of a non-stream reply, parsed as JSON. */
  async body(): Promise<Record<string, unknown>> {
    await this.until(() => this.ended, 'the end of the reply');
    return JSON.parse(this.text) as Record<string, unknown>;
  }

  /** Stops reading from the socket: the server's writes back up once the buffers fill. */
  pause(): void {
    this.response.pause();
  }

  resume(): void {
    this.response.resume();
  }

  /** Disconnects at once. */
  close(): void {
    this.request.destroy();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
