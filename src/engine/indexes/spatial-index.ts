/**
 * SpatialIndex: one geometry per element, held as its minimum bounding box in an R-tree (capability
 * `spatial`). Created in-process only (docs/indexes.md, Spatial): its configuration is not expressible in
 * `pluginOptions`, so `POST /index` answers `false` for it, and `PUT /index/{id}` cannot fill it (a
 * primitive key is ignored, the add answering true as for any key of the wrong kind).
 *
 * Neighbourhoods: `distance` is not a radius. The reference element's box grows by the
 * distance on every axis and every element whose box overlaps the grown box is returned, the reference
 * included.
 * - Euclidean: each axis grows by `distance` in coordinate units (a square, L-infinity neighbourhood).
 * - Geographic: two axes, (latitude, longitude) in degrees, and `distance` in the unit of `earthRadius`.
 *   Axis 0 (latitude) grows by 180·d/(π·R); axis 1 (longitude) by 180·d/(π·R·cos(c)), capped at 360,
 *   where c is the box's lower latitude. Skein keeps latitude first throughout (the ancestor's point type
 *   stored longitude first while its metric read axis 0 as latitude).
 */
import { EngineError } from '../errors.js';
import type { TypedValue } from '../model/values.js';
import { joinParts, payloadPartBytes, readPayload, startPayload, takePart } from './codec.js';
import { drain } from './keyed-index.js';
import {
  IndexFormatError,
  type IdVisitor,
  type IndexCapability,
  type IndexCapture,
  type IndexOptions,
  type IndexPlugin,
  type SpatialScan,
} from '../tx/index-plugin.js';
import { RTree, type Box, type RTreeCapture } from './rtree.js';

const capabilities: readonly IndexCapability[] = ['spatial'];
const magic = 'SKXS';
const formatVersion = 1;

export type SpatialMetric = 'Euclidean' | 'Geographic';
const metrics: readonly SpatialMetric[] = ['Euclidean', 'Geographic'];

/** Most axes a spatial index takes: boxes cost 16 bytes per axis and node choice grows with them. */
export const maxSpatialDimensions = 16;
/** Mean earth radius in kilometres: the default unit of geographic distances. */
export const defaultEarthRadiusKm = 6371.0088;

export interface SpatialIndexConfig {
  /** Axes of every geometry (default 2; Geographic requires 2). */
  dimensions?: number;
  metric?: SpatialMetric;
  /** Geographic only: the radius whose unit `distance` is measured in (default kilometres). */
  earthRadius?: number;
  /** R-tree node bounds (defaults 6 and 16): a node splits above `maxEntries` and dissolves below `minEntries`. */
  minEntries?: number;
  maxEntries?: number;
}

/** A point (one coordinate per axis) or a box (lower and upper corners). */
export type SpatialGeometry =
  readonly number[] | { readonly min: readonly number[]; readonly max: readonly number[] };

interface ResolvedConfig {
  dimensions: number;
  metric: SpatialMetric;
  earthRadius: number;
  minEntries: number;
  maxEntries: number;
}

/** The resolved configuration, or a message saying what is wrong. */
function resolveConfig(config: SpatialIndexConfig): ResolvedConfig | string {
  const {
    dimensions = 2,
    metric = 'Euclidean',
    earthRadius = defaultEarthRadiusKm,
    minEntries = 6,
    maxEntries = 16,
  } = config;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > maxSpatialDimensions) {
    return `dimensions must be an integer from 1 to ${maxSpatialDimensions}`;
  }
  if (!metrics.includes(metric)) return `metric must be one of ${metrics.join(', ')}`;
  if (metric === 'Geographic' && dimensions !== 2) return 'the Geographic metric takes two dimensions';
  if (!Number.isFinite(earthRadius) || earthRadius <= 0) return 'earthRadius must be a positive number';
  if (!Number.isInteger(maxEntries) || maxEntries < 4 || maxEntries > 1024) {
    return 'maxEntries must be an integer from 4 to 1024';
  }
  if (!Number.isInteger(minEntries) || minEntries < 1 || minEntries > maxEntries >> 1) {
    return 'minEntries must be an integer from 1 to maxEntries / 2';
  }
  return { dimensions, metric, earthRadius, minEntries, maxEntries };
}

function numberOption(value: TypedValue | undefined): number | undefined {
  if (value === undefined) return undefined;
  switch (value.type) {
    case 'String': {
      const text = value.value.trim();
      return text === '' ? NaN : Number(text);
    }
    case 'Int64':
    case 'UInt64':
      return Number(value.value);
    case 'Decimal':
      return value.value.toNumber();
    case 'Byte':
    case 'SByte':
    case 'Int16':
    case 'UInt16':
    case 'Int32':
    case 'UInt32':
    case 'Single':
    case 'Double':
      return value.value;
    default:
      return NaN;
  }
}

/** Reads `dimensions`, `metric`, `earthRadius`, `minEntries`, `maxEntries` from typed options. */
export function spatialConfigFromOptions(options: IndexOptions): SpatialIndexConfig | undefined {
  const metric = options.get('metric');
  if (metric !== undefined && metric.type !== 'String') return undefined;
  return {
    dimensions: numberOption(options.get('dimensions')),
    metric: metric?.value as SpatialMetric | undefined,
    earthRadius: numberOption(options.get('earthRadius')),
    minEntries: numberOption(options.get('minEntries')),
    maxEntries: numberOption(options.get('maxEntries')),
  };
}

export class SpatialIndex implements SpatialScan {
  readonly pluginType = 'SpatialIndex';
  readonly capabilities = capabilities;
  readonly embeddingName = null;
  readonly model = null;
  /** A spatial index does not count, as the ancestor's cannot: the status record shows null. */
  readonly keyCount = null;
  readonly valueCount = null;
  readonly config: Readonly<ResolvedConfig>;
  private readonly tree: RTree;

  constructor(
    readonly id: string,
    config: SpatialIndexConfig = {},
  ) {
    const resolved = resolveConfig(config);
    if (typeof resolved === 'string')
      throw new EngineError('INVALID_INPUT', `SpatialIndex '${id}': ${resolved}`);
    this.config = resolved;
    this.tree = new RTree(resolved.dimensions, resolved);
  }

  /** Elements holding a geometry. */
  get size(): number {
    return this.tree.size;
  }

  /** A primitive key is not a geometry: ignored, and the add answers true (docs/indexes.md, Spatial). */
  add(): boolean {
    return true;
  }

  /** Sets (or replaces) the geometry of an element; INVALID_INPUT for a malformed one. */
  addGeometry(elementId: number, geometry: SpatialGeometry): void {
    this.tree.set(elementId, this.boxOf(geometry));
  }

  /** The element's bounding box as [lower..., upper...], if it has one. */
  geometryOf(elementId: number): { min: number[]; max: number[] } | undefined {
    const box = this.tree.boxOf(elementId);
    if (box === undefined) return undefined;
    const d = this.config.dimensions;
    return { min: [...box.subarray(0, d)], max: [...box.subarray(d)] };
  }

  removeElement(elementId: number): boolean {
    this.tree.remove(elementId);
    return true;
  }

  removeKey(): boolean {
    return false;
  }

  purge(elementId: number): void {
    this.tree.remove(elementId);
  }

  renumber(renumbering: Int32Array): void {
    const moved: [number, Box][] = [];
    this.tree.forEach((elementId, box) => {
      const renamed = elementId < renumbering.length ? renumbering[elementId] : -1;
      if (renamed >= 0) moved.push([renamed, box]);
    });
    this.tree.clear();
    for (const [elementId, box] of moved) this.tree.set(elementId, box);
  }

  clearEntries(): void {
    this.tree.clear();
  }

  within(elementId: number, distance: number, visit: IdVisitor): boolean {
    const box = this.tree.boxOf(elementId);
    if (box === undefined) return false;
    if (!Number.isFinite(distance)) return true;
    this.tree.search(this.grow(box, distance), visit);
    return true;
  }

  /** The query box: `box` grown by `distance` per axis under the index's metric. */
  grow(box: Box, distance: number): Box {
    const d = this.config.dimensions;
    const grown = Float64Array.from(box);
    const growth = new Float64Array(d).fill(distance);
    if (this.config.metric === 'Geographic') {
      const radius = this.config.earthRadius;
      growth[0] = (180 * distance) / (Math.PI * radius);
      const cosine = Math.cos((box[0] * Math.PI) / 180);
      growth[1] = cosine <= 0 ? 360 : Math.min(360, (180 * distance) / (Math.PI * radius * cosine));
    }
    for (let axis = 0; axis < d; axis++) {
      grown[axis] -= growth[axis];
      grown[axis + d] += growth[axis];
    }
    return grown;
  }

  serialize(): Uint8Array {
    const captured = this.capture();
    try {
      return joinParts(drain(captured.encodeSteps()));
    } finally {
      captured.release();
    }
  }

  /** The geometries now, in O(1) (`RTree.capture`); encoded later, whatever changes meanwhile. */
  capture(): IndexCapture {
    const captured = this.tree.capture();
    const config = this.config;
    return { encodeSteps: () => encodeSteps(config, captured), release: () => captured.release() };
  }

  static deserialize(id: string, payload: Uint8Array): SpatialIndex {
    return readPayload(payload, magic, formatVersion, `SpatialIndex '${id}'`, (input) => {
      const dimensions = input.varUint();
      const metric = metrics[input.u8()];
      if (metric === undefined) throw new IndexFormatError('unknown spatial metric');
      const earthRadius = input.f64();
      const minEntries = input.varUint();
      const maxEntries = input.varUint();
      const config = resolveConfig({ dimensions, metric, earthRadius, minEntries, maxEntries });
      if (typeof config === 'string') throw new IndexFormatError(`SpatialIndex '${id}': ${config}`);
      const index = new SpatialIndex(id, config);
      const count = input.varUint();
      for (let i = 0; i < count; i++) {
        const elementId = input.varUint();
        const box = new Float64Array(2 * dimensions);
        for (let j = 0; j < box.length; j++) box[j] = input.f64();
        if (!isValidBox(box, dimensions))
          throw new IndexFormatError(`element ${elementId} has a malformed box`);
        index.tree.set(elementId, box);
      }
      return index;
    });
  }

  private boxOf(geometry: SpatialGeometry): Box {
    const d = this.config.dimensions;
    const [min, max] = isPoint(geometry) ? [geometry, geometry] : [geometry.min, geometry.max];
    if (min.length !== d || max.length !== d) {
      throw new EngineError('INVALID_INPUT', `a geometry of SpatialIndex '${this.id}' has ${d} coordinates`);
    }
    const box = new Float64Array(2 * d);
    box.set(min, 0);
    box.set(max, d);
    if (!isValidBox(box, d)) {
      throw new EngineError(
        'INVALID_INPUT',
        'a geometry needs finite coordinates, each lower corner coordinate at most the upper one',
      );
    }
    return box;
  }
}

/** Boxes encoded between two pauses of a capture's encoding (a few milliseconds). */
const encodeStepBoxes = 8192;

/** The payload of `serialize` for captured geometries, pausing every `encodeStepBoxes` boxes. */
function* encodeSteps(
  config: Readonly<ResolvedConfig>,
  captured: RTreeCapture,
): Generator<void, Uint8Array[]> {
  const { dimensions, metric, earthRadius, minEntries, maxEntries } = config;
  const parts: Uint8Array[] = [];
  const out = startPayload(magic, formatVersion, payloadPartBytes);
  out.varUint(dimensions);
  out.u8(metrics.indexOf(metric));
  out.f64(earthRadius);
  out.varUint(minEntries);
  out.varUint(maxEntries);
  out.varUint(captured.size);
  let written = 0;
  for (const [elementId, box] of captured.entries()) {
    out.varUint(elementId);
    for (const coordinate of box) out.f64(coordinate);
    if (++written % encodeStepBoxes === 0) {
      takePart(out, parts);
      yield;
    }
  }
  if (written !== captured.size) {
    throw new Error(`SpatialIndex: captured ${captured.size} geometries, read back ${written}`);
  }
  takePart(out, parts);
  return parts;
}

function isPoint(geometry: SpatialGeometry): geometry is readonly number[] {
  return Array.isArray(geometry);
}

function isValidBox(box: Box, dimensions: number): boolean {
  for (let axis = 0; axis < dimensions; axis++) {
    const low = box[axis];
    const high = box[axis + dimensions];
    if (!Number.isFinite(low) || !Number.isFinite(high) || low > high) return false;
  }
  return true;
}

/**
 * Not creatable over the interface (`POST /index` answers false); the library creates it from options
 * `dimensions`, `metric` (`Euclidean` or `Geographic`), `earthRadius`, `minEntries`, `maxEntries`.
 */
export const spatialIndexPlugin: IndexPlugin = {
  pluginType: 'SpatialIndex',
  capabilities,
  creatableOverInterface: false,
  create: (id, options) => {
    const config = spatialConfigFromOptions(options);
    if (config === undefined || typeof resolveConfig(config) === 'string') return undefined;
    return new SpatialIndex(id, config);
  },
  deserialize: (id, payload) => SpatialIndex.deserialize(id, payload),
};
