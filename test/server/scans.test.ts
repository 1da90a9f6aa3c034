/** Full-graph property scans (docs/elements.md): typed comparison, label restrictor, resultType, errors. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertJson, assertProblem, describePrefix, prefixes, useServer } from '../support/server.js';

const int32 = (propertyId: string, value: number) => ({
  propertyId,
  propertyValue: String(value),
  fullQualifiedTypeName: 'System.Int32',
});
const string = (propertyId: string, value: string) => ({
  propertyId,
  propertyValue: value,
  fullQualifiedTypeName: 'System.String',
});
const literal = (value: string, fullQualifiedTypeName?: string) => ({ value, fullQualifiedTypeName });

const Equals = 0;
const Greater = 1;
const GreaterOrEquals = 2;
const Lower = 3;
const LowerOrEquals = 4;
const NotEquals = 5;

for (const prefix of prefixes) {
  describe(`scans: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    /**
     * v0 city age:Int32 10 name Oslo; v1 city age:Int32 20; v2 town age:Int32 30 name Bergen;
     * v3 city age:Int64 20; v4 city (no age); e5 v0->v1 label city age:Int32 20; e6 v1->v2 age:Int32 5.
     */
    async function seed() {
      const { client } = fixture;
      await client.vertices(
        { label: 'city', properties: [int32('age', 10), string('name', 'Oslo')] },
        { label: 'city', properties: [int32('age', 20)] },
        { label: 'town', properties: [int32('age', 30), string('name', 'Bergen')] },
        {
          label: 'city',
          properties: [{ propertyId: 'age', propertyValue: '20', fullQualifiedTypeName: 'Int64' }],
        },
        { label: 'city' },
      );
      await client.edges(
        {
          sourceVertex: 0,
          targetVertex: 1,
          edgePropertyId: 'road',
          label: 'city',
          properties: [int32('age', 20)],
        },
        {
          sourceVertex: 1,
          targetVertex: 2,
          edgePropertyId: 'road',
          properties: [int32('age', 5), string('note', 'via OSLO')],
        },
      );
    }

    const scan = (propertyId: string, body: unknown) =>
      fixture.client.post(`/scan/graph/property/${propertyId}`, body);
    const hits = async (propertyId: string, body: unknown) =>
      assertJson<number[]>(await scan(propertyId, body));

    describe('POST /scan/graph/property/{propertyId}', () => {
      it('each of the six operators compares the stored value with the literal', async () => {
        await seed();
        const twenty = literal('20', 'System.Int32');
        assert.deepEqual(await hits('age', { operator: Equals, literal: twenty }), [1]);
        assert.deepEqual(await hits('age', { operator: Greater, literal: twenty }), [2]);
        assert.deepEqual(await hits('age', { operator: GreaterOrEquals, literal: twenty }), [1, 2]);
        assert.deepEqual(await hits('age', { operator: Lower, literal: twenty }), [0]);
        assert.deepEqual(await hits('age', { operator: LowerOrEquals, literal: twenty }), [0, 1]);
        assert.deepEqual(await hits('age', { operator: NotEquals, literal: twenty }), [0, 2]);
      });

      it('a stored value of another type than the literal matches under no operator, NotEquals included', async () => {
        await seed();
        const asInt64 = literal('99', 'Int64');
        assert.deepEqual(await hits('age', { operator: NotEquals, literal: asInt64 }), [3]);
        assert.deepEqual(await hits('age', { operator: Lower, literal: asInt64 }), [3]);
        for (let operator = 0; operator <= 5; operator++) {
          assert.deepEqual(
            await hits('age', { operator, literal: literal('20', 'String'), resultType: 'Both' }),
            [],
          );
          assert.deepEqual(
            await hits('age', { operator, literal: literal('20', 'Double'), resultType: 'Both' }),
            [],
          );
        }
      });

      it('elements without the property never match, and an unknown key matches nothing', async () => {
        await seed();
        assert.ok(!(await hits('age', { operator: NotEquals, literal: literal('0', 'Int32') })).includes(4));
        assert.deepEqual(await hits('nothing', { operator: NotEquals, literal: literal('0', 'Int32') }), []);
      });

      it('the label restrictor keeps exact, case-sensitive label matches', async () => {
        await seed();
        const body = { operator: GreaterOrEquals, literal: literal('0', 'Int32'), resultType: 'Both' };
        assert.deepEqual(await hits('age', { ...body, label: 'city' }), [0, 1, 5]);
        assert.deepEqual(await hits('age', { ...body, label: 'town' }), [2]);
        assert.deepEqual(await hits('age', { ...body, label: 'City' }), []);
        assert.deepEqual(await hits('age', { ...body, label: 'nowhere' }), []);
        assert.deepEqual(await hits('age', { ...body, label: null }), [0, 1, 2, 5, 6]);
      });

      it('resultType defaults to Vertices and reads names case-insensitively or as 0, 1, 2', async () => {
        await seed();
        const body = { operator: Equals, literal: literal('20', 'Int32') };
        assert.deepEqual(await hits('age', body), [1]);
        assert.deepEqual(await hits('age', { ...body, resultType: 'Vertices' }), [1]);
        assert.deepEqual(await hits('age', { ...body, resultType: 'edges' }), [5]);
        assert.deepEqual(await hits('age', { ...body, resultType: 'BOTH' }), [1, 5]);
        assert.deepEqual(await hits('age', { ...body, resultType: 0 }), [1]);
        assert.deepEqual(await hits('age', { ...body, resultType: 1 }), [5]);
        assert.deepEqual(await hits('age', { ...body, resultType: 2 }), [1, 5]);
      });

      it('an unknown resultType is 400', async () => {
        await seed();
        const body = { operator: Equals, literal: literal('20', 'Int32') };
        const problem = assertProblem(await scan('age', { ...body, resultType: 'Nodes' }), 400);
        assert.match(String(problem.detail), /Nodes/);
        assertProblem(await scan('age', { ...body, resultType: 3 }), 400);
        assertProblem(await scan('age', { ...body, resultType: true }), 400);
      });

      it('results are ascending ids', async () => {
        const { client } = fixture;
        await client.vertices(...[5, 3, 9, 1, 7].map((n) => ({ properties: [int32('n', n)] })));
        assert.deepEqual(
          await hits('n', { operator: Greater, literal: literal('2', 'Int32') }),
          [0, 1, 2, 4],
        );
      });

      it('a literal without a type name is a String', async () => {
        await seed();
        assert.deepEqual(await hits('name', { operator: Equals, literal: { value: 'Oslo' } }), [0]);
        const nullType = { operator: Equals, literal: { value: 'Bergen', fullQualifiedTypeName: null } };
        assert.deepEqual(await hits('name', nullType), [2]);
        assert.deepEqual(await hits('name', { operator: Equals, literal: { value: 'oslo' } }), []);
      });

      it('an absent operator means Equals', async () => {
        await seed();
        assert.deepEqual(await hits('age', { literal: literal('10', 'Int32') }), [0]);
      });

      it('string ordering is linguistic: a < A < b < B', async () => {
        const { client } = fixture;
        await client.vertices(...['B', 'a', 'c', 'A', 'b'].map((s) => ({ properties: [string('s', s)] })));
        assert.deepEqual(await hits('s', { operator: Lower, literal: literal('B', 'String') }), [1, 3, 4]);
        assert.deepEqual(
          await hits('s', { operator: Greater, literal: literal('a', 'String') }),
          [0, 2, 3, 4],
        );
      });

      it('a missing literal is 400 with the validation errors member naming it', async () => {
        await seed();
        const problem = assertProblem(await scan('age', { operator: Equals }), 400);
        assert.equal(problem.title, 'One or more validation errors occurred.');
        assert.deepEqual(Object.keys(problem.errors as object), ['literal']);
        assertProblem(await scan('age', { operator: Equals, literal: null }), 400);
      });

      it('a literal without a value, with an unknown type or an unconvertible value is 400', async () => {
        await seed();
        assertProblem(
          await scan('age', { operator: Equals, literal: { fullQualifiedTypeName: 'Int32' } }),
          400,
        );
        assertProblem(await scan('age', { operator: Equals, literal: literal('20', 'System.Int128') }), 400);
        assertProblem(await scan('age', { operator: Equals, literal: literal('twenty', 'Int32') }), 400);
        assertProblem(await scan('age', { operator: Equals, literal: literal('3000000000', 'Int32') }), 400);
      });

      it('an operator outside 0..5 or not an integer is 400', async () => {
        await seed();
        assertProblem(await scan('age', { operator: 6, literal: literal('1', 'Int32') }), 400);
        assertProblem(await scan('age', { operator: -1, literal: literal('1', 'Int32') }), 400);
        assertProblem(await scan('age', { operator: 'Equals', literal: literal('1', 'Int32') }), 400);
      });

      it('a JSON null body is 400', async () => {
        assertProblem(await scan('age', null), 400);
      });
    });

    describe('POST /scan/graph/properties', () => {
      const textScan = (body: unknown) => fixture.client.post('/scan/graph/properties', body);

      it('matches any property text containing the term, ignoring case, over vertices and edges by default', async () => {
        await seed();
        assert.deepEqual(assertJson(await textScan({ searchTerm: 'oslo' })), [0, 6]);
        assert.deepEqual(assertJson(await textScan({ searchTerm: 'ERG' })), [2]);
        assert.deepEqual(assertJson(await textScan({ searchTerm: 'nothing-like-this' })), []);
      });

      it('numbers are searched in their invariant text', async () => {
        await seed();
        assert.deepEqual(assertJson(await textScan({ searchTerm: '20' })), [1, 3, 5]);
      });

      it('honours the label restrictor and resultType', async () => {
        await seed();
        assert.deepEqual(assertJson(await textScan({ searchTerm: '20', label: 'city' })), [1, 3, 5]);
        assert.deepEqual(assertJson(await textScan({ searchTerm: '20', resultType: 'Vertices' })), [1, 3]);
        assert.deepEqual(assertJson(await textScan({ searchTerm: '20', resultType: 1 })), [5]);
        assert.deepEqual(assertJson(await textScan({ searchTerm: 'E', label: 'town' })), [2]);
        assertProblem(await textScan({ searchTerm: '20', resultType: 'Everything' }), 400);
      });

      it('a missing, null or blank searchTerm is 400', async () => {
        assertProblem(await textScan({}), 400);
        assertProblem(await textScan({ searchTerm: null }), 400);
        assertProblem(await textScan({ searchTerm: '   ' }), 400);
        assertProblem(await textScan({ searchTerm: '' }), 400);
        assertProblem(await textScan(null), 400);
      });
    });
  });
}
