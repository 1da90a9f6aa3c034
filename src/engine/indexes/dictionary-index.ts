/**
 * DictionaryIndex: typed keys to elements, multi-value buckets, equality in O(1) (capability
 * `equality`). Ordered operators of `POST /scan/index/all` are a linear pass over the keys.
 */
import { HashKeyStore } from './key-stores.js';
import { KeyedIndexBase } from './keyed-index.js';
import type { IndexCapability, IndexPlugin } from '../tx/index-plugin.js';

const capabilities: readonly IndexCapability[] = ['equality'];
const magic = 'SKXD';

export class DictionaryIndex extends KeyedIndexBase {
  readonly pluginType = 'DictionaryIndex';
  readonly capabilities = capabilities;

  constructor(id: string) {
    super(id, new HashKeyStore(), magic);
  }

  static deserialize(id: string, payload: Uint8Array): DictionaryIndex {
    return new DictionaryIndex(id).load(payload);
  }

  /** `deserialize` in steps (see `KeyedIndex.loadSteps`). */
  static deserializeSteps(id: string, payload: Uint8Array): Generator<void, DictionaryIndex> {
    return new DictionaryIndex(id).loadSteps(payload);
  }
}

/** Options are ignored (docs/indexes.md, Routes). */
export const dictionaryIndexPlugin: IndexPlugin = {
  pluginType: 'DictionaryIndex',
  capabilities,
  creatableOverInterface: true,
  create: (id) => new DictionaryIndex(id),
  deserialize: (id, payload) => DictionaryIndex.deserialize(id, payload),
  deserializeSteps: (id, payload) => DictionaryIndex.deserializeSteps(id, payload),
};
