/**
 * Typed values through the HTTP surface (docs/elements.md, Typed values): exact round trips of values JSON numbers could
 * not carry, the read text of each type, type-name lookup, and the 400s of bad names and values.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertEmpty,
  assertJson,
  assertProblem,
  describePrefix,
  prefixes,
  useServer,
} from '../support/server.js';

interface WireProperty {
  propertyId: string;
  fullQualifiedTypeName: string;
  propertyValue: string;
}

for (const prefix of prefixes) {
  describe(`typed values: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    /** Writes one property (waited) on a fresh vertex and returns what reads back for it. */
    async function roundTrip(typeName: string, text: string): Promise<[string, string]> {
      const { client } = fixture;
      const [id] = await client.vertices({});
      const reply = await client.put(`/graphelement/${id}/v?waitForCompletion=true`, {
        propertyValue: text,
        fullQualifiedTypeName: typeName,
      });
      assertEmpty(reply, 202);
      const { properties } = await client.read<{ properties: WireProperty[] }>(`/graphelement/${id}`);
      assert.equal(properties.length, 1);
      return [properties[0].fullQualifiedTypeName, properties[0].propertyValue];
    }

    it('Int64 beyond 2^53 and UInt64 max round-trip exactly, and scans compare them exactly', async () => {
      const { client } = fixture;
      assert.deepEqual(await roundTrip('System.Int64', '-9007199254740993'), [
        'System.Int64',
        '-9007199254740993',
      ]);
      assert.deepEqual(await roundTrip('Int64', '9223372036854775807'), [
        'System.Int64',
        '9223372036854775807',
      ]);
      assert.deepEqual(await roundTrip('UInt64', '18446744073709551615'), [
        'System.UInt64',
        '18446744073709551615',
      ]);
      const exact = { operator: 0, literal: { value: '-9007199254740993', fullQualifiedTypeName: 'Int64' } };
      assert.deepEqual(assertJson(await client.post('/scan/graph/property/v', exact)), [0]);
      const neighbour = {
        operator: 0,
        literal: { value: '-9007199254740992', fullQualifiedTypeName: 'Int64' },
      };
      assert.deepEqual(assertJson(await client.post('/scan/graph/property/v', neighbour)), []);
    });

    it('Decimal round-trips exactly, keeping its scale', async () => {
      assert.deepEqual(await roundTrip('Decimal', '79228162514264337593543950335'), [
        'System.Decimal',
        '79228162514264337593543950335',
      ]);
      assert.deepEqual(await roundTrip('decimal', '0.0000000000000000000000000001'), [
        'System.Decimal',
        '0.0000000000000000000000000001',
      ]);
      assert.deepEqual(await roundTrip('Decimal', '1.250'), ['System.Decimal', '1.250']);
      assert.deepEqual(await roundTrip('Decimal', '-1.25'), ['System.Decimal', '-1.25']);
    });

    it('DateTime and DateTimeOffset read in round-trip form, keeping the zone designator', async () => {
      assert.deepEqual(await roundTrip('DateTime', '2026-08-09T10:00:00.0000000'), [
        'System.DateTime',
        '2026-08-09T10:00:00.0000000',
      ]);
      assert.deepEqual(await roundTrip('System.DateTime', '2026-08-09T10:00:00Z'), [
        'System.DateTime',
        '2026-08-09T10:00:00.0000000Z',
      ]);
      assert.deepEqual(await roundTrip('DateTime', '0001-01-01T00:00:00.0000001'), [
        'System.DateTime',
        '0001-01-01T00:00:00.0000001',
      ]);
      assert.deepEqual(await roundTrip('DateTimeOffset', '2026-08-09T10:00:00.1234567+02:00'), [
        'System.DateTimeOffset',
        '2026-08-09T10:00:00.1234567+02:00',
      ]);
    });

    it('each remaining type reads back in its canonical text', async () => {
      const cases: [string, string, string, string][] = [
        ['String', 'héllo wörld ✓', 'System.String', 'héllo wörld ✓'],
        ['bool', 'true', 'System.Boolean', 'True'],
        ['Boolean', 'FALSE', 'System.Boolean', 'False'],
        ['byte', '255', 'System.Byte', '255'],
        ['sbyte', '-128', 'System.SByte', '-128'],
        ['short', '-300', 'System.Int16', '-300'],
        ['ushort', '65535', 'System.UInt16', '65535'],
        ['int', '-2147483648', 'System.Int32', '-2147483648'],
        ['uint', '4294967295', 'System.UInt32', '4294967295'],
        ['float', '0.8', 'System.Single', '0.8'],
        ['double', '0.8', 'System.Double', '0.8'],
        ['char', 'x', 'System.Char', 'x'],
        ['TimeSpan', '01:30:00', 'System.TimeSpan', '01:30:00'],
        ['TimeSpan', '1.02:03:04.5', 'System.TimeSpan', '1.02:03:04.5000000'],
        [
          'Guid',
          '2F1C4B6A-9D33-4F7E-9A11-6B2C8D5E4F30',
          'System.Guid',
          '2f1c4b6a-9d33-4f7e-9a11-6b2c8d5e4f30',
        ],
      ];
      for (const [typeName, text, expectedType, expectedText] of cases) {
        assert.deepEqual(
          await roundTrip(typeName, text),
          [expectedType, expectedText],
          `${typeName} '${text}'`,
        );
      }
    });

    it('type names are looked up case-insensitively by full name, short name and C# alias', async () => {
      for (const typeName of ['System.Int32', 'system.int32', 'Int32', 'INT32', 'int', 'Int']) {
        assert.deepEqual(await roundTrip(typeName, '5'), ['System.Int32', '5'], typeName);
      }
      assert.deepEqual(await roundTrip('LONG', '5'), ['System.Int64', '5']);
      assert.deepEqual(await roundTrip('System.Guid', '00000000-0000-0000-0000-000000000000'), [
        'System.Guid',
        '00000000-0000-0000-0000-000000000000',
      ]);
    });

    it('an unknown type name is 400 and names the type', async () => {
      const { client } = fixture;
      const [id] = await client.vertices({});
      for (const typeName of ['System.Int128', 'Integer', 'System.Single[]', 'java.lang.String']) {
        const reply = await client.put(`/graphelement/${id}/v?waitForCompletion=true`, {
          propertyValue: '1',
          fullQualifiedTypeName: typeName,
        });
        const problem = assertProblem(reply, 400);
        assert.ok(String(problem.detail).includes(typeName), `${typeName}: ${String(problem.detail)}`);
      }
    });

    it('integers must fit their type: Byte 999 and Int32 overflow are 400', async () => {
      const { client } = fixture;
      const [id] = await client.vertices({});
      const cases: [string, string][] = [
        ['Byte', '999'],
        ['Byte', '-1'],
        ['SByte', '128'],
        ['Int16', '32768'],
        ['UInt16', '-1'],
        ['Int32', '2147483648'],
        ['Int32', '-2147483649'],
        ['UInt32', '4294967296'],
        ['Int64', '9223372036854775808'],
        ['UInt64', '18446744073709551616'],
        ['Int32', '1.5'],
      ];
      for (const [typeName, text] of cases) {
        const reply = await client.put(`/graphelement/${id}/v?waitForCompletion=true`, {
          propertyValue: text,
          fullQualifiedTypeName: typeName,
        });
        assertProblem(reply, 400);
      }
      assert.deepEqual((await client.read<{ properties: unknown[] }>(`/graphelement/${id}`)).properties, []);
    });

    it('unconvertible values of the other types are 400', async () => {
      const { client } = fixture;
      const [id] = await client.vertices({});
      const cases: [string, string][] = [
        ['Boolean', 'yes'],
        ['Char', 'ab'],
        ['Char', ''],
        ['Double', 'lots'],
        ['Decimal', '1e5'],
        ['DateTime', '2026-13-01T00:00:00'],
        ['DateTimeOffset', '2026-08-09T10:00:00+15:00'],
        ['TimeSpan', '25:00:00'],
        ['Guid', 'not-a-guid'],
      ];
      for (const [typeName, text] of cases) {
        const reply = await client.put(`/graphelement/${id}/v?waitForCompletion=true`, {
          propertyValue: text,
          fullQualifiedTypeName: typeName,
        });
        assertProblem(reply, 400);
      }
    });

    it('the batch read renders values like the single read', async () => {
      const { client } = fixture;
      const [id] = await client.vertices({
        properties: [
          { propertyId: 'big', propertyValue: '18446744073709551615', fullQualifiedTypeName: 'UInt64' },
        ],
      });
      const result = assertJson<{ elements: { properties: WireProperty[] }[] }>(
        await client.post('/graphelements/get', [id]),
      );
      assert.deepEqual(result.elements[0].properties, [
        { propertyId: 'big', fullQualifiedTypeName: 'System.UInt64', propertyValue: '18446744073709551615' },
      ]);
    });
  });
}
