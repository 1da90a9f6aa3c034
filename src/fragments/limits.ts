/**
 * Size limits of the fragment compiler (docs/fragments.md, "Limits and caching").
 *
 * Both are checked before any work is done on the text, so an oversized fragment costs a length read.
 */

/** Longest fragment accepted, in UTF-16 code units (the C# `string.Length` the ancestor compared). */
export const maxFragmentChars = 100_000;

/** Longest generated source accepted, in UTF-16 code units; the emitter checks it before compiling. */
export const maxGeneratedSourceChars = 1_000_000;

/**
 * Deepest syntactic nesting (parentheses, lambdas, blocks, operators) the parser descends into. Roslyn
 * stops on its stack guard with CS8078; a fixed depth keeps the parser's own recursion far from Node's
 * stack limit on any input, and no realistic fragment nests anywhere near it.
 */
export const maxSyntaxNestingDepth = 500;
