/**
 * Wire shapes of the index area (docs/indexes.md): the status record, shared by `GET /status` and
 * the index routes.
 */
import { Type } from 'typebox';

const Count = Type.Union([Type.Integer(), Type.Null()], { description: 'null when the index cannot count' });

export const IndexRecord = Type.Object({
  indexId: Type.String({ description: 'The uniqueId given at creation' }),
  pluginType: Type.String(),
  embeddingName: Type.Union([Type.String(), Type.Null()], {
    description: 'The embedding a vector index is bound to; null otherwise',
  }),
  model: Type.Union([Type.String(), Type.Null()], { description: "A vector index's model option" }),
  capabilities: Type.Array(Type.String(), {
    description: 'Any of equality, range, fulltext, spatial, vector',
  }),
  keys: Count,
  values: Count,
});
