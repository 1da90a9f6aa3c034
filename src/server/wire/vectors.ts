/**
 * Float32 values on the wire: a stored float32 travels as the JSON number of its shortest round-trip
 * text (0.1f as 0.1, not 0.10000000149011612), so a client reads back what it wrote and a score prints as
 * the ancestor prints a float.
 */
import { formatSingle } from '../../index.js';

/** The double whose shortest text is the float32's shortest text. */
export function wireFloat32(value: number): number {
  return Number(formatSingle(value));
}

export function wireVector(vector: Float32Array): number[] {
  const numbers = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) numbers[i] = wireFloat32(vector[i]);
  return numbers;
}
