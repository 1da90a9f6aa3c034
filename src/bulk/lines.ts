/**
 * Splits a byte stream into lines without holding more than one line and one chunk: complete lines of a
 * chunk are decoded and handed out as they are found; a line cut by the chunk's end waits for the rest.
 *
 * Rules (docs/bulk.md, "The file"): lines end with `\n`; a trailing `\r` is stripped (CRLF files work); a
 * last line without a line break is still a line; a line is at most `maxLineBytes` bytes (its line break and
 * `\r` not counted), checked as bytes arrive, so an endless line is refused once it passes the bound; the
 * bytes must be UTF-8; the stream must not start with a byte-order mark.
 */
import { isUtf8 } from 'node:buffer';

const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** Why the byte stream cannot be split: `lineNumber` is the line at fault (1-based). */
export class LineError extends Error {
  override readonly name = 'LineError';
  constructor(
    readonly kind: 'tooLong' | 'encoding',
    readonly lineNumber: number,
    message: string,
  ) {
    super(message);
  }
}

/** Called once per line, in order; `lineNumber` is 1-based. A throw stops the split and propagates. */
export type LineHandler = (line: string, lineNumber: number) => void;

export class LineSplitter {
  /** Lines handed out so far. */
  lineCount = 0;
  /** The pieces of a line cut by a chunk's end, and their bytes. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private started = false;

  constructor(private readonly maxLineBytes: number) {}

  /** Hands out every line `chunk` completes. */
  push(chunk: Buffer, onLine: LineHandler): void {
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        throw new LineError(
          'encoding',
          1,
          'the stream starts with a byte-order mark; bulk files are UTF-8 without one',
        );
      }
    }
    let start = 0;
    const first = chunk.indexOf(lineFeed);
    if (first >= 0 && this.pendingBytes > 0) {
      this.pending.push(chunk.subarray(0, first));
      const line = Buffer.concat(this.pending, this.pendingBytes + first);
      this.pending = [];
      this.pendingBytes = 0;
      this.emit(line, 0, line.length, onLine);
      start = first + 1;
    }
    const last = chunk.lastIndexOf(lineFeed);
    if (last >= start) {
      // One UTF-8 check for all of the chunk's complete lines; only a failure checks them one by one,
      // so the error names the line at fault and the lines before it still go out.
      const valid = isUtf8(chunk.subarray(start, last));
      if (valid) {
        // One decoding for all of them too; when every byte is ASCII (as long as the text has as many
        // characters as bytes), string offsets are byte offsets and the lines are slices of it.
        const text = chunk.toString('utf8', start, last);
        if (text.length === last - start) {
          this.emitAscii(text, onLine);
          start = last + 1;
        }
      }
      for (let newline = chunk.indexOf(lineFeed, start); newline >= 0 && newline <= last;) {
        if (valid) this.emitChecked(chunk, start, newline, onLine);
        else this.emit(chunk, start, newline, onLine);
        start = newline + 1;
        newline = chunk.indexOf(lineFeed, start);
      }
    }
    if (start < chunk.length) {
      const rest = chunk.length - start;
      // A line may end in `\r`, which does not count: allow one byte over until the line break is seen.
      if (this.pendingBytes + rest > this.maxLineBytes + 1) this.tooLong();
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += rest;
    }
  }

  /** Hands out the last line when the stream ended without a line break after it. */
  end(onLine: LineHandler): void {
    if (this.pendingBytes === 0) return;
    const line = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.emit(line, 0, line.length, onLine);
  }

  private tooLong(): never {
    throw new LineError(
      'tooLong',
      this.lineCount + 1,
      `the line is longer than ${this.maxLineBytes} bytes (Svc:BulkIO:MaxLineBytes)`,
    );
  }

  /**
   * The lines of `text`, ASCII without its last line break (one character per byte). A line is a slice
   * of `text`, which stays alive while any line does: the parser copies what it keeps.
   */
  private emitAscii(text: string, onLine: LineHandler): void {
    const length = text.length;
    for (let from = 0; ;) {
      let newline = text.indexOf('\n', from);
      if (newline < 0) newline = length;
      let end = newline;
      if (end > from && text.charCodeAt(end - 1) === carriageReturn) end--;
      if (end - from > this.maxLineBytes) this.tooLong();
      const lineNumber = ++this.lineCount;
      onLine(text.slice(from, end), lineNumber);
      if (newline === length) return;
      from = newline + 1;
    }
  }

  /** A line whose bytes are known to be UTF-8. */
  private emitChecked(bytes: Buffer, start: number, end: number, onLine: LineHandler): void {
    if (end > start && bytes[end - 1] === carriageReturn) end--;
    if (end - start > this.maxLineBytes) this.tooLong();
    const lineNumber = ++this.lineCount;
    onLine(bytes.toString('utf8', start, end), lineNumber);
  }

  private emit(bytes: Buffer, start: number, end: number, onLine: LineHandler): void {
    if (!isUtf8(bytes.subarray(start, end))) {
      throw new LineError('encoding', this.lineCount + 1, 'the line is not valid UTF-8');
    }
    this.emitChecked(bytes, start, end, onLine);
  }
}
