/**
 * What each configuration layer hands to the loader: flat colon-separated paths with text values, in the
 * form ASP.NET's configuration providers produce, so every layer is merged and validated the same way.
 */

/** The layer a value came from, with the names `GET /config` publishes. */
export type ConfigSource = 'default' | 'appSettings' | 'environment' | 'commandLine';

export interface RawEntry {
  /** colon-separated path as written (any letter case), e.g. `svc:http:port` or `AllowedCorsOrigins:0` */
  readonly path: string;
  /** `null` sets nothing (a JSON null, a flag without a value) but the path is still checked */
  readonly value: string | null;
  /** human-readable place, e.g. `environment variable PORT`; error messages quote it after "from" */
  readonly origin: string;
}

export interface Layer {
  readonly source: ConfigSource;
  readonly entries: readonly RawEntry[];
}

/** Where the path of the JSON file came from, so a failure to read it can say which setting to fix. */
export interface ConfigFileRef {
  readonly path: string;
  readonly origin: string;
}
