/**
 * Embeddings as element reads show them: reserved property entries (docs/elements.md, Read shapes), `$embedding:<name>`
 * of type `Single[]` and, for a provider-written vector, `$embeddingModel:<name>` of type `String`.
 */
import type { TypedValue } from '../model/values.js';
import { embeddingKey, embeddingStampKey } from './names.js';
import type { EmbeddingStore } from './store.js';

export interface EmbeddingEntry {
  key: string;
  value: TypedValue;
}

const none: EmbeddingEntry[] = [];

/** The reserved entries of the element's embeddings (copies of the vectors), unsorted. */
export function embeddingEntries(store: EmbeddingStore, id: number): EmbeddingEntry[] {
  const embeddings = store.list(id);
  if (embeddings.length === 0) return none;
  const entries: EmbeddingEntry[] = [];
  for (const { name, vector, model } of embeddings) {
    entries.push({ key: embeddingKey(name), value: { type: 'Single[]', value: vector } });
    if (model !== null)
      entries.push({ key: embeddingStampKey(name), value: { type: 'String', value: model } });
  }
  return entries;
}
