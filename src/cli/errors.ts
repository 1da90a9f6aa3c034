/**
 * How the command-line client fails: every failure is a `CliError` carrying the exit code the shell sees,
 * so `main.ts` has one place that prints and exits. Codes follow the common convention: 1 when the
 * operation failed (the server refused it, or could not be reached), 2 for a usage error, 128 + the signal
 * number when interrupted.
 */
export const exitCodes = {
  ok: 0,
  failed: 1,
  usage: 2,
  interrupted: 130,
  terminated: 143,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = exitCodes.failed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string): CliError {
  return new CliError(`${message}\nRun "skein help" for usage.`, exitCodes.usage);
}
