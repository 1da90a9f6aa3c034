/**
 * The conformance corpus's fixed graph: 12 vertices and 20 edges with properties of most stored types,
 * built through the public engine API (one vertex batch, then one edge batch, in the order below), plus
 * embeddings written below the API into the embedding store (the public API has no provider stamps yet;
 * test/fragments/runtime/helpers.ts does the same).
 *
 * Every expectation in the corpus is reasoned from these tables; change the graph and the corpus with it.
 * Ids are the engine's (`ids.alice` in code): in the fresh engine the vertices get 0-11 in table order
 * (alice 0 ... ghost 11) and the edges 12-31 (aliceKnowsBob 12 ... globexLocatedInParis 31); cases that
 * filter on `Id` rely on that order.
 *
 * Vertices (creationDate in Unix seconds; modificationDate equals it, nothing is written afterwards
 * through the API). `-` means the property is absent. Types: i32 Int32, i64 Int64, i16 Int16, u8 Byte,
 * f64 Double, f32 Single, dec Decimal, str String, chr Char, dt DateTime (U = Utc, N = Unspecified),
 * ts TimeSpan, guid Guid, f32[] Single[] (an ordinary property, not an embedding).
 *
 * | name    | label   | created    | properties                                                                 |
 * |---------|---------|------------|----------------------------------------------------------------------------|
 * | alice   | person  | 1577836800 | name "Alice", age 34 i32, score 88.5 f64, weight 0.1 f32,                   |
 * |         |         | 2020-01-01 | big 9007199254740993 i64, price 19.99 dec, active true, initial 'A' chr,    |
 * |         |         |            | since 2015-03-01T08:30:00 dt U, shift 08:30:00 ts,                          |
 * |         |         |            | id 6f9619ff-8b86-d011-b42d-00c04fc964ff guid, email "alice@example.com",   |
 * |         |         |            | vec [1.5, -2, 0.25] f32[]                                                  |
 * | bob     | person  | 1577923200 | name "Bob", age 27 i32, score 72.25 f64, weight 2.5 f32, big -42 i64,       |
 * |         |         | 2020-01-02 | price 0.10 dec, active false, initial 'B' chr, since 2019-11-15T00:00:00 dt N,|
 * |         |         |            | shift 1.02:03:04 ts, id 00000000-0000-0000-0000-000000000000 guid,         |
 * |         |         |            | email "BOB@EXAMPLE.COM"                                                    |
 * | carol   | person  | 1578009600 | name "Carol", age 41 i32, score 95 f64, weight 0.001 f32,                   |
 * |         |         | 2020-01-03 | big 4611686018427387904 i64 (2^62), price 250.00 dec, active true,          |
 * |         |         |            | initial 'c' chr, since 2010-06-30T23:59:59 dt U, tags "red,green,blue",     |
 * |         |         |            | email "carol@sample.org"                                                   |
 * | dave    | person  | 0          | (no name) age 45 i64 (!), score 60.5 f32 (!), active true, nickname "",     |
 * |         |         | 1970-01-01 | initial '7' chr, price -3.5 dec                                            |
 * | erin    | person  | 1609459200 | name "\u00C9rin" ("Érin", precomposed), age 19 i32, score 70 f64,            |
 * |         |         | 2021-01-01 | active false, email "erin@example.com", nickname "  padded  ", big 0 i64,  |
 * |         |         |            | since 2024-02-29T12:00:00 dt U                                             |
 * | frank   | person  | 1577934245 | name "Frank", age 52 i32, score NaN f64 (no edges at all)                   |
 * |         |         | 2020-01-02T03:04:05                                                                     |
 * | acme    | company | 0          | name "Acme", employees 1200 i32, revenue 1234567.89 dec, ticker "ACME",     |
 * |         |         |            | founded 1999-01-01T00:00:00 dt U, public true, rating 4.5 f32,              |
 * |         |         |            | id 0f8fad5b-d9cb-469f-a165-70867728950e guid                               |
 * | globex  | company | 0          | name "Globex Corporation", employees 35 i16 (!), revenue 99.5 dec,          |
 * |         |         |            | founded 2005-07-04T00:00:00 dt U, public false                              |
 * | initech | company | 0          | name "Initech", employees 2147483647 i32 (int.MaxValue), public false       |
 * | paris   | city    | 0          | name "Paris", population 2148000 i32, country "FR", lat 48.8566 f64          |
 * | berlin  | city    | 0          | name "Berlin", population 3645000 i32, country "DE", lat 52.52 f64           |
 * | ghost   | (null)  | 0          | note "unlabelled", age -7 i32, code 200 u8                                  |
 *
 * Embeddings (reserved entries: they count in GetPropertyCount, never reach AnyPropertyValueMatches):
 * alice default [1, 0, 0] with stamp "bge-micro#3#Cosine"; bob default [0.6, 0.8, 0]; carol default
 * [0, 0, 1] and title [0, 1, 0]; acme default [1, 1, 0]; dave default [0, 0, 0] (cosine NaN); erin default
 * [1, 0] (another dimension); edge aliceKnowsBob default [0, 1, 0].
 *
 * Property counts (GetPropertyCount, reserved entries included): alice 15 (13 + embedding + stamp),
 * bob 13 (12 + embedding), carol 13 (11 + 2 embeddings), dave 7 (6 + embedding), erin 9 (8 + embedding),
 * frank 3, acme 9 (8 + embedding), globex 5, initech 3, paris 4, berlin 4, ghost 3.
 *
 * Edges (creationDate 0), in creation order:
 *
 * | name                 | source -> target  | type      | label        | properties                                  |
 * |----------------------|-------------------|-----------|--------------|---------------------------------------------|
 * | aliceKnowsBob        | alice -> bob      | knows     | "friend"     | strength 0.9 f64, years 10 i32 (+ embedding) |
 * | bobKnowsAlice        | bob -> alice      | knows     | "friend"     | strength 0.7 f64, years 10 i32               |
 * | aliceKnowsCarol      | alice -> carol    | knows     | null         | strength 0.4 f64, years 3 i32                |
 * | carolKnowsDave       | carol -> dave     | knows     | "colleague"  | strength 0.95 f64, years 1 i32               |
 * | daveKnowsErin        | dave -> erin      | knows     | null         | strength 0.2 f32 (!)                         |
 * | erinKnowsAlice       | erin -> alice     | knows     | "friend"     | strength 0.5 f64, years 0 i32                |
 * | bobKnowsCarol        | bob -> carol      | knows     | null         | (none)                                      |
 * | aliceWorksAtAcme     | alice -> acme     | worksAt   | "employment" | role "engineer", salary 85000.50 dec, hours 40 i32, since 2018-05-01 dt U |
 * | bobWorksAtAcme       | bob -> acme       | worksAt   | "employment" | role "manager", salary 92000 dec, hours 45 i32 |
 * | carolWorksAtGlobex   | carol -> globex   | worksAt   | "employment" | role "Director", salary 150000.00 dec, hours 50 i32 |
 * | daveWorksAtInitech   | dave -> initech   | worksAt   | "employment" | role "engineer", hours 38 i32                |
 * | erinWorksAtInitech   | erin -> initech   | worksAt   | "employment" | role "intern", salary 1200.75 dec, hours 20 i32 |
 * | aliceLivesInParis    | alice -> paris    | livesIn   | null         | distance 2.5 f32                            |
 * | bobLivesInBerlin     | bob -> berlin     | livesIn   | null         | distance 12.25 f32                          |
 * | carolLivesInParis    | carol -> paris    | livesIn   | null         | distance 0.5 f32                            |
 * | daveLivesInBerlin    | dave -> berlin    | livesIn   | null         | (none)                                      |
 * | erinLivesInBerlin    | erin -> berlin    | livesIn   | null         | distance 7.75 f32                           |
 * | ghostLivesInParis    | ghost -> paris    | livesIn   | null         | (none)                                      |
 * | acmeLocatedInBerlin  | acme -> berlin    | locatedIn | "hq"         | since 2001-09-01T00:00:00 dt U               |
 * | globexLocatedInParis | globex -> paris   | locatedIn | null         | (none)                                      |
 *
 * Degrees (out/in): alice 4/2, bob 4/1, carol 3/2, dave 3/1, erin 3/1, frank 0/0, acme 1/2, globex 1/1,
 * initech 0/2, paris 0/4, berlin 0/4, ghost 1/0. `OutEdges` is null for frank, initech, paris, berlin;
 * `InEdges` is null for frank and ghost. Out-edge groups: alice {knows 2, worksAt 1, livesIn 1}, bob
 * {knows 2, worksAt 1, livesIn 1}, carol/dave/erin {knows 1, worksAt 1, livesIn 1}, acme/globex
 * {locatedIn 1}, ghost {livesIn 1}. In-edge groups: alice {knows 2}, bob/carol/dave/erin {knows 1 or 2},
 * acme {worksAt 2}, globex {worksAt 1}, initech {worksAt 2}, paris {livesIn 3, locatedIn 1}, berlin
 * {livesIn 3, locatedIn 1}.
 */
import { Engine, parseValue, type EdgeInput, type TypedValue, type VertexInput } from '../../../src/index.js';

export const VERTEX_NAMES = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'acme',
  'globex',
  'initech',
  'paris',
  'berlin',
  'ghost',
] as const;
export type VertexName = (typeof VERTEX_NAMES)[number];

export const EDGE_NAMES = [
  'aliceKnowsBob',
  'bobKnowsAlice',
  'aliceKnowsCarol',
  'carolKnowsDave',
  'daveKnowsErin',
  'erinKnowsAlice',
  'bobKnowsCarol',
  'aliceWorksAtAcme',
  'bobWorksAtAcme',
  'carolWorksAtGlobex',
  'daveWorksAtInitech',
  'erinWorksAtInitech',
  'aliceLivesInParis',
  'bobLivesInBerlin',
  'carolLivesInParis',
  'daveLivesInBerlin',
  'erinLivesInBerlin',
  'ghostLivesInParis',
  'acmeLocatedInBerlin',
  'globexLocatedInParis',
] as const;
export type EdgeName = (typeof EDGE_NAMES)[number];
export type ElementName = VertexName | EdgeName;

/** The edge types of the graph, in the order their first edge is created. */
export const EDGE_TYPES = ['knows', 'worksAt', 'livesIn', 'locatedIn'] as const;

/** What an EdgePropertyFilter is run on: the graph's edge types and two near misses. */
export const EDGE_PROPERTY_FILTER_INPUTS: readonly string[] = [...EDGE_TYPES, 'Knows', ''];

const TICKS_PER_MILLISECOND = 10_000n;
const UNIX_EPOCH_TICKS = 621_355_968_000_000_000n;

function dateTime(kind: 'Utc' | 'Unspecified', y: number, mo: number, d: number, h = 0, mi = 0, s = 0) {
  const ms = BigInt(Date.UTC(y, mo - 1, d, h, mi, s));
  return { type: 'DateTime', value: { ticks: UNIX_EPOCH_TICKS + ms * TICKS_PER_MILLISECOND, kind } } as const;
}

const str = (value: string): TypedValue => ({ type: 'String', value });
const i32 = (value: number): TypedValue => ({ type: 'Int32', value });
const i64 = (value: bigint): TypedValue => ({ type: 'Int64', value });
const f64 = (value: number): TypedValue => ({ type: 'Double', value });
const f32 = (value: number): TypedValue => ({ type: 'Single', value: Math.fround(value) });
/** Through the text parser, as the API stores a decimal: it keeps the scale (`0.10` prints `0.10`). */
const dec = (text: string): TypedValue => parseValue('Decimal', text);
const bool = (value: boolean): TypedValue => ({ type: 'Boolean', value });
const chr = (value: string): TypedValue => ({ type: 'Char', value });
const guid = (value: string): TypedValue => ({ type: 'Guid', value });
/** TimeSpan from days, hours, minutes, seconds. */
const ts = (days: number, hours: number, minutes: number, seconds: number): TypedValue => ({
  type: 'TimeSpan',
  value: BigInt(((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 10_000_000n,
});

type Props = Record<string, TypedValue>;

const VERTICES: Record<VertexName, { label: string | null; created: number; props: Props }> = {
  alice: {
    label: 'person',
    created: 1_577_836_800,
    props: {
      name: str('Alice'),
      age: i32(34),
      score: f64(88.5),
      weight: f32(0.1),
      big: i64(9_007_199_254_740_993n),
      price: dec('19.99'),
      active: bool(true),
      initial: chr('A'),
      since: dateTime('Utc', 2015, 3, 1, 8, 30, 0),
      shift: ts(0, 8, 30, 0),
      id: guid('6f9619ff-8b86-d011-b42d-00c04fc964ff'),
      email: str('alice@example.com'),
      vec: { type: 'Single[]', value: new Float32Array([1.5, -2, 0.25]) },
    },
  },
  bob: {
    label: 'person',
    created: 1_577_923_200,
    props: {
      name: str('Bob'),
      age: i32(27),
      score: f64(72.25),
      weight: f32(2.5),
      big: i64(-42n),
      price: dec('0.10'),
      active: bool(false),
      initial: chr('B'),
      since: dateTime('Unspecified', 2019, 11, 15),
      shift: ts(1, 2, 3, 4),
      id: guid('00000000-0000-0000-0000-000000000000'),
      email: str('BOB@EXAMPLE.COM'),
    },
  },
  carol: {
    label: 'person',
    created: 1_578_009_600,
    props: {
      name: str('Carol'),
      age: i32(41),
      score: f64(95),
      weight: f32(0.001),
      big: i64(4_611_686_018_427_387_904n),
      price: dec('250.00'),
      active: bool(true),
      initial: chr('c'),
      since: dateTime('Utc', 2010, 6, 30, 23, 59, 59),
      tags: str('red,green,blue'),
      email: str('carol@sample.org'),
    },
  },
  dave: {
    label: 'person',
    created: 0,
    props: {
      age: i64(45n),
      score: f32(60.5),
      active: bool(true),
      nickname: str(''),
      initial: chr('7'),
      price: dec('-3.5'),
    },
  },
  erin: {
    label: 'person',
    created: 1_609_459_200,
    props: {
      name: str('\u00C9rin'),
      age: i32(19),
      score: f64(70),
      active: bool(false),
      email: str('erin@example.com'),
      nickname: str('  padded  '),
      big: i64(0n),
      since: dateTime('Utc', 2024, 2, 29, 12, 0, 0),
    },
  },
  frank: {
    label: 'person',
    created: 1_577_934_245,
    props: { name: str('Frank'), age: i32(52), score: f64(NaN) },
  },
  acme: {
    label: 'company',
    created: 0,
    props: {
      name: str('Acme'),
      employees: i32(1200),
      revenue: dec('1234567.89'),
      ticker: str('ACME'),
      founded: dateTime('Utc', 1999, 1, 1),
      public: bool(true),
      rating: f32(4.5),
      id: guid('0f8fad5b-d9cb-469f-a165-70867728950e'),
    },
  },
  globex: {
    label: 'company',
    created: 0,
    props: {
      name: str('Globex Corporation'),
      employees: { type: 'Int16', value: 35 },
      revenue: dec('99.5'),
      founded: dateTime('Utc', 2005, 7, 4),
      public: bool(false),
    },
  },
  initech: {
    label: 'company',
    created: 0,
    props: { name: str('Initech'), employees: i32(2_147_483_647), public: bool(false) },
  },
  paris: {
    label: 'city',
    created: 0,
    props: { name: str('Paris'), population: i32(2_148_000), country: str('FR'), lat: f64(48.8566) },
  },
  berlin: {
    label: 'city',
    created: 0,
    props: { name: str('Berlin'), population: i32(3_645_000), country: str('DE'), lat: f64(52.52) },
  },
  ghost: {
    label: null,
    created: 0,
    props: { note: str('unlabelled'), age: i32(-7), code: { type: 'Byte', value: 200 } },
  },
};

const EDGES: Record<
  EdgeName,
  { from: VertexName; to: VertexName; type: string; label: string | null; props: Props }
> = {
  aliceKnowsBob: {
    from: 'alice',
    to: 'bob',
    type: 'knows',
    label: 'friend',
    props: { strength: f64(0.9), years: i32(10) },
  },
  bobKnowsAlice: {
    from: 'bob',
    to: 'alice',
    type: 'knows',
    label: 'friend',
    props: { strength: f64(0.7), years: i32(10) },
  },
  aliceKnowsCarol: {
    from: 'alice',
    to: 'carol',
    type: 'knows',
    label: null,
    props: { strength: f64(0.4), years: i32(3) },
  },
  carolKnowsDave: {
    from: 'carol',
    to: 'dave',
    type: 'knows',
    label: 'colleague',
    props: { strength: f64(0.95), years: i32(1) },
  },
  daveKnowsErin: { from: 'dave', to: 'erin', type: 'knows', label: null, props: { strength: f32(0.2) } },
  erinKnowsAlice: {
    from: 'erin',
    to: 'alice',
    type: 'knows',
    label: 'friend',
    props: { strength: f64(0.5), years: i32(0) },
  },
  bobKnowsCarol: { from: 'bob', to: 'carol', type: 'knows', label: null, props: {} },
  aliceWorksAtAcme: {
    from: 'alice',
    to: 'acme',
    type: 'worksAt',
    label: 'employment',
    props: {
      role: str('engineer'),
      salary: dec('85000.50'),
      hours: i32(40),
      since: dateTime('Utc', 2018, 5, 1),
    },
  },
  bobWorksAtAcme: {
    from: 'bob',
    to: 'acme',
    type: 'worksAt',
    label: 'employment',
    props: { role: str('manager'), salary: dec('92000'), hours: i32(45) },
  },
  carolWorksAtGlobex: {
    from: 'carol',
    to: 'globex',
    type: 'worksAt',
    label: 'employment',
    props: { role: str('Director'), salary: dec('150000.00'), hours: i32(50) },
  },
  daveWorksAtInitech: {
    from: 'dave',
    to: 'initech',
    type: 'worksAt',
    label: 'employment',
    props: { role: str('engineer'), hours: i32(38) },
  },
  erinWorksAtInitech: {
    from: 'erin',
    to: 'initech',
    type: 'worksAt',
    label: 'employment',
    props: { role: str('intern'), salary: dec('1200.75'), hours: i32(20) },
  },
  aliceLivesInParis: {
    from: 'alice',
    to: 'paris',
    type: 'livesIn',
    label: null,
    props: { distance: f32(2.5) },
  },
  bobLivesInBerlin: {
    from: 'bob',
    to: 'berlin',
    type: 'livesIn',
    label: null,
    props: { distance: f32(12.25) },
  },
  carolLivesInParis: {
    from: 'carol',
    to: 'paris',
    type: 'livesIn',
    label: null,
    props: { distance: f32(0.5) },
  },
  daveLivesInBerlin: { from: 'dave', to: 'berlin', type: 'livesIn', label: null, props: {} },
  erinLivesInBerlin: {
    from: 'erin',
    to: 'berlin',
    type: 'livesIn',
    label: null,
    props: { distance: f32(7.75) },
  },
  ghostLivesInParis: { from: 'ghost', to: 'paris', type: 'livesIn', label: null, props: {} },
  acmeLocatedInBerlin: {
    from: 'acme',
    to: 'berlin',
    type: 'locatedIn',
    label: 'hq',
    props: { since: dateTime('Utc', 2001, 9, 1) },
  },
  globexLocatedInParis: { from: 'globex', to: 'paris', type: 'locatedIn', label: null, props: {} },
};

/** Embeddings by element: name -> vector (written under the reserved `$embedding:<name>` key). */
const EMBEDDINGS: Partial<Record<ElementName, Record<string, readonly number[]>>> = {
  alice: { default: [1, 0, 0] },
  bob: { default: [0.6, 0.8, 0] },
  carol: { default: [0, 0, 1], title: [0, 1, 0] },
  acme: { default: [1, 1, 0] },
  dave: { default: [0, 0, 0] },
  erin: { default: [1, 0] },
  aliceKnowsBob: { default: [0, 1, 0] },
};

const EMBEDDING_STAMPS: Partial<Record<ElementName, Record<string, string>>> = {
  alice: { default: 'bge-micro#3#Cosine' },
};

export interface SampleGraph {
  readonly engine: Engine;
  /** Engine ids by element name. */
  readonly ids: Readonly<Record<ElementName, number>>;
  /** Element name by engine id. */
  readonly nameOf: ReadonlyMap<number, ElementName>;
  /** Vertex ids in creation order. */
  readonly vertexIds: readonly number[];
  /** Edge ids in creation order. */
  readonly edgeIds: readonly number[];
}

function toInputs(props: Props): VertexInput['properties'] {
  return Object.entries(props).map(([key, value]) => ({ key, value }));
}

/** Builds the sample graph in a fresh engine. */
export async function buildSampleGraph(): Promise<SampleGraph> {
  const engine = new Engine();
  const vertexIds = await engine.createVertices(
    VERTEX_NAMES.map((name): VertexInput => ({
      label: VERTICES[name].label,
      creationDate: VERTICES[name].created,
      properties: toInputs(VERTICES[name].props),
    })),
  );
  const ids = {} as Record<ElementName, number>;
  VERTEX_NAMES.forEach((name, i) => (ids[name] = vertexIds[i]));
  const edgeIds = await engine.createEdges(
    EDGE_NAMES.map((name): EdgeInput => {
      const edge = EDGES[name];
      return {
        sourceVertex: ids[edge.from],
        targetVertex: ids[edge.to],
        edgePropertyId: edge.type,
        label: edge.label,
        creationDate: 0,
        properties: toInputs(edge.props),
      };
    }),
  );
  EDGE_NAMES.forEach((name, i) => (ids[name] = edgeIds[i]));

  const graph = engine.graph;
  for (const [name, vectors] of Object.entries(EMBEDDINGS)) {
    for (const [embedding, vector] of Object.entries(vectors)) {
      const stamp = EMBEDDING_STAMPS[name as ElementName]?.[embedding] ?? null;
      graph.embeddings.set(ids[name as ElementName], embedding, new Float32Array(vector), stamp);
    }
  }

  const nameOf = new Map<number, ElementName>();
  for (const [name, id] of Object.entries(ids)) nameOf.set(id, name as ElementName);
  return { engine, ids, nameOf, vertexIds, edgeIds };
}
