/**
 * Change-feed filters (docs/changefeed.md, Filters): `kinds`, `elements`, `labels`, `keys`.
 * Each takes repeated parameters and comma-separated lists, trimmed, empty entries ignored; values are
 * exact and case-sensitive. Union within a dimension, AND across dimensions; a dimension left out (or
 * given only empty entries) does not filter. `resync` bypasses every filter.
 */
import { EngineError } from '../errors.js';
import {
  changeElements,
  changeKinds,
  type ChangeElement,
  type ChangeEvent,
  type ChangeKind,
} from './events.js';

/** A filter as the library takes it: each present, non-empty dimension restricts. */
export interface ChangeFilter {
  kinds?: readonly ChangeKind[];
  elements?: readonly ChangeElement[];
  /** An unlabeled element never matches. */
  labels?: readonly string[];
  /** Only property events carry a key, so a key filter excludes create and remove events. */
  keys?: readonly string[];
}

/** Raw query values of the four dimensions: a string, or several when the parameter repeats. */
export type FilterQuery = Partial<Record<keyof ChangeFilter, string | readonly string[] | undefined>>;

/** Splits repeated, comma-separated values; trims; drops empty entries. */
export function splitValues(raw: string | readonly string[] | undefined): string[] {
  if (raw === undefined) return [];
  const values: string[] = [];
  for (const part of typeof raw === 'string' ? [raw] : raw) {
    for (const entry of part.split(',')) {
      const trimmed = entry.trim();
      if (trimmed.length > 0) values.push(trimmed);
    }
  }
  return values;
}

function checked<T extends string>(values: string[], allowed: readonly T[], dimension: string): T[] {
  for (const value of values) {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new EngineError(
        'CHANGEFEED_FILTER_INVALID',
        `'${value}' is not a change ${dimension}; accepted: ${allowed.join(', ')}`,
      );
    }
  }
  return values as T[];
}

/** Parses the query parameters of `GET /changefeed`; CHANGEFEED_FILTER_INVALID for an unknown kind or element. */
export function parseFilter(query: FilterQuery): ChangeFilter {
  return {
    kinds: checked(splitValues(query.kinds), changeKinds, 'kind'),
    elements: checked(splitValues(query.elements), changeElements, 'element'),
    labels: splitValues(query.labels),
    keys: splitValues(query.keys),
  };
}

/** A filter compiled to a predicate; `undefined` when it lets every event through. */
export type EventPredicate = (event: ChangeEvent) => boolean;

export function compileFilter(filter: ChangeFilter = {}): EventPredicate | undefined {
  // Checked here too: library callers reach this without parseFilter.
  const kinds = setOf(checked([...(filter.kinds ?? [])], changeKinds, 'kind'));
  const elements = setOf(checked([...(filter.elements ?? [])], changeElements, 'element'));
  const labels = setOf(filter.labels);
  const keys = setOf(filter.keys);
  if (kinds === undefined && elements === undefined && labels === undefined && keys === undefined) {
    return undefined;
  }
  return (event) => {
    if (event.kind === 'resync') return true;
    if (kinds !== undefined && !kinds.has(event.kind)) return false;
    if (elements !== undefined && !elements.has(event.element!)) return false;
    if (labels !== undefined && (event.label === undefined || !labels.has(event.label))) return false;
    if (keys !== undefined && (event.key === undefined || !keys.has(event.key))) return false;
    return true;
  };
}

function setOf<T>(values: readonly T[] | undefined): ReadonlySet<T> | undefined {
  return values === undefined || values.length === 0 ? undefined : new Set(values);
}
