/**
 * How a write route answers. Unwaited: 202 at once, and a later rollback is logged (never silently
 * dropped). Waited: the caller is released at commit; a rollback reaches the error handler, which maps
 * its reason to 400/404/409/500.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TransactionResult } from '../index.js';

export async function settleWrite(
  request: FastifyRequest,
  pending: Promise<TransactionResult>,
  wait: boolean | undefined,
): Promise<TransactionResult | undefined> {
  if (wait !== true) {
    const namespace = request.namespace?.name;
    pending.catch((error: unknown) =>
      request.log.warn({ err: error, namespace }, 'an unwaited write was rolled back'),
    );
    return undefined;
  }
  return pending;
}

/** Answers 202 with no body once the write is accepted (unwaited) or committed (waited). */
export async function acceptWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  pending: Promise<TransactionResult>,
  wait: boolean | undefined,
): Promise<FastifyReply> {
  await settleWrite(request, pending, wait);
  return reply.code(202).send();
}
