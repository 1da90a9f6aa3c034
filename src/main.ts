/**
 * Command-line entry point: `node dist/src/main.js [--config file] [--Svc:Key=value ...]`.
 * Configuration layers: defaults, JSON file, environment, flags (docs/configuration.md).
 */
import { ConfigError, loadConfig } from './config/index.js';
import { StorageLockedError } from './index.js';
import { startService } from './server/start.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig({ argv: process.argv.slice(2), env: process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`skein: invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const service = await startService(config);
  const { server, address } = service;
  server.log.info(`Skein listening on ${address}`);
  const stop = (signal: string) => {
    server.log.info(`${signal} received, closing`);
    // Stops accepting, drains the writers, runs the shutdown steps, closes the write-ahead logs.
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof StorageLockedError) {
    process.stderr.write(`skein: failed to start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`skein: failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
