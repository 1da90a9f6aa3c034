/**
 * The one failure of configuration loading. It stops the start, so its message must say what to fix:
 * the key, the offending text and the layer it came from (a file path, a variable name, a flag).
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    message: string,
    /** canonical key the failure concerns, when it concerns one */
    readonly key: string | null = null,
    /** where the offending text came from, e.g. `environment variable Svc__Http__Port` */
    readonly origin: string | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
