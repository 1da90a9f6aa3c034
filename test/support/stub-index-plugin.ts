import type { GraphIndex, IndexPlugin } from '../../src/engine/tx/index-plugin.js';

/**
 * An index type whose indexes hold nothing and are never read back: `parts` says how they are saved
 * (`serialize`, and `capture` for the captured path) and may replace any other member, for tests of saves
 * that cannot write an index. `creatableOverInterface`: whether `POST /index` may create one.
 */
export function stubIndexPlugin(
  pluginType: string,
  parts: Pick<GraphIndex, 'serialize'> & Partial<GraphIndex>,
  creatableOverInterface = false,
): IndexPlugin {
  return {
    pluginType,
    capabilities: [],
    creatableOverInterface,
    create: (id) =>
      ({
        id,
        pluginType,
        capabilities: [],
        embeddingName: null,
        model: null,
        keyCount: 0,
        valueCount: 0,
        add: () => true,
        removeElement: () => true,
        removeKey: () => false,
        purge: () => undefined,
        renumber: () => undefined,
        clearEntries: () => undefined,
        ...parts,
      }) satisfies GraphIndex,
    deserialize: () => {
      throw new Error('never written');
    },
  };
}
