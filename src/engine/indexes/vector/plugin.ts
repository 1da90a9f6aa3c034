/**
 * The `VectorIndex` type as the index registry sees it (src/engine/tx/index-plugin.ts): created by
 * `POST /index` with validated options (invalid ones answer `false`), restored from checkpoints.
 */
import type { IndexCapability, IndexPlugin } from '../../tx/index-plugin.js';
import { parseVectorIndexOptions } from './options.js';
import { VectorIndex } from './vector-index.js';

const capabilities: readonly IndexCapability[] = ['vector'];

export const vectorIndexPlugin: IndexPlugin = {
  pluginType: 'VectorIndex',
  capabilities,
  creatableOverInterface: true,
  create(id, options, { graph }) {
    const parsed = parseVectorIndexOptions(options);
    return parsed === undefined ? undefined : new VectorIndex(id, parsed, graph);
  },
  deserialize: (id, payload, { graph }) => VectorIndex.deserialize(id, payload, graph),
  deserializeSteps: (id, payload, { graph }) => VectorIndex.deserializeSteps(id, payload, graph),
};
