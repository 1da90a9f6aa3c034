/**
 * The tags of typed values in every byte format that stores them (the write-ahead log, index payloads):
 * part of those formats, so changing a number here makes stored bytes unreadable.
 */

/**
 * Value type tags, fixed here rather than derived from the engine's type list so that reordering that
 * list can never change the meaning of a stored byte.
 */
export const ValueTag = {
  String: 1,
  Boolean: 2,
  Byte: 3,
  SByte: 4,
  Int16: 5,
  UInt16: 6,
  Int32: 7,
  UInt32: 8,
  Int64: 9,
  UInt64: 10,
  Single: 11,
  Double: 12,
  Decimal: 13,
  Char: 14,
  DateTime: 15,
  DateTimeOffset: 16,
  TimeSpan: 17,
  Guid: 18,
  'Single[]': 19,
} as const;

/** DateTime kinds as stored. */
export const dateTimeKinds = ['Unspecified', 'Utc', 'Local'] as const;
