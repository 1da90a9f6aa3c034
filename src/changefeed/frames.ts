/**
 * The SSE text of change events (CONTRACT 3.2): each event is one frame
 *
 *   id: <epoch>:<seq>\nevent: <kind>\ndata: <event JSON>\n\n
 *
 * and an idle stream gets the comment `: keepalive\n\n`. No `retry:` field is ever sent.
 */
import type { ChangeEvent } from './events.js';

/** Events one read turns into frames by default: a chunk of about 90 KiB. */
export const defaultFramesPerRead = 512;

export const keepAliveFrame = ': keepalive\n\n';

/**
 * An event's JSON, exactly `JSON.stringify(event)` for the shapes events.ts makes (a test checks it), in
 * a fraction of the time: kinds, elements, reasons and timestamps need no escaping and numbers are
 * integers, so only labels, keys and edge types go through `JSON.stringify`. Every event is serialized
 * once, on the event loop, so this is the feed's largest cost per event.
 */
export function eventJson(event: ChangeEvent): string {
  let json = `{"seq":${event.seq},"ts":"${event.ts}","kind":"${event.kind}"`;
  if (event.element !== undefined) json += `,"element":"${event.element}","id":${event.id}`;
  if (event.label !== undefined) json += `,"label":${JSON.stringify(event.label)}`;
  if (event.edgePropertyId !== undefined) json += `,"edgePropertyId":${JSON.stringify(event.edgePropertyId)}`;
  if (event.key !== undefined) json += `,"key":${JSON.stringify(event.key)}`;
  if (event.source !== undefined) json += `,"source":${event.source},"target":${event.target}`;
  if (event.reason !== undefined) json += `,"reason":"${event.reason}"`;
  return `${json}}`;
}

/** One event's frame. JSON text has no raw line breaks, so `data:` is always a single line. */
export function formatFrame(epoch: string, event: ChangeEvent): string {
  return `id: ${epoch}:${event.seq}\nevent: ${event.kind}\ndata: ${eventJson(event)}\n\n`;
}

/**
 * Frames written straight into one buffer as UTF-8: measured about a third cheaper than joining the frame
 * strings and encoding the result (which first flattens a deep rope of strings).
 */
export class FrameWriter {
  private buffer: Buffer;
  private length = 0;

  constructor(expectedFrames: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(256, expectedFrames * 192));
  }

  add(frame: string): void {
    // A UTF-16 unit takes at most 3 bytes in UTF-8 (a surrogate pair 4 for 2 units).
    if (this.length + frame.length * 3 > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + frame.length * 3));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(frame, this.length);
  }

  get empty(): boolean {
    return this.length === 0;
  }

  /** The bytes written (a view of the buffer: do not add afterwards). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
