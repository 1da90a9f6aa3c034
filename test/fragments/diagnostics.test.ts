import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createDiagnostic,
  diagnosticMessages,
  formatMessage,
  lineStarts,
  positionOf,
  toWireDiagnostic,
  toWireDiagnostics,
  type DiagnosticId,
} from '../../src/fragments/diagnostics.js';
import { maxFragmentChars, maxGeneratedSourceChars } from '../../src/fragments/limits.js';

/** The ids the compiler's stages and the documentation rely on; the table must declare every one. */
const requiredIds: DiagnosticId[] = [
  'CS1002',
  'CS1003',
  'CS1026',
  'CS1513',
  'CS1514',
  'CS1525',
  'CS1001',
  'CS1010',
  'CS1012',
  'CS1011',
  'CS1039',
  'CS1056',
  'CS1733',
  'CS1031',
  'CS0103',
  'CS1061',
  'CS0029',
  'CS0266',
  'CS1662',
  'CS0161',
  'CS1643',
  'CS0411',
  'CS0012',
  'CS1069',
  'CS0234',
  'CS0246',
  'CS0019',
  'CS0023',
  'CS0165',
  'CS0128',
  'CS0136',
  'CS1501',
  'CS1503',
  'CS0200',
  'CS0131',
  'CS0020',
  'CS0220',
  'CS0162',
  'CS0168',
  'CS0219',
  'SVCLIMIT',
  'SVCUNSUPPORTED',
];

describe('the diagnostics table', () => {
  it('declares every id the compiler reports, with a severity and a message', () => {
    for (const id of requiredIds) {
      const entry = diagnosticMessages[id];
      assert.ok(entry, `${id} is missing`);
      assert.ok(['error', 'warning', 'info'].includes(entry.severity), id);
      assert.ok(entry.message.length > 0, id);
    }
  });

  it('keys every entry by a C# id or a Skein SVC id', () => {
    for (const id of Object.keys(diagnosticMessages)) assert.match(id, /^(CS\d{4}|SVC[A-Z]+)$/);
  });

  it('keeps the C# compiler messages word for word', () => {
    assert.equal(diagnosticMessages.CS1002.message, '; expected');
    assert.equal(diagnosticMessages.CS1003.message, "Syntax error, '{0}' expected");
    assert.equal(diagnosticMessages.CS1026.message, ') expected');
    assert.equal(diagnosticMessages.CS1513.message, '} expected');
    assert.equal(diagnosticMessages.CS1525.message, "Invalid expression term '{0}'");
    assert.equal(diagnosticMessages.CS0103.message, "The name '{0}' does not exist in the current context");
    assert.equal(diagnosticMessages.CS0029.message, "Cannot implicitly convert type '{0}' to '{1}'");
    assert.equal(
      diagnosticMessages.CS1061.message,
      "'{0}' does not contain a definition for '{1}' and no accessible extension method '{1}' accepting a first argument of type '{0}' could be found (are you missing a using directive or an assembly reference?)",
    );
  });

  it('marks the flow-analysis notes as warnings, which do not block', () => {
    for (const id of ['CS0162', 'CS0168', 'CS0219', 'CS0078'] as const) {
      assert.equal(diagnosticMessages[id].severity, 'warning', id);
    }
  });

  it('words SVCLIMIT as the documentation does, with the limit from limits.ts', () => {
    assert.equal(maxFragmentChars, 100_000);
    assert.equal(maxGeneratedSourceChars, 1_000_000);
    assert.equal(
      formatMessage('SVCLIMIT', 100_001),
      'The fragment (100001 chars) exceeds the maximum of 100000.',
    );
  });
});

describe('formatMessage', () => {
  it('fills placeholders by index, reusing one argument where the template repeats it', () => {
    assert.equal(
      formatMessage('CS1061', 'VertexModel', 'Weight'),
      "'VertexModel' does not contain a definition for 'Weight' and no accessible extension method 'Weight' accepting a first argument of type 'VertexModel' could be found (are you missing a using directive or an assembly reference?)",
    );
    assert.equal(
      formatMessage('SVCUNSUPPORTED', 'goto statement'),
      "'goto statement' is not supported in fragments",
    );
  });

  it('leaves a placeholder without an argument as written', () => {
    assert.equal(formatMessage('CS0029', 'double'), "Cannot implicitly convert type 'double' to '{1}'");
  });

  it('formats numbers as text', () => {
    assert.equal(formatMessage('CS1501', 'Max', 3), "No overload for method 'Max' takes 3 arguments");
  });
});

describe('the wire form of a diagnostic', () => {
  it('is 1-based, with the id, the severity and the formatted message', () => {
    const text = 'return v => v.Id > 3';
    assert.deepEqual(toWireDiagnostic(createDiagnostic('CS1002', 20, 20), text), {
      line: 1,
      column: 21,
      endLine: 1,
      endColumn: 21,
      id: 'CS1002',
      severity: 'error',
      message: '; expected',
    });
  });

  it('counts lines after LF, CR LF, CR and the Unicode line separators', () => {
    const text = 'a\nb\r\nc\rd\u2028e\u2029f\u0085g';
    assert.deepEqual(lineStarts(text), [0, 2, 5, 7, 9, 11, 13]);
    assert.deepEqual(positionOf(text, lineStarts(text), text.indexOf('g')), { line: 7, column: 1 });
    assert.deepEqual(positionOf(text, lineStarts(text), text.indexOf('c')), { line: 3, column: 1 });
  });

  it('gives the same columns for CR LF and LF fragments, as the ancestor normalised line breaks', () => {
    const lf = 'var a = 1;\nreturn v => v.Id > a';
    const crlf = lf.replace('\n', '\r\n');
    const at = (text: string) => toWireDiagnostic(createDiagnostic('CS1002', text.length, text.length), text);
    assert.deepEqual(at(lf), at(crlf));
    assert.equal(at(crlf).line, 2);
    assert.equal(at(crlf).column, 21);
  });

  it('places an offset inside a CR LF pair at the end of its line', () => {
    const text = 'ab\r\ncd';
    assert.deepEqual(positionOf(text, lineStarts(text), 3), { line: 1, column: 3 });
  });

  it('clamps offsets into the text and never ends before it starts', () => {
    const text = 'abc';
    const [wire] = toWireDiagnostics([{ ...createDiagnostic('CS1002', 10, 2) }], text);
    assert.equal(wire.line, 1);
    assert.equal(wire.column, 4);
    assert.equal(wire.endColumn, 4);
  });

  it('answers an empty list for no diagnostics', () => {
    assert.deepEqual(toWireDiagnostics([], 'return v => true;'), []);
  });

  it('spans lines when a diagnostic does', () => {
    const text = 'return v => $"a\nb";';
    const wire = toWireDiagnostic(createDiagnostic('CS1010', 15, 17), text);
    assert.deepEqual([wire.line, wire.column, wire.endLine, wire.endColumn], [1, 16, 2, 2]);
  });
});
