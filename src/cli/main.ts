#!/usr/bin/env node
/**
 * `skein`, the command-line client: moves graphs in and out of a running Skein service and follows its
 * change feed (docs/cli.md). This is the program: it runs the command (commands.ts) and turns every
 * failure into a message on standard error and a conventional exit code.
 */
import { CliError, exitCodes } from './errors.js';
import { run } from './commands.js';
import type { Terminal } from './terminal.js';

async function main(): Promise<void> {
  const controller = new AbortController();
  let interruptedBy: number | undefined;
  const onSignal = (code: number) => () => {
    interruptedBy = code;
    controller.abort();
  };
  process.once('SIGINT', onSignal(exitCodes.interrupted));
  process.once('SIGTERM', onSignal(exitCodes.terminated));
  const terminal: Terminal = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  try {
    await run(process.argv.slice(2), terminal, controller.signal);
    process.exitCode = interruptedBy ?? exitCodes.ok;
  } catch (error) {
    if (interruptedBy !== undefined) {
      process.exitCode = interruptedBy;
      return;
    }
    if (error instanceof CliError) {
      process.stderr.write(`skein: ${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`skein: unexpected failure: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = exitCodes.failed;
  }
}

await main();
