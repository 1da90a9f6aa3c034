/**
 * Delegate validation (docs/http.md, Delegate validation): deployment-level, it compile-checks
 * one fragment of a named kind and answers its diagnostics. Nothing is emitted, loaded or executed: the
 * check stops after the checker (`checkFragment`). Sensitive (rate-limited) and a code endpoint (1 MiB).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  checkFragment,
  toWireDiagnostics,
  DELEGATE_KINDS,
  REJECTED_DELEGATE_KINDS,
  resolveDelegateKind,
  type DelegateKind,
} from '../../fragments/index.js';
import type { RouteContext } from '../app.js';
import { problem } from '../problems/problem.js';
import '../conventions/route-config.js';

const acceptedKinds = Object.keys(DELEGATE_KINDS);

const ValidateRequest = Type.Object({
  delegateKind: Type.String({
    description: `Case-insensitive: ${acceptedKinds.join(', ')}. LabelFilter is not accepted.`,
  }),
  fragment: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        'C# fragment: the body of a factory method returning the lambda. Empty or null is valid. ' +
        'Over 100,000 characters it is not read and reported as SVCLIMIT.',
    }),
  ),
});

const WireDiagnosticSchema = Type.Object({
  line: Type.Integer({ description: '1-based, in fragment coordinates' }),
  column: Type.Integer({ description: '1-based, in UTF-16 code units' }),
  endLine: Type.Integer(),
  endColumn: Type.Integer({ description: 'never before line/column' }),
  id: Type.String({ description: 'C# diagnostic id (CS1002, CS0103, ...), or SVCLIMIT / SVCUNSUPPORTED' }),
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('info')]),
  message: Type.String(),
});

const ValidateResponse = Type.Object({
  valid: Type.Boolean({ description: 'No error-severity diagnostic (warnings do not block)' }),
  diagnostics: Type.Array(WireDiagnosticSchema),
});

/** The kind a request names; an unknown or rejected name is a 400 that lists the accepted ones. */
function requireKind(name: string): DelegateKind {
  const kind = resolveDelegateKind(name);
  if (kind !== undefined) return kind;
  const accepted = `accepted kinds: ${acceptedKinds.join(', ')}`;
  const rejected = REJECTED_DELEGATE_KINDS.find((k) => k.toLowerCase() === name.toLowerCase());
  const detail =
    rejected !== undefined
      ? `The delegateKind '${rejected}' is not accepted: ${rejected} is not a fragment kind; ${accepted}.`
      : `Unknown delegateKind '${name}'; ${accepted}.`;
  throw problem('DELEGATE_KIND_UNKNOWN', detail);
}

export async function delegateRoutes(scope: FastifyInstance, _context: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/delegates/validate',
    {
      schema: {
        tags: ['delegates'],
        summary: 'Compile-check one fragment of a delegate kind without running it',
        body: ValidateRequest,
        response: { 200: ValidateResponse },
      },
      config: { rateLimited: true, codeEndpoint: true },
    },
    async (request) => {
      const { delegateKind, fragment } = request.body;
      const kind = requireKind(delegateKind);
      // An empty or null fragment is `{ valid: true, diagnostics: [] }` without reading it (docs/http.md).
      if (fragment === undefined || fragment === null || fragment === '')
        return { valid: true, diagnostics: [] };
      const check = checkFragment(kind, fragment);
      return { valid: check.valid, diagnostics: toWireDiagnostics(check.diagnostics, check.text) };
    },
  );
}
