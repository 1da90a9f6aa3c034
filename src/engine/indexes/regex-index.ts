/**
 * RegExIndex: string keys (capabilities `equality`, `fulltext`). Keys of other types are ignored on add
 * (the add still answers true, as the ancestor does). Equality (`POST /scan/index/all`, operator 0) is
 * an exact, case-sensitive key lookup; fulltext runs a case-insensitive regular expression over every key
 * (docs/indexes.md, Fulltext): an element's score is the number of matches in all of its keys, its highlights the
 * whole whitespace-delimited words containing a match, each once.
 */
import type { TypedValue } from '../model/values.js';
import { HashKeyStore } from './key-stores.js';
import { PagedIdMap } from './paged-id-map.js';
import { KeyedIndexBase, drain, visitIds } from './keyed-index.js';
import type { FulltextHit, FulltextIndex, IndexCapability, IndexPlugin } from '../tx/index-plugin.js';

const capabilities: readonly IndexCapability[] = ['equality', 'fulltext'];
const magic = 'SKXX';

/** `char.IsWhiteSpace` as JavaScript's `\s` sees it. */
const whitespace = /\s/;

function isWhitespaceAt(text: string, at: number): boolean {
  return whitespace.test(text[at]);
}

/** The whitespace-delimited word (or words) around text[start, end). */
function wordAround(text: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && !isWhitespaceAt(text, from - 1)) from--;
  let to = end;
  while (to < text.length && !isWhitespaceAt(text, to)) to++;
  return text.slice(from, to);
}

interface Accumulated {
  score: number;
  highlights: Set<string>;
}

export class RegExIndex extends KeyedIndexBase implements FulltextIndex {
  readonly pluginType = 'RegExIndex';
  readonly capabilities = capabilities;

  constructor(id: string) {
    super(id, new HashKeyStore(), magic);
  }

  static deserialize(id: string, payload: Uint8Array): RegExIndex {
    return new RegExIndex(id).load(payload);
  }

  /** `deserialize` in steps (see `KeyedIndex.loadSteps`). */
  static deserializeSteps(id: string, payload: Uint8Array): Generator<void, RegExIndex> {
    return new RegExIndex(id).loadSteps(payload);
  }

  override accepts(key: TypedValue): boolean {
    return key.type === 'String';
  }

  /** Matches `pattern` over every key; hits in ascending element id order. */
  fulltext(pattern: RegExp): FulltextHit[] {
    return drain(this.fulltextSlices(pattern, Infinity));
  }

  /**
   * `fulltext` pausing after every `sliceKeys` keys (the keys are a live map iteration, see
   * `KeyStore.entriesOfType`). `pattern` is made global here if it is not. An empty match counts toward
   * the score and highlights the word it falls in.
   */
  *fulltextSlices(pattern: RegExp, sliceKeys: number): Generator<void, FulltextHit[]> {
    const regex = pattern.global ? new RegExp(pattern) : new RegExp(pattern.source, `${pattern.flags}g`);
    const byElement = new PagedIdMap<Accumulated>();
    let marked = new Uint32Array(64);
    let seen = 0;
    for (const [key, ids] of this.store.entriesOfType('String')) {
      if (++seen === sliceKeys) {
        seen = 0;
        yield;
      }
      const text = key.value as string;
      let matches = 0;
      const words: string[] = [];
      regex.lastIndex = 0;
      for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
        matches++;
        const word = wordAround(text, match.index, match.index + match[0].length);
        if (word !== '') words.push(word);
        if (match[0].length === 0) regex.lastIndex++;
        if (regex.lastIndex > text.length) break;
      }
      if (matches === 0) continue;
      visitIds(ids, (elementId) => {
        let accumulated = byElement.get(elementId);
        if (accumulated === undefined) {
          accumulated = { score: 0, highlights: new Set() };
          byElement.set(elementId, accumulated);
          if (elementId >>> 5 >= marked.length) marked = grown(marked, (elementId >>> 5) + 1);
          marked[elementId >>> 5] |= 1 << (elementId & 31);
        }
        accumulated.score += matches;
        for (const word of words) accumulated.highlights.add(word);
      });
    }
    // Ascending ids without one sort of every hit (a million of them would hold the loop): the hits are
    // marked in a bitmap as they come, read here in order, pausing like the key walk.
    const hits: FulltextHit[] = [];
    for (let word = 0; word < marked.length; word++) {
      for (let bits = marked[word]; bits !== 0; bits &= bits - 1) {
        const graphElementId = (word << 5) + 31 - Math.clz32(bits & -bits);
        const { score, highlights } = byElement.get(graphElementId)!;
        hits.push({ graphElementId, highlights: [...highlights], score });
        if (++seen === sliceKeys) {
          seen = 0;
          yield;
        }
      }
    }
    return hits;
  }
}

/** `bits` copied into a bitmap of at least `words` words (doubling, so marking stays linear). */
function grown(bits: Uint32Array, words: number): Uint32Array<ArrayBuffer> {
  const larger = new Uint32Array(Math.max(words, bits.length * 2));
  larger.set(bits);
  return larger;
}

/** Options are ignored (docs/indexes.md, Routes). */
export const regExIndexPlugin: IndexPlugin = {
  pluginType: 'RegExIndex',
  capabilities,
  creatableOverInterface: true,
  create: (id) => new RegExIndex(id),
  deserialize: (id, payload) => RegExIndex.deserialize(id, payload),
  deserializeSteps: (id, payload) => RegExIndex.deserializeSteps(id, payload),
};
