/**
 * Preloaded into the Skein server that event-loop.ts starts (`node --import <this> dist/src/main.js`): the
 * service itself runs unchanged, as the README starts it; this module only watches its event loop
 * (`monitorEventLoopDelay`, 1 ms resolution) and answers the parent over the IPC channel:
 * `{ reset: true }` clears the histogram, `{ report: true }` answers `{ maxMs, p99Ms }`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

process.on('message', (message: { reset?: boolean; report?: boolean }) => {
  if (message.reset === true) {
    delay.reset();
    process.send?.({ reset: true });
  }
  if (message.report === true) {
    process.send?.({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 });
  }
});
// The channel must not keep the process alive once the service stops.
process.channel?.unref();
