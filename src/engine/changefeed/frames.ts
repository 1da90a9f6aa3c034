/**
 * The SSE text of change events (docs/changefeed.md, The stream): each event is one frame
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
 * integers, so only labels, keys and edge types go through `JSON.stringify`. The feed's streams write
 * frames with `FrameEncoder` (the same bytes, several times cheaper); this text form is the reference it is
 * tested against, and the library's way to make one frame.
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

/** Distinct strings whose bytes a `FrameEncoder` keeps (labels, keys, edge types); past it, it starts over. */
export const maxCachedStrings = 4096;

/**
 * Writes frames of one feed's events straight as UTF-8 bytes, the bytes of `formatFrame`'s text (a property
 * test checks it). Building the text and encoding it is the dominant cost of a frame (its text is a rope of
 * a dozen pieces, to flatten and encode); a frame is mostly constant text, so here it
 * is copied from byte templates made once (the epoch, each kind's head, the timestamp of the run, each
 * label's JSON) and only the numbers are written digit by digit. Better still, consecutive events mostly
 * differ in their numbers alone: the last frame is kept, and the next one that differs only in numbers of
 * the same lengths is that frame copied whole with its digits rewritten (`LastFrame`).
 */
export class FrameEncoder {
  /** `id: <epoch>:` */
  private readonly idHead: Uint8Array;
  private readonly kindHeads = new Map<string, Uint8Array>();
  private readonly reasons = new Map<string, Uint8Array>();
  private readonly jsonStrings = new Map<string, Uint8Array>();
  private readonly slabs = new FrameSlabs();
  /** The last event's kind and its head: a run's events mostly share their kind. */
  private lastKind = '';
  private lastKindHead: Uint8Array = new Uint8Array(0);
  /** `,"ts":"<ts>","kind":"<kind>"` and `,"element":"<element>","id":` of the last event. */
  private lastTs = '';
  private lastTsKind = '';
  private lastElement: string | undefined = undefined;
  private lastTsKindElement: Uint8Array = new Uint8Array(0);
  private readonly numberStarts: NumberStarts = { seq: 0, seqInData: 0, id: 0, source: 0, target: 0 };
  private readonly lastFrame = new LastFrame();

  constructor(epoch: string) {
    this.idHead = utf8(`id: ${epoch}:`);
  }

  /** Distinct strings whose bytes are kept (at most `maxCachedStrings`: one more starts the cache over). */
  get cachedStringCount(): number {
    return this.jsonStrings.size;
  }

  /** A writer for about `expectedFrames` frames. */
  writer(expectedFrames: number): FrameWriter {
    return new FrameWriter(this, this.slabs, expectedFrames);
  }

  /** @internal The length of `event`'s frame when the last frame is its template (see `LastFrame`), else -1. */
  templateLength(event: ChangeEvent): number {
    return this.lastFrame.fits(event) ? this.lastFrame.length : -1;
  }

  /** @internal Writes `event`'s frame from the last one (`templateLength` said it fits) at `offset`. */
  writeFromTemplate(buffer: Buffer, offset: number, event: ChangeEvent): number {
    return this.lastFrame.copyTo(buffer, offset, event);
  }

  /** @internal The length of the last frame written. */
  lastFrameLength(): number {
    return this.lastFrame.length;
  }

  /** @internal How many events may follow the last frame's by counting (see `LastFrame.countingSpan`). */
  countingSpan(): number {
    return this.lastFrame.countingSpan();
  }

  /** @internal Whether `event` is the last frame's event counted on by `steps` (see `LastFrame.counts`). */
  counts(event: ChangeEvent, steps: number): boolean {
    return this.lastFrame.counts(event, steps);
  }

  /** @internal Writes `count` counted frames after the last frame, which is at `start` (see `LastFrame`). */
  writeCounted(buffer: Buffer, start: number, count: number): number {
    return this.lastFrame.fillCounted(buffer, start, count);
  }

  /**
   * @internal Writes `event`'s frame field by field at `offset` of `buffer`, which has `frameBound(event)`
   * bytes free there, and keeps it as the template of the next.
   */
  writeNew(buffer: Buffer, offset: number, event: ChangeEvent): number {
    const end = this.writeFields(buffer, offset, event);
    this.lastFrame.remember(event, buffer, offset, end, this.numberStarts);
    return end;
  }

  /** Writes the frame field by field, noting where each number starts in `numberStarts`. */
  private writeFields(buffer: Buffer, offset: number, event: ChangeEvent): number {
    const starts = this.numberStarts;
    let at = put(buffer, offset, this.idHead);
    starts.seq = at;
    at = putInteger(buffer, at, event.seq);
    at = put(buffer, at, this.kindHead(event.kind));
    starts.seqInData = at;
    at = putInteger(buffer, at, event.seq);
    at = put(buffer, at, this.tsKindElement(event.ts, event.kind, event.element));
    if (event.element !== undefined) {
      starts.id = at;
      at = putInteger(buffer, at, event.id!);
    }
    if (event.label !== undefined) at = put(buffer, put(buffer, at, labelField), this.json(event.label));
    if (event.edgePropertyId !== undefined) {
      at = put(buffer, put(buffer, at, edgePropertyIdField), this.json(event.edgePropertyId));
    }
    if (event.key !== undefined) at = put(buffer, put(buffer, at, keyField), this.json(event.key));
    if (event.source !== undefined) {
      starts.source = at = put(buffer, at, sourceField);
      at = putInteger(buffer, at, event.source);
      starts.target = at = put(buffer, at, targetField);
      at = putInteger(buffer, at, event.target!);
    }
    if (event.reason !== undefined) at = put(buffer, at, this.reason(event.reason));
    return put(buffer, at, frameTail);
  }

  /**
   * @internal Bytes `write` needs at most for `event`, without looking anything up: a string's JSON takes
   * at most 6 bytes per UTF-16 unit (`\uXXXX`) plus its quotes, other text at most 3 (UTF-8).
   */
  frameBound(event: ChangeEvent): number {
    let bound = this.idHead.length + constantBytesBound + numbersBound;
    bound += 3 * (2 * event.kind.length + event.ts.length + (event.element?.length ?? 0));
    if (event.label !== undefined) bound += 6 * event.label.length + 2;
    if (event.edgePropertyId !== undefined) bound += 6 * event.edgePropertyId.length + 2;
    if (event.key !== undefined) bound += 6 * event.key.length + 2;
    if (event.reason !== undefined) bound += 3 * event.reason.length;
    return bound;
  }

  private kindHead(kind: string): Uint8Array {
    if (kind === this.lastKind) return this.lastKindHead;
    let bytes = this.kindHeads.get(kind);
    if (bytes === undefined) {
      bytes = utf8(`\nevent: ${kind}\ndata: {"seq":`);
      this.kindHeads.set(kind, bytes);
    }
    this.lastKind = kind;
    this.lastKindHead = bytes;
    return bytes;
  }

  private tsKindElement(ts: string, kind: string, element: string | undefined): Uint8Array {
    if (ts !== this.lastTs || kind !== this.lastTsKind || element !== this.lastElement) {
      this.lastTs = ts;
      this.lastTsKind = kind;
      this.lastElement = element;
      const elementField = element === undefined ? '' : `,"element":"${element}","id":`;
      this.lastTsKindElement = utf8(`,"ts":"${ts}","kind":"${kind}"${elementField}`);
    }
    return this.lastTsKindElement;
  }

  private reason(reason: string): Uint8Array {
    let bytes = this.reasons.get(reason);
    if (bytes === undefined) {
      bytes = utf8(`,"reason":"${reason}"`);
      this.reasons.set(reason, bytes);
    }
    return bytes;
  }

  /** The UTF-8 of `JSON.stringify(text)` (escapes, and a lone surrogate as `\udxxx`, included). */
  private json(text: string): Uint8Array {
    let bytes = this.jsonStrings.get(text);
    if (bytes === undefined) {
      if (this.jsonStrings.size >= maxCachedStrings) this.jsonStrings.clear();
      bytes = utf8(JSON.stringify(text));
      this.jsonStrings.set(text, bytes);
    }
    return bytes;
  }
}

function utf8(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}

const labelField = utf8(',"label":');
const edgePropertyIdField = utf8(',"edgePropertyId":');
const keyField = utf8(',"key":');
const sourceField = utf8(',"source":');
const targetField = utf8(',"target":');
const frameTail = utf8('}\n\n');
/** The text of any number is at most 24 characters (`-1.7976931348623157e+308`); a frame has five. */
const numbersBound = 5 * 24;
/** The constant text of a frame with every field (field names, punctuation, line ends): under 160 bytes. */
const constantBytesBound = 200;

function put(buffer: Buffer, offset: number, bytes: Uint8Array): number {
  const length = bytes.length;
  // A call to `set` costs more than a few stores.
  if (length <= 12) for (let i = 0; i < length; i++) buffer[offset + i] = bytes[i];
  else buffer.set(bytes, offset);
  return offset + length;
}

/** Writes `value` in decimal, as `${value}` would. */
function putInteger(buffer: Buffer, offset: number, value: number): number {
  const digits = int32Digits(value);
  if (digits === 0) return offset + buffer.write(`${value}`, offset, 'utf8');
  putDigits(buffer, offset, value, digits);
  return offset + digits;
}

/**
 * The decimal digits of a non-negative int32 `value`, 0 for anything else (written as text). Ids and
 * sequence numbers are int32 in practice, and dividing one by a constant is a multiplication.
 */
function int32Digits(value: number): number {
  return value >= 0 && value <= 0x7fffffff && (value | 0) === value ? decimalDigits(value) : 0;
}

/**
 * Adds one to the decimal number whose last digit is at `last` (its length must not change: the caller
 * checked that the next number has as many digits).
 */
function incrementDigits(bytes: Uint8Array, last: number): void {
  let at = last;
  while (bytes[at] === 57 /* 9 */) bytes[at--] = 48; /* 0 */
  bytes[at]++;
}

/** Writes the `digits` decimal digits of `value` (a non-negative int32 that has that many) at `offset`. */
function putDigits(buffer: Uint8Array, offset: number, value: number, digits: number): void {
  let at = offset + digits;
  let rest = value;
  do {
    const quotient = (rest / 10) | 0;
    buffer[--at] = 48 /* 0 */ + (rest - quotient * 10);
    rest = quotient;
  } while (rest > 0);
}

function decimalDigits(value: number): number {
  if (value < 100_000) return value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10_000 ? 4 : 5;
  if (value < 10_000_000) return value < 1_000_000 ? 6 : 7;
  return value < 100_000_000 ? 8 : value < 1_000_000_000 ? 9 : 10;
}

/** Counted frames (`LastFrame.fillCounted`) rewrite the last this many digits of their numbers. */
const countedDigits = 4;
const countedLimit = 10 ** countedDigits;
/** The digits of 0000..9999, four bytes each. */
const lowDigitsTable = (() => {
  const table = new Uint8Array(countedLimit * countedDigits);
  for (let value = 0; value < countedLimit; value++) {
    putDigits(table, value * countedDigits, value, countedDigits);
    for (let i = 0; i < countedDigits - `${value}`.length; i++) table[value * countedDigits + i] = 48; /* 0 */
  }
  return table;
})();

/** Writes the four digits of `value` (0..9999, zeros in front) at `offset`. */
function putLowDigits(buffer: Uint8Array, offset: number, value: number): void {
  const from = value * countedDigits;
  buffer[offset] = lowDigitsTable[from];
  buffer[offset + 1] = lowDigitsTable[from + 1];
  buffer[offset + 2] = lowDigitsTable[from + 2];
  buffer[offset + 3] = lowDigitsTable[from + 3];
}

/** Where the numbers of the frame being written start, relative to the buffer. */
interface NumberStarts {
  seq: number;
  seqInData: number;
  id: number;
  source: number;
  target: number;
}

/**
 * The last frame written, as a template for the next: everything but the numbers must be the same (kind,
 * timestamp, element, strings; compared by identity, and strings of a run are the same objects), and each
 * number must have as many digits. The template's digits are rewritten in place, a number one more than
 * the last (a run's sequence numbers, a batch's new ids) by incrementing its last digits, and the frame is
 * then one copy of the template: against a dozen copies and three conversions.
 */
class LastFrame {
  private bytes: Uint8Array = new Uint8Array(0);
  /** The numbers the template's digits spell now. */
  private seq = 0;
  private id = 0;
  private source = 0;
  private target = 0;
  /** Undefined while there is no template (also after a frame with a number outside int32). */
  private kind: string | undefined = undefined;
  private ts = '';
  private element: string | undefined = undefined;
  private label: string | undefined = undefined;
  private edgePropertyId: string | undefined = undefined;
  private key: string | undefined = undefined;
  private reason: string | undefined = undefined;
  private hasSource = false;
  private seqDigits = 0;
  private idDigits = 0;
  private sourceDigits = 0;
  private targetDigits = 0;
  private seqAt = 0;
  private seqInDataAt = 0;
  private idAt = 0;
  private sourceAt = 0;
  private targetAt = 0;

  /** Whether `event` has the template's text: all but its numbers the same (strings by identity first). */
  private sameText(event: ChangeEvent): boolean {
    return (
      event.kind === this.kind &&
      event.ts === this.ts &&
      event.element === this.element &&
      event.label === this.label &&
      event.edgePropertyId === this.edgePropertyId &&
      event.key === this.key &&
      event.reason === this.reason
    );
  }

  fits(event: ChangeEvent): boolean {
    return (
      this.sameText(event) &&
      (event.source !== undefined) === this.hasSource &&
      int32Digits(event.seq) === this.seqDigits &&
      (event.element === undefined || int32Digits(event.id!) === this.idDigits) &&
      (!this.hasSource ||
        (int32Digits(event.source!) === this.sourceDigits &&
          int32Digits(event.target!) === this.targetDigits))
    );
  }

  get length(): number {
    return this.bytes.length;
  }

  /** Writes `event`'s frame at `offset` (it `fits`); answers the end. */
  copyTo(buffer: Buffer, offset: number, event: ChangeEvent): number {
    this.rewriteNumbers(event);
    buffer.set(this.bytes, offset);
    return offset + this.bytes.length;
  }

  /**
   * How many events after the template's may be written as counted frames (`fillCounted`): each one more
   * in `seq` and in `id`, all else the same, which is what runs of creations look like. Within the span
   * only the last four digits of each number change, so the count stops before any of them carries into
   * its fifth digit; 0 when the template has no id, has endpoints, or a number under four digits.
   */
  countingSpan(): number {
    if (this.kind === undefined || this.element === undefined || this.hasSource) return 0;
    if (this.seqDigits < countedDigits || this.idDigits < countedDigits) return 0;
    return Math.min(
      countedLimit - 1 - (this.seq % countedLimit),
      countedLimit - 1 - (this.id % countedLimit),
    );
  }

  /** Whether `event` is the template's event with `seq` and `id` each `steps` more, all else the same. */
  counts(event: ChangeEvent, steps: number): boolean {
    return (
      event.seq === this.seq + steps &&
      event.id === this.id + steps &&
      event.source === undefined &&
      this.sameText(event)
    );
  }

  /**
   * The template's frame is at `start` of `buffer`, followed by room for `count` more (within
   * `countingSpan`): fills them with the frames of the next `count` counted events and makes the last
   * the template; answers the end. The frame is copied by doubling (a few large moves instead of one
   * call per frame), then each copy gets its last four digits of `seq` (twice) and `id` from a table.
   */
  fillCounted(buffer: Buffer, start: number, count: number): number {
    const length = this.bytes.length;
    const frames = count + 1;
    for (let copied = 1; copied < frames;) {
      const more = Math.min(copied, frames - copied);
      buffer.copyWithin(start + copied * length, start, start + more * length);
      copied += more;
    }
    const seqLow = this.seqAt + this.seqDigits - countedDigits;
    const seqInDataLow = this.seqInDataAt + this.seqDigits - countedDigits;
    const idLow = this.idAt + this.idDigits - countedDigits;
    let seq = this.seq % countedLimit;
    let id = this.id % countedLimit;
    for (let at = start + length, end = start + frames * length; at < end; at += length) {
      seq++;
      id++;
      putLowDigits(buffer, at + seqLow, seq);
      putLowDigits(buffer, at + seqInDataLow, seq);
      putLowDigits(buffer, at + idLow, id);
    }
    putLowDigits(this.bytes, seqLow, seq);
    putLowDigits(this.bytes, seqInDataLow, seq);
    putLowDigits(this.bytes, idLow, id);
    this.seq += count;
    this.id += count;
    return start + frames * length;
  }

  /** Rewrites the template's numbers to `event`'s (it `fits`). */
  private rewriteNumbers(event: ChangeEvent): void {
    const bytes = this.bytes;
    const seq = event.seq;
    if (seq !== this.seq) {
      if (seq === this.seq + 1) {
        incrementDigits(bytes, this.seqAt + this.seqDigits - 1);
        incrementDigits(bytes, this.seqInDataAt + this.seqDigits - 1);
      } else {
        putDigits(bytes, this.seqAt, seq, this.seqDigits);
        putDigits(bytes, this.seqInDataAt, seq, this.seqDigits);
      }
      this.seq = seq;
    }
    if (this.element !== undefined && event.id !== this.id) {
      const id = event.id!;
      if (id === this.id + 1) incrementDigits(bytes, this.idAt + this.idDigits - 1);
      else putDigits(bytes, this.idAt, id, this.idDigits);
      this.id = id;
    }
    if (this.hasSource) {
      if (event.source !== this.source)
        putDigits(bytes, this.sourceAt, (this.source = event.source!), this.sourceDigits);
      if (event.target !== this.target)
        putDigits(bytes, this.targetAt, (this.target = event.target!), this.targetDigits);
    }
  }

  /** Keeps the frame just written at `offset`..`end` as the template. */
  remember(event: ChangeEvent, buffer: Buffer, offset: number, end: number, starts: NumberStarts): void {
    const numbers = [event.seq];
    if (event.element !== undefined) numbers.push(event.id!);
    if (event.source !== undefined) numbers.push(event.source, event.target!);
    if (numbers.some((value) => int32Digits(value) === 0)) {
      this.kind = undefined; // written as text: no template
      return;
    }
    this.bytes = Uint8Array.prototype.slice.call(buffer, offset, end);
    this.kind = event.kind;
    this.ts = event.ts;
    this.element = event.element;
    this.label = event.label;
    this.edgePropertyId = event.edgePropertyId;
    this.key = event.key;
    this.reason = event.reason;
    this.hasSource = event.source !== undefined;
    this.seq = event.seq;
    this.seqDigits = int32Digits(event.seq);
    this.seqAt = starts.seq - offset;
    this.seqInDataAt = starts.seqInData - offset;
    if (event.element !== undefined) {
      this.id = event.id!;
      this.idDigits = int32Digits(event.id!);
      this.idAt = starts.id - offset;
    }
    if (event.source !== undefined) {
      this.source = event.source;
      this.target = event.target!;
      this.sourceDigits = int32Digits(event.source);
      this.targetDigits = int32Digits(event.target!);
      this.sourceAt = starts.source - offset;
      this.targetAt = starts.target - offset;
    }
  }
}

/**
 * Bytes of the slab runs of frames are carved from, one after the other (the runs' views keep it alive
 * until the last is gone), so that small runs do not each cost an allocation. Under 128 KiB on purpose:
 * the C allocator hands out larger blocks as fresh pages mapped from the kernel, each faulting on its
 * first write, and recycles smaller ones from its free lists, so smaller slabs make reads cheaper and
 * fault far fewer pages (BENCHMARKS.md, section 11). A default read (512 frames, about 90 KiB) takes one
 * slab.
 */
const slabBytes = 120 * 1024;

/** What a frame usually takes (a creation's is about 180 bytes): to size a writer's first claim. */
const expectedFrameBytes = 192;

/** Frames written into one buffer (see `FrameEncoder`): the free part of its slab if no other writer holds it. */
export class FrameWriter {
  private buffer: Buffer = emptyBuffer;
  private start = 0;
  private end = 0;
  /** Writes into the encoder's slab (else into a buffer of its own, once it has written anything). */
  private inSlab = false;

  /** @internal Made by `FrameEncoder.writer`. */
  constructor(
    private readonly encoder: FrameEncoder,
    private readonly slabs: FrameSlabs,
    private readonly expectedFrames: number,
  ) {}

  add(event: ChangeEvent): void {
    const encoder = this.encoder;
    const length = encoder.templateLength(event);
    const bound = length >= 0 ? length : encoder.frameBound(event);
    if (this.end + bound > this.buffer.length) this.makeRoom(bound);
    this.end =
      length >= 0
        ? encoder.writeFromTemplate(this.buffer, this.end, event)
        : encoder.writeNew(this.buffer, this.end, event);
  }

  /**
   * Adds the events `eventAt(from)`..`eventAt(to)`. Where they count on from one another (each one more in
   * `seq` and `id`, all else the same: a run of creations), the frames are written as copies of the first
   * with their digits rewritten (`LastFrame.fillCounted`), several times cheaper than one by one.
   */
  addRange(from: number, to: number, eventAt: (seq: number) => ChangeEvent): void {
    const encoder = this.encoder;
    for (let seq = from; seq <= to;) {
      this.add(eventAt(seq++));
      const span = Math.min(encoder.countingSpan(), to - seq + 1);
      if (span < minCountedFrames) continue;
      let count = 0;
      while (count < span && encoder.counts(eventAt(seq + count), count + 1)) count++;
      if (count < minCountedFrames) continue; // those are added one by one
      const length = encoder.lastFrameLength();
      if (this.end + count * length > this.buffer.length) this.makeRoom(count * length);
      this.end = encoder.writeCounted(this.buffer, this.end - length, count);
      seq += count;
    }
  }

  get empty(): boolean {
    return this.end === this.start;
  }

  /** The bytes written, a view (do not add afterwards: the rest of the slab goes to the next writer). */
  bytes(): Buffer {
    const bytes = this.buffer.subarray(this.start, this.end);
    if (this.inSlab) this.slabs.release(this.end);
    this.inSlab = false;
    return bytes;
  }

  private makeRoom(bound: number): void {
    const written = this.end - this.start;
    if (written === 0 && this.slabs.claim(Math.max(bound, this.expectedFrames * expectedFrameBytes))) {
      this.inSlab = true;
      this.buffer = this.slabs.slab;
      this.start = this.end = this.slabs.free;
      return;
    }
    const size = Math.max(2 * (written + bound), this.expectedFrames * expectedFrameBytes, 256);
    const grown = this.inSlab ? this.slabs.replace(size) : Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, this.start, this.end);
    this.buffer = grown;
    this.start = 0;
    this.end = written;
  }
}

const emptyBuffer = Buffer.alloc(0);

/** Counted runs shorter than this are written one frame at a time (checking them costs about as much). */
const minCountedFrames = 4;

/** @internal The slab of one encoder and who writes into it. */
export class FrameSlabs {
  slab: Buffer = emptyBuffer;
  /** Where the next writer starts (8-byte aligned). */
  free = 0;
  private held = false;

  /** Gives the free part of the slab to a writer that needs `bytes`, if no other writer holds it. */
  claim(bytes: number): boolean {
    if (this.held) return false;
    if (this.slab.length - this.free < bytes) {
      this.slab = Buffer.allocUnsafe(Math.max(slabBytes, bytes));
      this.free = 0;
    }
    this.held = true;
    return true;
  }

  /** The holder outgrew the slab: a new one, at least `bytes` long, that it continues in from 0. */
  replace(bytes: number): Buffer {
    this.slab = Buffer.allocUnsafe(Math.max(slabBytes, bytes));
    this.free = 0;
    return this.slab;
  }

  /** The holder is done at `end`. */
  release(end: number): void {
    this.free = Math.min(this.slab.length, (end + 7) & ~7);
    this.held = false;
  }
}
