/**
 * An in-process service with durable storage in `directory`, as the durability tests start it: an
 * ephemeral loopback port, error-level logging, no save at shutdown (so a restart shows what the log
 * alone keeps), and any further `--Key=value` flags.
 */
import { loadConfig, type LoadedConfig } from '../../src/config/index.js';
import { startService, type RunningService } from '../../src/server/start.js';

export function durableServiceConfig(directory: string, extra: readonly string[] = []): LoadedConfig {
  return loadConfig({
    argv: [
      '--Svc:Http:Port=0',
      `--Svc:Durability:StorageDirectory=${directory}`,
      '--Svc:Logging:Level=error',
      '--Svc:Durability:SaveOnShutdown=false',
      ...extra,
    ],
  });
}

export function startDurableService(
  directory: string,
  extra: readonly string[] = [],
): Promise<RunningService> {
  return startService(durableServiceConfig(directory, extra));
}
