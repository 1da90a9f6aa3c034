/**
 * The import's progress display: a bar over the file's bytes (or plain counters when the size is
 * unknown, as for standard input) with lines sent and elements per second, drawn on standard error only
 * when it is a terminal, so redirected output and scripts see just the summary.
 */
import { SingleBar, Presets } from 'cli-progress';
import type { Terminal } from './terminal.js';

export interface Progress {
  update(bytes: number, lines: number): void;
  stop(): void;
}

/** How often the bar redraws; more often is noise, less often looks stuck. */
export const progressRedrawMilliseconds = 200;

export function importProgress(stream: Terminal['stderr'], totalBytes: number | undefined): Progress {
  if (stream.isTTY !== true) return { update: () => undefined, stop: () => undefined };
  const startedAt = performance.now();
  const known = totalBytes !== undefined && totalBytes > 0;
  const bar = new SingleBar(
    {
      stream,
      format: known
        ? '{bar} {percentage}% | {lines} lines | {rate} elements/s | {megabytes} MB'
        : '{lines} lines | {rate} elements/s | {megabytes} MB',
      fps: 1000 / progressRedrawMilliseconds,
      hideCursor: true,
      clearOnComplete: true,
    },
    Presets.shades_classic,
  );
  const payload = (bytes: number, lines: number) => {
    const seconds = (performance.now() - startedAt) / 1000;
    return {
      lines: lines.toLocaleString('en-US'),
      // Every line but the meta line is one element; close enough while the upload runs.
      rate: seconds > 0 ? Math.round(Math.max(0, lines - 1) / seconds).toLocaleString('en-US') : '0',
      megabytes: (bytes / 1e6).toFixed(1),
    };
  };
  bar.start(known ? totalBytes : 1, 0, payload(0, 0));
  return {
    update: (bytes, lines) => bar.update(known ? bytes : 0, payload(bytes, lines)),
    stop: () => bar.stop(),
  };
}
