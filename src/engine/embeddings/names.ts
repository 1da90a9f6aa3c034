/**
 * Named element embeddings: the name grammar and the reserved property keys that stand for them on reads
 * (`$embedding:<name>` as `System.Single[]`, `$embeddingModel:<name>` as `System.String`; docs/elements.md).
 */

/** `^[A-Za-z0-9_-]{1,64}$` (docs/vectors.md, Element embeddings). */
export const embeddingNamePattern = /^[A-Za-z0-9_-]{1,64}$/;
/** Longest embedding name. */
export const maxEmbeddingNameLength = 64;
/** The name used when none is given. */
export const defaultEmbeddingName = 'default';

/** Reserved key of an element's embedding of that name. */
export const embeddingKeyPrefix = '$embedding:';
/** Reserved key of the provider stamp stored with that embedding. */
export const embeddingStampKeyPrefix = '$embeddingModel:';

export function isEmbeddingName(name: unknown): name is string {
  return typeof name === 'string' && embeddingNamePattern.test(name);
}

export function embeddingKey(name: string): string {
  return embeddingKeyPrefix + name;
}

export function embeddingStampKey(name: string): string {
  return embeddingStampKeyPrefix + name;
}

/** The embedding name a `$embedding:<name>` key stands for, or undefined for any other key. */
export function embeddingNameOfKey(key: string): string | undefined {
  return key.startsWith(embeddingKeyPrefix) ? key.slice(embeddingKeyPrefix.length) : undefined;
}
