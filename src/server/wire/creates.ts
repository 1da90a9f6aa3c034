/**
 * Create bodies (docs/elements.md, Creates) as engine inputs. Conversion happens before anything is enqueued, so a bad
 * property fails the whole call with a 400 that names it, and nothing is written. A `null` properties
 * array counts as empty, as the ancestor binds it.
 */
import type { Static } from 'typebox';
import type { EdgeInput, VertexInput } from '../../index.js';
import { propertyInputsOf } from './values.js';
import type { EdgeCreate, VertexCreate } from './schemas.js';

/** `context` locates the body in error messages: `vertex`, `vertices[3]`, `edges[0]`. */
export function vertexInputOf(body: Static<typeof VertexCreate>, context: string): VertexInput {
  return {
    creationDate: body.creationDate,
    label: body.label ?? null,
    properties: propertyInputsOf(body.properties ?? undefined, context),
  };
}

export function edgeInputOf(body: Static<typeof EdgeCreate>, context: string): EdgeInput {
  return {
    sourceVertex: body.sourceVertex,
    targetVertex: body.targetVertex,
    edgePropertyId: body.edgePropertyId,
    creationDate: body.creationDate,
    label: body.label ?? null,
    properties: propertyInputsOf(body.properties ?? undefined, context),
  };
}
