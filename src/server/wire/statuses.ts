/**
 * Response schemas of the bodiless successes, so the OpenAPI document lists them beside the 200 shape
 * (a `null` schema becomes a response without content). Typed as `undefined` so handlers answer them
 * with a bare `reply.code(...).send()`, which never reaches the serializer.
 */
import { Type } from 'typebox';

export const Accepted = Type.Unsafe<undefined>({ description: 'Accepted; no body', type: 'null' });
export const NoContent = Type.Unsafe<undefined>({ description: 'Nothing to return; no body', type: 'null' });
