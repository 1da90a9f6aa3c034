/**
 * The ancestor's sample exports, copied into the repository so the tests need nothing outside the
 * checkout. Resolved from this module's place (dist/test/support/ when compiled).
 */
import { fileURLToPath } from 'node:url';

export const samplesDirectory = fileURLToPath(new URL('../../../test/fixtures/samples/', import.meta.url));

/** The sample names, each `<name>.jsonl` in `samplesDirectory`. */
export const sampleNames = ['cyber-warfare', 'karate-club', 'movie-night'] as const;
