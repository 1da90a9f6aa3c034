/**
 * Bounds the HTTP layer puts on a request before any route sees it (docs/limits.md). The body limits are
 * configuration (`Svc:Http:MaxBodyBytes`, `Svc:Http:CodeBodyLimitBytes`); these two are fixed.
 */

/**
 * Bytes of the request target, header names and header values together, which Node's parser keeps below
 * this (so at most one byte less); at it the request is answered 431. Node's own default, named here so
 * that the bound is stated where the service's other bounds are.
 */
export const maxHeaderBytes = 16_384;

/**
 * Longest path parameter (a namespace name, an index id, a property key in the path), in characters of
 * the raw path; a longer one is answered 414 before routing. Above the longest names the service accepts
 * (a namespace name is at most 63 characters), with room for percent-encoding.
 */
export const maxPathParameterChars = 500;
