import type { Readable, Writable } from 'node:stream';

/** The process streams a command uses (tests may hand in their own). */
export interface Terminal {
  stdin: Readable;
  stdout: Writable;
  /** Progress and summaries go here; `isTTY` decides whether a progress bar is drawn. */
  stderr: Writable & { isTTY?: boolean };
}
