/**
 * JSON schemas shared by the route areas: one source for validation, serialization and the OpenAPI
 * document. Request bodies ignore unknown fields; response schemas list every field (null when unset).
 */
import { Type } from 'typebox';
import type { ScanOperator } from '../../index.js';

export const Int32 = Type.Integer({ minimum: -(2 ** 31), maximum: 2 ** 31 - 1 });
export const ElementId = Type.Integer({
  minimum: -(2 ** 31),
  maximum: 2 ** 31 - 1,
  description: 'Element id',
});

/**
 * A scan's comparison as the integer of `ScanOperator`; the schema admits exactly its values, so it types
 * the field as `ScanOperator`.
 */
export const ScanOperatorSchema = Type.Unsafe<ScanOperator>(
  Type.Integer({
    minimum: 0,
    maximum: 5,
    default: 0,
    description: '0 Equals, 1 Greater, 2 GreaterOrEquals, 3 Lower, 4 LowerOrEquals, 5 NotEquals',
  }),
);

export const IdParams = Type.Object({ id: ElementId });

export const WaitQuery = Type.Object({
  waitForCompletion: Type.Optional(
    Type.Boolean({ default: false, description: 'Answer only after the write committed (or failed).' }),
  ),
});

export const PropertySpecification = Type.Object(
  {
    propertyId: Type.Optional(Type.String()),
    propertyValue: Type.Optional(Type.String()),
    fullQualifiedTypeName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  {
    description: 'A typed value: text plus a type name (absent: System.Int32; null or empty: System.String)',
  },
);

export const LiteralSpecification = Type.Object({
  value: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  fullQualifiedTypeName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const WireProperty = Type.Object({
  propertyId: Type.String(),
  fullQualifiedTypeName: Type.String(),
  propertyValue: Type.String(),
});

const Adjacency = Type.Union([Type.Record(Type.String(), Type.Array(Type.Integer())), Type.Null()]);

const elementFields = {
  id: Type.Integer(),
  creationDate: Type.String({ description: 'ISO-8601, no zone designator (UTC)' }),
  modificationDate: Type.String({ description: 'ISO-8601, no zone designator (UTC)' }),
  label: Type.Union([Type.String(), Type.Null()]),
  properties: Type.Array(WireProperty),
};

export const WireVertex = Type.Object({ ...elementFields, outEdges: Adjacency, inEdges: Adjacency });

export const WireEdge = Type.Object({
  ...elementFields,
  sourceVertex: Type.Integer(),
  targetVertex: Type.Integer(),
  edgePropertyId: Type.String(),
});

export const WireSummary = Type.Object({
  ...elementFields,
  kind: Type.Union([Type.Literal('vertex'), Type.Literal('edge')]),
});

export const VertexCreate = Type.Object({
  creationDate: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2 ** 32 - 1, description: 'Unix seconds' }),
  ),
  label: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  properties: Type.Optional(Type.Union([Type.Array(PropertySpecification), Type.Null()])),
});

export const EdgeCreate = Type.Object({
  sourceVertex: Int32,
  targetVertex: Int32,
  edgePropertyId: Type.String({ minLength: 1 }),
  creationDate: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2 ** 32 - 1, description: 'Unix seconds' }),
  ),
  label: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  properties: Type.Optional(Type.Union([Type.Array(PropertySpecification), Type.Null()])),
});

export const IdList = Type.Array(Type.Integer());

/** Bare `true`/`false` results. */
export const BooleanResult = Type.Boolean();

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: '`urn:skein:problem:<code>`, the code of the problem registry' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.Optional(Type.String()),
  },
  { additionalProperties: true, description: 'application/problem+json' },
);

export const ResultTypeSchema = Type.Union(
  [
    Type.String({ description: 'Vertices, Edges or Both (case-insensitive)' }),
    Type.Integer({ minimum: 0, maximum: 2, description: '0 Vertices, 1 Edges, 2 Both' }),
  ],
  { description: 'Vertices, Edges or Both; also 0, 1, 2' },
);
