/** Configuration: the key catalogue, layered loading, and the typed settings the rest of Skein reads. */
export { ConfigError } from './errors.js';
export {
  CONFIG_KEYS,
  findConfigKey,
  tierOf,
  type ApplyMode,
  type ConfigKey,
  type ConfigKeyEntry,
  type ConfigKeySpec,
  type ConfigKind,
  type ConfigTier,
  type ConfigValue,
  type ConfigValueOf,
  type TextFormat,
} from './keys.js';
export type { ConfigSource } from './layer.js';
export { loadConfig, type LoadedConfig, type LoadOptions } from './load.js';
export type { LogLevel, SkeinEnvironment, SkeinSettings } from './settings.js';
export { formatConfigValue } from './values.js';
