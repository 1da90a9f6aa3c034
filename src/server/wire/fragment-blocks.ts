/**
 * The request blocks that carry C# fragments, shared by the routes that accept them (the path route and
 * stored-query registration): each member is fragment text, or null for none.
 */
import { Type } from 'typebox';

export const FragmentText = Type.Union([Type.String(), Type.Null()]);

/** A path request's `filter` block. */
export const PathFilterBlock = Type.Union([
  Type.Object({
    vertexFilter: Type.Optional(FragmentText),
    edgeFilter: Type.Optional(FragmentText),
    edgePropertyFilter: Type.Optional(FragmentText),
  }),
  Type.Null(),
]);

/** A path request's `cost` block. */
export const PathCostBlock = Type.Union([
  Type.Object({ vertexCost: Type.Optional(FragmentText), edgeCost: Type.Optional(FragmentText) }),
  Type.Null(),
]);
