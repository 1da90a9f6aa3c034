/**
 * Preloaded into the Skein service that bulk.ts starts (`node --expose-gc --import <this>
 * dist/src/main.js`, bench/shipped-service.ts): the service runs unchanged, as the README starts it; this
 * module only watches its event loop and, between measurements, settles its heap. The parent reads the
 * memory and CPU figures itself from `/proc/<pid>`; over the IPC channel it asks:
 *
 * - `{ settle: true }`: forces full collections (so the resident set holds what is live), answers `{}`;
 * - `{ reset: true }`: starts a new event-loop measurement, answers `{}`;
 * - `{ report: true }`: answers `{ loopDelayMaxMs }`, the longest event-loop delay since the reset
 *   (`monitorEventLoopDelay`, 5 ms resolution), wall clock.
 *
 * Nothing runs between messages but the delay monitor's timer, so the import and export are measured as
 * shipped.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();

/** Collections repeated with turns between them: finalizers and weak callbacks free more each time. */
const settleCollections = 6;

async function settle(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined)
    throw new Error('the service needs --expose-gc for the bulk probe to settle its heap');
  for (let i = 0; i < settleCollections; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

process.on('message', (message: { settle?: boolean; reset?: boolean; report?: boolean }) => {
  if (message.settle === true) {
    void settle().then(() => process.send?.({}));
  } else if (message.reset === true) {
    delay.reset();
    process.send?.({});
  } else if (message.report === true) {
    process.send?.({ loopDelayMaxMs: delay.max / 1e6 });
  }
});
// The channel must not keep the process alive once the service stops.
process.channel?.unref();
