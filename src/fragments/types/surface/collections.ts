/**
 * Collections and wrappers: the read-only collection interfaces the adjacency surface hands out,
 * KeyValuePair (the entries of OutEdges/InEdges), List<T> (what ToList() returns and what a fragment may
 * build), arrays, ReadOnlySpan<T> (embeddings, the span edge groups) and Nullable<T>.
 *
 * Runtime keys:
 *   collection.count (IReadOnlyCollection<T>.Count), readOnlyList.getItem,
 *   dictionary.getItem, dictionary.keys, dictionary.values, dictionary.containsKey, dictionary.tryGetValue,
 *   keyValuePair.key, keyValuePair.value,
 *   list.new, list.new.collection, list.new.capacity, list.count, list.getItem, list.setItem, list.add,
 *   list.addRange, list.contains, list.indexOf, list.remove, list.clear, list.toArray,
 *   array.length, array.getItem, array.setItem,
 *   span.length, span.isEmpty, span.getItem, span.toArray, span.fromArray, span.fromString,
 *   nullable.hasValue, nullable.value, nullable.getValueOrDefault, nullable.getValueOrDefault.default
 */
import type { SurfaceTable } from '../surface.js';

export const COLLECTIONS_SURFACE: readonly SurfaceTable[] = [
  {
    type: 'IReadOnlyCollection',
    arity: 1,
    members: [['collection.count', 'int Count { get; }']],
  },
  {
    type: 'IReadOnlyList',
    arity: 1,
    members: [['readOnlyList.getItem', 'T this[int index] { get; }']],
  },
  {
    type: 'IReadOnlyDictionary',
    arity: 2,
    members: [
      ['dictionary.getItem', 'TValue this[TKey key] { get; }'],
      ['dictionary.keys', 'IEnumerable<TKey> Keys { get; }'],
      ['dictionary.values', 'IEnumerable<TValue> Values { get; }'],
      ['dictionary.containsKey', 'bool ContainsKey(TKey key)'],
      ['dictionary.tryGetValue', 'bool TryGetValue(TKey key, out TValue value)'],
    ],
  },
  {
    type: 'KeyValuePair',
    arity: 2,
    members: [
      ['keyValuePair.key', 'TKey Key { get; }'],
      ['keyValuePair.value', 'TValue Value { get; }'],
    ],
  },
  {
    type: 'List',
    arity: 1,
    members: [
      ['list.new', 'new()'],
      ['list.new.collection', 'new(IEnumerable<T> collection)'],
      ['list.new.capacity', 'new(int capacity)'],
      ['list.count', 'int Count { get; }'],
      ['list.getItem', 'T this[int index] { get; set; }'],
      ['list.add', 'void Add(T item)'],
      ['list.addRange', 'void AddRange(IEnumerable<T> collection)'],
      ['list.contains', 'bool Contains(T item)'],
      ['list.indexOf', 'int IndexOf(T item)'],
      ['list.remove', 'bool Remove(T item)'],
      ['list.clear', 'void Clear()'],
      ['list.toArray', 'T[] ToArray()'],
    ],
    setters: { 'list.getItem': 'list.setItem' },
  },
  {
    type: 'T[]',
    members: [
      ['array.length', 'int Length { get; }'],
      ['array.getItem', 'T this[int index] { get; set; }'],
    ],
    setters: { 'array.getItem': 'array.setItem' },
  },
  {
    type: 'ReadOnlySpan',
    arity: 1,
    members: [
      ['span.length', 'int Length { get; }'],
      ['span.isEmpty', 'bool IsEmpty { get; }'],
      ['span.getItem', 'T this[int index] { get; }'],
      ['span.toArray', 'T[] ToArray()'],
      ['span.fromArray', 'static implicit operator ReadOnlySpan<T>(T[] array)'],
    ],
  },
  {
    // string's implicit conversion to ReadOnlySpan<char> is declared on String.
    type: 'String',
    members: [['span.fromString', 'static implicit operator ReadOnlySpan<char>(string value)']],
  },
  {
    type: 'Nullable',
    arity: 1,
    members: [
      ['nullable.hasValue', 'bool HasValue { get; }'],
      ['nullable.value', 'T Value { get; }'],
      ['nullable.getValueOrDefault', 'T GetValueOrDefault()'],
      ['nullable.getValueOrDefault.default', 'T GetValueOrDefault(T defaultValue)'],
    ],
  },
];
