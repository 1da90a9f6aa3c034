/**
 * The creation options of a `VectorIndex` (docs/vectors.md, Vector indexes), from the typed
 * values of `pluginOptions`:
 *   dimension      required; any typed value that converts to an integer in 1..4096 ("384" as String too)
 *   metric         `Cosine` (default), `DotProduct` or `L2`, exactly (case-sensitive), as a String
 *   embeddingName  binds the index to that element embedding; the name grammar applies
 *   model          an opaque model identity, stored and persisted as given (its read text)
 * Anything else makes the options invalid, and `POST /index` answers `false`.
 */
import { formatValue, type TypedValue } from '../../model/values.js';
import { isEmbeddingName } from '../../embeddings/names.js';
import {
  isVectorMetric,
  maxVectorDimension,
  minVectorDimension,
  type VectorMetric,
} from '../../vectors/metric.js';

export interface VectorIndexOptions {
  dimension: number;
  metric: VectorMetric;
  /** The bound embedding's name, or null for an index filled explicitly. */
  embeddingName: string | null;
  model: string | null;
}

function integerOf(value: TypedValue): number | undefined {
  let number: number;
  switch (value.type) {
    case 'String':
      if (!/^\s*[+-]?\d+\s*$/.test(value.value)) return undefined;
      number = Number(value.value);
      break;
    case 'Int64':
    case 'UInt64':
      number = Number(value.value);
      break;
    case 'Byte':
    case 'SByte':
    case 'Int16':
    case 'UInt16':
    case 'Int32':
    case 'UInt32':
    case 'Single':
    case 'Double':
      number = value.value;
      break;
    case 'Decimal':
      number = Number(value.value.toString());
      break;
    default:
      return undefined;
  }
  return Number.isInteger(number) ? number : undefined;
}

/** The options, or undefined when they are invalid. */
export function parseVectorIndexOptions(
  options: ReadonlyMap<string, TypedValue>,
): VectorIndexOptions | undefined {
  const dimensionValue = options.get('dimension');
  if (dimensionValue === undefined) return undefined;
  const dimension = integerOf(dimensionValue);
  if (dimension === undefined || dimension < minVectorDimension || dimension > maxVectorDimension)
    return undefined;

  let metric: VectorMetric = 'Cosine';
  const metricValue = options.get('metric');
  if (metricValue !== undefined) {
    if (metricValue.type !== 'String' || !isVectorMetric(metricValue.value)) return undefined;
    metric = metricValue.value;
  }

  let embeddingName: string | null = null;
  const nameValue = options.get('embeddingName');
  if (nameValue !== undefined) {
    if (nameValue.type !== 'String' || !isEmbeddingName(nameValue.value)) return undefined;
    embeddingName = nameValue.value;
  }

  const modelValue = options.get('model');
  const model = modelValue === undefined ? null : formatValue(modelValue);
  return { dimension, metric, embeddingName, model };
}
