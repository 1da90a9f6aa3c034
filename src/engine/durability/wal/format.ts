/**
 * The on-disk format of a namespace's write-ahead log, declared once. Every number here is part of the
 * format: changing one makes existing logs unreadable, so a change is a new format version.
 *
 * File layout (all integers little-endian):
 *
 *   file header   magic "SKEINWAL" (8 bytes), u16 format version, u16 reserved (0),
 *                 u32 header payload length, u32 CRC-32 of the header payload, header payload
 *   header payload  namespace id (string), anchor kind (u8), anchor sequence (varuint),
 *                   anchor id (string), creation time in Unix milliseconds (varuint)
 *   frames        repeated until the end of the file or the first zero byte where a frame would start:
 *                 u32 payload length, u32 length check (length XOR 0xFFFFFFFF), u32 CRC-32 of the
 *                 payload, payload
 *   zero bytes    space allocated ahead of the appends (write-ahead-log.ts, `logExtentBytes`)
 *   payload       u8 entry format version, u8 entry type, varuint sequence number, type-specific body
 *
 * The anchor names the state the log builds on: the empty graph (sequence 0), or a checkpoint whose
 * last included transaction has the anchor sequence. Entries carry consecutive sequence numbers starting
 * right after the anchor's. Strings are a varuint header `(byte length << 1) | utf16` followed by UTF-8
 * bytes, or by UTF-16LE code units when the text is not well-formed Unicode (lone surrogates survive).
 */

/** First bytes of every log file. */
export const logMagic = Buffer.from('SKEINWAL', 'latin1');
/** The file format this build writes; it reads only this one. */
export const logFormatVersion = 1;
/** Bytes before the header payload: magic, version, reserved, payload length, payload CRC. */
export const fileHeaderFixedBytes = 8 + 2 + 2 + 4 + 4;
/** Largest header payload accepted: a namespace id and an anchor id, with room to spare. */
export const maxHeaderPayloadBytes = 64 * 1024;

/** Bytes before each entry's payload: length, length check, payload CRC-32. */
export const frameHeaderBytes = 12;
/** `length XOR lengthCheckMask` is stored beside the length, so a damaged length is recognised as such. */
export const lengthCheckMask = 0xffffffff;
/**
 * Largest payload of one entry. A transaction is one entry; the largest the service builds (a bulk
 * import batch of 10,000 elements with their properties) stays far below it. The limit bounds what a
 * damaged length field can make recovery allocate.
 */
export const maxEntryPayloadBytes = 1024 * 1024 * 1024;

/** The entry encoding this build writes; replay refuses any other with a clear error. */
export const entryFormatVersion = 1;

/**
 * Entry type numbers. Types 1-15 are the element history; 16-31 are the registrations, definitions and
 * index content, each family its own type (17, subgraph recipes, 18, stored queries, 20, index
 * definitions, and 21, index writes, are written now; the others are reserved, their numbers fixed). A
 * registration entry's body:
 * varint commit clock, u8 action (1 register, 2 unregister), the name (string), and for a register the
 * payload (string, JSON). An index definition entry's body: varint commit clock, u8 action (1 define,
 * 2 drop), the index id (string), and for a define the plug-in type (string), a varuint option count and
 * each option as its name (string) and typed value (the value codec). An index write entry's body: varint
 * commit clock, u8 action (`IndexWriteAction`), the index id (string), then the action's fields
 * (entry-codec.ts). Replaying a reserved type this build cannot apply, or a number outside this table,
 * fails loudly: skipping an entry would silently diverge from the history.
 */
export const EntryType = {
  /** One committed element transaction (creates, property writes and removals, element removals). */
  elementTransaction: 1,
  /** `clear`: every element erased, ids restart at 0. */
  clearMarker: 2,
  /** `trim`: tombstones compacted, survivors renumbered 0..n-1 in id order. */
  trimMarker: 3,
  /** Reserved: an element embedding write. */
  embeddingWrite: 16,
  /** A subgraph recipe registration or removal (src/engine/registrations, family `subgraphRecipe`). */
  subgraphRecipe: 17,
  /** A stored query registration or removal (src/engine/registrations, family `storedQuery`). */
  storedQuery: 18,
  /** Reserved: a plugin registration (source) or removal. */
  pluginRegistration: 19,
  /** An index definition or drop (`defineIndex` / `dropIndex`; src/engine/indexes). */
  indexDefinition: 20,
  /** An explicit index write (`indexAdd`, `indexRemoveElement`, `indexRemoveKey`, `indexPutVector`). */
  indexWrite: 21,
} as const;

export type EntryTypeNumber = (typeof EntryType)[keyof typeof EntryType];

/** What each reserved type will hold, for the error that refuses to replay it. */
export const reservedEntryTypes: ReadonlyMap<number, string> = new Map([
  [EntryType.embeddingWrite, 'embedding write'],
  [EntryType.pluginRegistration, 'plugin registration'],
]);

/** Operation codes inside an element transaction. */
export const OperationCode = {
  createVertex: 1,
  createEdge: 2,
  setProperty: 3,
  removeProperty: 4,
  removeElement: 5,
  setEmbedding: 6,
  removeEmbedding: 7,
} as const;

/** The action byte of an index definition entry. */
export const IndexDefinitionAction = { define: 1, drop: 2 } as const;

/** The action byte of an index write entry. */
export const IndexWriteAction = { add: 1, removeElement: 2, removeKey: 3, putVector: 4 } as const;

/** Where the vector of an index write entry's `putVector` comes from: its floats, or an element property. */
export const VectorSource = { vector: 1, property: 2 } as const;

/** Anchor kinds in the file header. */
export const AnchorKind = {
  emptyGraph: 0,
  checkpoint: 1,
} as const;
