/**
 * Preloaded into the Skein server that event-loop.ts starts (`node --import <this> dist/src/main.js`): the
 * service itself runs unchanged, as the README starts it; this module only watches its event loop and
 * answers the parent over the IPC channel: `{ reset: true }` starts a new measurement, `{ report: true }`
 * answers `{ maxMs, p99Ms, maxTurnCpuMs }`.
 *
 * - `maxMs`, `p99Ms`: the event-loop delay (`monitorEventLoopDelay`, 1 ms resolution), wall clock.
 * - `maxTurnCpuMs`: the most CPU time the main thread spent between two ticks of a 1 ms timer (Linux
 *   `schedstat` of the main thread: time on a CPU, not time waiting for one). On a machine shared with
 *   other work, a turn that needs 10 ms of CPU can take 50 ms of wall time; this figure is what the
 *   turn would take alone. NaN where `/proc` has no such file.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

const schedstat = `/proc/self/task/${process.pid}/schedstat`;
const hasSchedstat = fs.existsSync(schedstat);
/** Nanoseconds the main thread has run on a CPU. */
function mainThreadCpuNs(): number {
  return Number(fs.readFileSync(schedstat, 'utf8').split(' ')[0]);
}
let maxTurnCpuNs = 0;
let lastCpuNs = hasSchedstat ? mainThreadCpuNs() : 0;
if (hasSchedstat) {
  setInterval(() => {
    const now = mainThreadCpuNs();
    maxTurnCpuNs = Math.max(maxTurnCpuNs, now - lastCpuNs);
    lastCpuNs = now;
  }, 1).unref();
}

process.on('message', (message: { reset?: boolean; report?: boolean }) => {
  if (message.reset === true) {
    delay.reset();
    maxTurnCpuNs = 0;
    if (hasSchedstat) lastCpuNs = mainThreadCpuNs();
    process.send?.({ reset: true });
  }
  if (message.report === true) {
    process.send?.({
      maxMs: delay.max / 1e6,
      p99Ms: delay.percentile(99) / 1e6,
      maxTurnCpuMs: hasSchedstat ? maxTurnCpuNs / 1e6 : Number.NaN,
    });
  }
});
// The channel must not keep the process alive once the service stops.
process.channel?.unref();
