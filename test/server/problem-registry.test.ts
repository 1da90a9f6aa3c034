import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { describe, it } from 'node:test';
import {
  engineErrors,
  EngineError,
  type EngineErrorCode,
  type FailureReason,
} from '../../src/engine/errors.js';
import { importBatchProblemOfReason, problemFromEngineError } from '../../src/server/problems/engine.js';
import {
  problem,
  problemBody,
  problemCodeOfType,
  problemType,
  type ProblemError,
} from '../../src/server/problems/problem.js';
import { problemCodes, problems, type ProblemCode } from '../../src/server/problems/registry.js';
import {
  extractProblemTable,
  httpDocPath,
  renderProblemTable,
  replaceProblemTable,
} from '../../src/server/problems/render-docs.js';

/** The statuses a failure reason stands for (docs/http.md, "Writes and waitForCompletion"). */
const statusOfReason: Record<FailureReason, number> = {
  invalid: 400,
  notFound: 404,
  conflict: 409,
  fault: 500,
  unavailable: 503,
};

const reasonPhrases = new Set(Object.values(STATUS_CODES));

describe('the problem registry', () => {
  it('gives every code an error status and a title', () => {
    for (const code of problemCodes) {
      const { status, title, when } = problems[code];
      assert.match(code, /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/, code);
      assert.ok(status >= 400 && status <= 599, `${code}: ${status}`);
      assert.notEqual(title.trim(), '', code);
      assert.notEqual(when.trim(), '', code);
    }
  });

  it('uses a reason phrase as a title only for its own status', () => {
    for (const code of problemCodes) {
      const { status, title } = problems[code];
      if (reasonPhrases.has(title)) assert.equal(title, STATUS_CODES[status], code);
    }
  });

  it('maps every engine error to an entry with the status of its reason and the engine title', () => {
    for (const engineCode of Object.keys(engineErrors) as EngineErrorCode[]) {
      const { reason, title } = engineErrors[engineCode];
      const answer = problemFromEngineError(new EngineError(engineCode, 'detail text', { member: 1 }));
      assert.equal(answer.status, statusOfReason[reason], engineCode);
      assert.equal(answer.title, title, engineCode);
      assert.equal(answer.message, 'detail text');
      assert.deepEqual(answer.extensions, { member: 1 });
    }
  });

  it('maps a rolled-back import batch by the reason of its cause, a missing endpoint being 400', () => {
    for (const reason of Object.keys(statusOfReason) as FailureReason[]) {
      const entry = problems[importBatchProblemOfReason[reason]];
      assert.equal(entry.title, 'Import batch rolled back');
      assert.equal(entry.status, reason === 'notFound' ? 400 : statusOfReason[reason], reason);
    }
  });
});

describe('problem()', () => {
  it('takes status and title from the registry, detail and members from the call', () => {
    const made = problem('NAMESPACE_NOT_FOUND', "The namespace 'x' does not exist.", { namespace: 'x' });
    assert.deepEqual(problemBody(made), {
      type: 'urn:skein:problem:NAMESPACE_NOT_FOUND',
      title: 'Namespace not found',
      status: 404,
      detail: "The namespace 'x' does not exist.",
      namespace: 'x',
    });
  });

  it('reads the code back from the type member, and nothing else', () => {
    for (const code of problemCodes) assert.equal(problemCodeOfType(problemType(code)), code);
    for (const type of [undefined, 42, 'about:blank', 'urn:skein:problem:', 'urn:skein:problem:NOPE'])
      assert.equal(problemCodeOfType(type), undefined, String(type));
    assert.equal(problemCodeOfType('urn:skein:problem:toString'), undefined);
  });

  it('is the only way to make a problem (checked by the compiler)', () => {
    const made: ProblemError = problem('ROUTE_NOT_FOUND', 'no route');
    assert.equal(made.status, 404);
    // @ts-expect-error an unregistered code does not compile
    const unknownCode = () => problem('NO_SUCH_CODE', 'detail');
    // @ts-expect-error a call cannot override the registry's title
    const overridden = () => problem('ROUTE_NOT_FOUND', 'detail', { title: 'Other' });
    assert.equal(typeof unknownCode, 'function');
    assert.equal(typeof overridden, 'function');
  });
});

describe('docs/http.md', () => {
  it('holds exactly the table rendered from the registry (regenerate with render-docs.js --write)', () => {
    const document = readFileSync(httpDocPath(), 'utf8');
    const table = extractProblemTable(document);
    assert.notEqual(table, null, 'docs/http.md lost its generated-table markers');
    assert.equal(
      table,
      renderProblemTable(),
      'docs/http.md is stale: run `npm run build && node dist/src/server/problems/render-docs.js --write`',
    );
  });

  it('renders one row per code after the header', () => {
    const rows = renderProblemTable().split('\n');
    assert.equal(rows.length, problemCodes.length + 2);
    for (const code of problemCodes as ProblemCode[])
      assert.ok(
        rows.some((row) => row.startsWith(`| \`${code}\` | ${problems[code].status} |`)),
        code,
      );
  });

  it('replaces only the text between the markers', () => {
    const document = readFileSync(httpDocPath(), 'utf8');
    const rewritten = replaceProblemTable(document, 'TABLE');
    assert.equal(extractProblemTable(rewritten), 'TABLE');
    assert.equal(replaceProblemTable(rewritten, renderProblemTable()), document);
  });
});
