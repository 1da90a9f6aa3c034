/**
 * The element lines of a bulk export (docs/bulk.md, "The file"), written as UTF-8 straight into the stream's
 * chunk (chunk-writer.ts): the text of every line is exactly what `JSON.stringify` of its strings and the
 * bulk value forms (values.ts) give, fields in the documented order.
 *
 * What repeats is encoded once per export: the label fragment per label, the type fragment per edge type,
 * and per (property key, value type) the entry's text up to its value. Per element, only numbers and
 * values are written: integers digit by digit, printable-ASCII strings unit by unit, doubles through a
 * short-decimal fast path; any other value through its text. Properties are written in stored order when
 * their keys already run in key-name order (the usual case); otherwise, and for elements with embeddings,
 * the entries are made as texts and sorted.
 */
import { edgeKindBase } from '../engine/graph/graph.js';
import { isInlineTag, typeOfTag, typeTag, typeTagCount } from '../engine/graph/property-store.js';
import { classModulus } from '../engine/storage/block-pool.js';
import { type GraphSnapshot, type TypedValue, formatDouble, formatSingle } from '../engine/index.js';
import { embeddingKey, embeddingStampKey } from '../engine/embeddings/names.js';
import { bulkTypeName, bulkValueTypes, formatBulkValue } from './values.js';
import {
  ChunkWriter,
  Fragment,
  maxIntegerBytes,
  maxShortDoubleBytes,
  putAscii,
  putIndex,
  putInteger,
  putShortDouble,
  writeJsonString,
  writeUtf8,
} from './chunk-writer.js';

/** What the lines are made from: the cut, its key order, and its embeddings per element. */
export interface LineSource {
  readonly snapshot: GraphSnapshot;
  /** Whether any element of the cut has an embedding (`embeddingsOf` may answer). */
  readonly hasEmbeddings: boolean;
  /** Per key id: its position among the key names in ordinal order. */
  readonly keyRanks: Int32Array;
  embeddingsOf(id: number): { name: string }[] | undefined;
}

/** A property entry of one element: its key and its `"key":{"type":...,"value":...}` text. */
interface Entry {
  key: string;
  text: string;
}

const byKey = (a: Entry, b: Entry): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** `"key":{"type":"System.T","value":`, the text of an entry up to its value. */
function entryPrefix(key: string, typeName: string): string {
  return `${JSON.stringify(key)}:{"type":${JSON.stringify(typeName)},"value":`;
}

const recordHeaderWords = 2;
/** Lines in a row with one (label, creation date) pair before the pair is written as one fragment. */
const repeatsBeforeMerging = 4;
const stringTag = typeTag('String');
const booleanTag = typeTag('Boolean');
const charTag = typeTag('Char');
const doubleTag = typeTag('Double');

/** Per type tag: 1 for the integer types stored inline (their text is `String(value)`). */
const integerTags = new Uint8Array(typeTagCount);
for (const type of ['Byte', 'SByte', 'Int16', 'UInt16', 'Int32', 'UInt32'] as const)
  integerTags[typeTag(type)] = 1;

/** Types whose value text never needs escaping in JSON (digits, signs, letters, `.:-+,`). */
const plainTextTypes: ReadonlySet<string> = new Set(
  [...bulkValueTypes].filter((type) => type !== 'String' && type !== 'Char'),
);

/** The constant fragments of element lines. */
const vertexOpen = new Fragment('{"type":"vertex","id":');
const edgeOpen = new Fragment('{"type":"edge","id":');
const targetField = new Fragment(',"target":');
const quote = 0x22;
/** `}}` (the last entry's and the properties' braces), as one little-endian 16-bit store. */
const closingBraces = 0x7d | (0x7d << 8);
/** `}` and a line break, as one little-endian 16-bit store. */
const lineEnd = 0x7d | (0x0a << 8);

/** Bytes of a vertex line besides its label fragment and properties. */
const vertexFixedBytes = vertexOpen.length + 2 * maxIntegerBytes + 2;
/** Bytes of an edge line besides its type and label fragments and properties. */
const edgeFixedBytes = edgeOpen.length + targetField.length + 4 * maxIntegerBytes + 2;

export class ExportLineWriter {
  private readonly kindType: Int32Array;
  private readonly first: Int32Array;
  private readonly second: Int32Array;
  private readonly created: Uint32Array;
  private readonly labels: Int32Array;
  private readonly records: Int32Array;
  private readonly pool: Float64Array;
  private readonly sideValues: readonly unknown[];
  private readonly keyRanks: Int32Array;
  /** Per label slot: `,"label":"...","creationDate":` (no label for slot 0), made on first use. */
  private readonly labelFragments: (Fragment | undefined)[] = [];
  /** Per edge type id: `,"edgePropertyId":"...","source":`, made on first use. */
  private readonly edgeTypeFragments: (Fragment | undefined)[] = [];
  /** Per (key id, type tag): the entry's text up to its value (`entryPrefix`). */
  private readonly pairPrefixes: (string | undefined)[] = [];
  /** Per (key id, type tag, first or later entry): what goes before the value (`makePairPrefix`). */
  private readonly pairPrefixFragments: (Fragment | undefined)[] = [];
  private readonly hasEmbeddings: boolean;
  /**
   * The digits of the id last written: lines go in ascending id order, mostly consecutive, so the next
   * id's digits are usually these plus one.
   */
  private readonly idDigits = new Uint8Array(maxIntegerBytes);
  private readonly idView = new DataView(this.idDigits.buffer);
  private idDigitCount = 0;
  private lastId = -2;
  /**
   * `,"label":...,"creationDate":<digits>` of a (label slot, creation date) pair that repeats (elements
   * loaded together share both), as one fragment; `pairSlot`/`pairCreated` is the pair seen last and
   * `pairRepeats` how many lines in a row had it.
   */
  private labelDate: Fragment | undefined;
  private labelDateSlot = -1;
  private labelDateCreated = -1;
  private pairSlot = -1;
  private pairCreated = -1;
  private pairRepeats = 0;

  constructor(private readonly source: LineSource) {
    const snapshot = source.snapshot;
    this.kindType = snapshot.kindType;
    this.first = snapshot.first;
    this.second = snapshot.second;
    this.created = snapshot.created;
    this.labels = snapshot.labels;
    this.records = snapshot.propertyRecords;
    this.pool = snapshot.propertyPool;
    this.sideValues = snapshot.sideValues;
    this.keyRanks = source.keyRanks;
    this.hasEmbeddings = source.hasEmbeddings;
  }

  /** Writes the id (a non-negative int32), from the previous id's digits when it is the next one. */
  private putId(view: DataView, position: number, id: number): number {
    const digits = this.idDigits;
    let count = this.idDigitCount;
    if (id === this.lastId + 1) {
      let at = count - 1;
      while (at >= 0 && digits[at] === 0x39) digits[at--] = 0x30;
      if (at >= 0) digits[at]++;
      else {
        digits.copyWithin(1, 0, count);
        digits[0] = 0x31;
        this.idDigitCount = ++count;
      }
    } else {
      this.idDigitCount = count = putIndex(this.idView, 0, id);
    }
    this.lastId = id;
    for (let i = 0; i < count; i++) view.setUint8(position + i, digits[i]);
    return position + count;
  }

  /**
   * Writes `,"label":...,"creationDate":` and the date (the label part empty for slot 0): as one
   * fragment when the pair repeats. Writes at most the label fragment's length and `maxIntegerBytes`.
   */
  private putLabelAndDate(view: DataView, position: number, slot: number, created: number): number {
    if (slot === this.labelDateSlot && created === this.labelDateCreated) {
      return this.labelDate!.put(view, position);
    }
    const label = this.labelFragments[slot] ?? this.labelFragment(slot);
    if (slot !== this.pairSlot || created !== this.pairCreated) {
      this.pairSlot = slot;
      this.pairCreated = created;
      this.pairRepeats = 0;
    } else if (++this.pairRepeats === repeatsBeforeMerging) {
      this.labelDate = new Fragment(`${label.text}${created}`);
      this.labelDateSlot = slot;
      this.labelDateCreated = created;
    }
    return putInteger(view, label.put(view, position), created);
  }

  private hasProperties(id: number): boolean {
    const records = this.records;
    return (
      (id < records.length && records[id] !== 0) ||
      (this.hasEmbeddings && this.source.embeddingsOf(id) !== undefined)
    );
  }

  private labelFragment(slot: number): Fragment {
    const label = slot === 0 ? '' : `,"label":${JSON.stringify(this.source.snapshot.labelNames[slot - 1])}`;
    return (this.labelFragments[slot] = new Fragment(`${label},"creationDate":`));
  }

  private edgeTypeFragment(typeId: number): Fragment {
    return (this.edgeTypeFragments[typeId] = new Fragment(
      `,"edgePropertyId":${JSON.stringify(this.source.snapshot.edgeTypeNames[typeId])},"source":`,
    ));
  }

  /** Appends the vertex's line. */
  writeVertex(out: ChunkWriter, id: number): void {
    const labels = this.labels;
    const slot = id < labels.length ? labels[id] : 0;
    const label = this.labelFragments[slot] ?? this.labelFragment(slot);
    const view = out.room(vertexFixedBytes + label.length);
    let position = vertexOpen.put(view, out.length);
    position = this.putId(view, position, id);
    out.length = this.putLabelAndDate(view, position, slot, this.created[id]);
    if (this.hasProperties(id)) this.writeProperties(out, id);
    this.endLine(out);
  }

  /** Appends the edge's line. */
  writeEdge(out: ChunkWriter, id: number): void {
    const labels = this.labels;
    const slot = id < labels.length ? labels[id] : 0;
    const label = this.labelFragments[slot] ?? this.labelFragment(slot);
    const typeId = this.kindType[id] - edgeKindBase;
    const type = this.edgeTypeFragments[typeId] ?? this.edgeTypeFragment(typeId);
    const view = out.room(edgeFixedBytes + type.length + label.length);
    let position = edgeOpen.put(view, out.length);
    position = this.putId(view, position, id);
    position = type.put(view, position);
    position = putIndex(view, position, this.first[id]);
    position = targetField.put(view, position);
    position = putIndex(view, position, this.second[id]);
    out.length = this.putLabelAndDate(view, position, slot, this.created[id]);
    if (this.hasProperties(id)) this.writeProperties(out, id);
    this.endLine(out);
  }

  private endLine(out: ChunkWriter): void {
    out.room(2).setUint16(out.length, lineEnd, true);
    out.length += 2;
  }

  /** Appends `,"properties":{...}` of the element, nothing when it has none. */
  private writeProperties(out: ChunkWriter, id: number): void {
    const { records, pool } = this;
    const record = id < records.length ? records[id] - 1 : -1;
    const embeddings = this.hasEmbeddings ? this.source.embeddingsOf(id) : undefined;
    const count = record >= 0 ? Math.floor(pool[record] / classModulus) : 0;
    if (count === 0 && embeddings === undefined) return;
    if (embeddings === undefined) {
      // Pairs are stored by key id; when the key ids also run in key-name order, they are written as
      // they come. Otherwise what was written is dropped and the sorted form written instead.
      const start = out.length;
      const keyRanks = this.keyRanks;
      let previousRank = -1;
      let ordered = true;
      let pair = record + recordHeaderWords;
      for (let i = 0; i < count; i++, pair += 2) {
        const word = pool[pair];
        const keyId = Math.floor(word / typeTagCount);
        const tag = word - keyId * typeTagCount;
        const rank = keyRanks[keyId];
        if (rank < previousRank) {
          ordered = false;
          break;
        }
        previousRank = rank;
        const slot = 2 * (keyId * typeTagCount + tag) + (i === 0 ? 0 : 1);
        const prefix = this.pairPrefixFragments[slot] ?? this.makePairPrefix(keyId, tag, i === 0);
        out.length = prefix.put(out.room(prefix.length), out.length);
        this.writeValue(out, tag, pool[pair + 1]);
      }
      if (ordered && count > 0) {
        out.room(2).setUint16(out.length, closingBraces, true);
        out.length += 2;
        return;
      }
      out.length = start;
    }
    writeUtf8(out, this.sortedPropertiesText(id, record, count, embeddings));
  }

  /** Appends the bytes of `valueText(tag, encoded)`, the common types without making the text. */
  private writeValue(out: ChunkWriter, tag: number, encoded: number): void {
    if (tag === stringTag) {
      writeJsonString(out, this.sideValues[encoded] as string);
      return;
    }
    if (tag === doubleTag) {
      let view = out.room(maxShortDoubleBytes + 2);
      const position = out.length;
      view.setUint8(position, quote);
      let end = putShortDouble(view, position + 1, encoded);
      if (end < 0) {
        const text = formatDouble(encoded);
        view = out.room(text.length + 2);
        view.setUint8(position, quote);
        end = putAscii(view, position + 1, text);
      }
      view.setUint8(end, quote);
      out.length = end + 1;
      return;
    }
    if (integerTags[tag] === 1) {
      const view = out.room(maxIntegerBytes + 2);
      let position = out.length;
      view.setUint8(position++, quote);
      position = putInteger(view, position, encoded);
      view.setUint8(position++, quote);
      out.length = position;
      return;
    }
    writeUtf8(out, this.valueText(tag, encoded));
  }

  /** The JSON text of a stored value (inline payload or side-table slot), quotes included. */
  private valueText(tag: number, encoded: number): string {
    if (tag === stringTag) return JSON.stringify(this.sideValues[encoded] as string);
    const type = typeOfTag(tag);
    let value: TypedValue;
    if (!isInlineTag(tag)) value = { type, value: this.sideValues[encoded] } as TypedValue;
    else if (tag === booleanTag) return encoded === 1 ? '"true"' : '"false"';
    else if (tag === charTag) return JSON.stringify(String.fromCharCode(encoded));
    else if (tag === doubleTag) return `"${formatDouble(encoded)}"`;
    else value = { type, value: encoded } as TypedValue;
    const text = formatBulkValue(value);
    return plainTextTypes.has(type) ? `"${text}"` : JSON.stringify(text);
  }

  /** `"key":{"type":"System.T","value":` of a stored key and type tag. */
  private pairPrefix(keyId: number, tag: number): string {
    const slot = keyId * typeTagCount + tag;
    return (this.pairPrefixes[slot] ??= entryPrefix(
      this.source.snapshot.propertyKeyNames[keyId],
      bulkTypeName(typeOfTag(tag)),
    ));
  }

  /** The fragment before a value: the entry's prefix after `,"properties":{` (first) or `},` (later). */
  private makePairPrefix(keyId: number, tag: number, first: boolean): Fragment {
    const fragment = new Fragment(`${first ? ',"properties":{' : '},'}${this.pairPrefix(keyId, tag)}`);
    this.pairPrefixFragments[2 * (keyId * typeTagCount + tag) + (first ? 0 : 1)] = fragment;
    return fragment;
  }

  /** `,"properties":{...}` with the entries sorted by key, embedding entries among them. */
  private sortedPropertiesText(
    id: number,
    record: number,
    count: number,
    embeddings: { name: string }[] | undefined,
  ): string {
    const pool = this.pool;
    const entries: Entry[] = [];
    for (let pair = record + recordHeaderWords, i = 0; i < count; i++, pair += 2) {
      const word = pool[pair];
      const keyId = Math.floor(word / typeTagCount);
      const tag = word - keyId * typeTagCount;
      entries.push({
        key: this.source.snapshot.propertyKeyNames[keyId],
        text: `${this.pairPrefix(keyId, tag)}${this.valueText(tag, pool[pair + 1])}}`,
      });
    }
    if (embeddings !== undefined) {
      const pin = this.source.snapshot.embeddings;
      for (const { name } of embeddings) {
        const vector = pin.vector(name, id);
        let components = '';
        for (let i = 0; i < vector.length; i++) components += (i === 0 ? '' : ',') + formatSingle(vector[i]);
        const key = embeddingKey(name);
        entries.push({ key, text: `${entryPrefix(key, 'System.Single[]')}"${components}"}` });
        const model = pin.model(name, id);
        if (model !== null) {
          const stampKey = embeddingStampKey(name);
          entries.push({
            key: stampKey,
            text: `${entryPrefix(stampKey, 'System.String')}${JSON.stringify(model)}}`,
          });
        }
      }
    }
    entries.sort(byKey);
    let text = ',"properties":{';
    for (let i = 0; i < entries.length; i++) text += (i === 0 ? '' : ',') + entries[i].text;
    return `${text}}`;
  }
}
