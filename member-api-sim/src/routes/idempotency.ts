import type { IdempotencyErrorReply } from '@member/shared-core';
import { api, ReplyError, type Reply } from '../http/reply';
import type { RouteContext } from '../http/route';
import type { Sim } from '../sim';
import { canonicalJson, isValidIdempotencyKey } from '../state/idempotency';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

const refuse = (status: number, code: IdempotencyErrorReply['code'], message: string) => {
  const body: IdempotencyErrorReply = { status: false, code, message };
  return api(body, status);
};

/** The request as the key remembers it: the path and the body without `token` (a rotated token is the same request). */
function fingerprint(ctx: RouteContext): string {
  const { token: _token, ...fields } = ctx.body;
  return `${ctx.url.pathname}\n${canonicalJson(fields)}`;
}

/**
 * Runs a money call under its `Idempotency-Key` header (none: just runs it). `scope` names the member. The first
 * request with a key runs `work` and its result (success, refusal or 422) is kept 24 h: the same key and body get it
 * again without running `work`; another body → HTTP 422 `idempotency_mismatch`; while the first is still being
 * processed (`work` still running, at a slow bank, or its reply not yet sent, e.g. held by an `afterCommit` fault) →
 * HTTP 409 `in_flight`. A handler crash frees the key.
 */
export async function idempotent(
  sim: Sim,
  ctx: RouteContext,
  scope: string,
  work: (key: string | null) => Reply | Promise<Reply>,
): Promise<Reply> {
  const header = ctx.req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return work(null);
  if (typeof header !== 'string' || !isValidIdempotencyKey(header)) {
    return refuse(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 printable ASCII characters, sent once');
  }
  const claim = sim.idempotency.claim(scope, header, fingerprint(ctx));
  switch (claim.kind) {
    case 'mismatch':
      return refuse(422, 'idempotency_mismatch', 'This Idempotency-Key was used with a different request');
    case 'in_flight':
      return refuse(409, 'in_flight', 'A request with this Idempotency-Key is still being processed; retry later');
    case 'replay':
      return api(claim.result.body, claim.result.status);
    case 'claimed':
      break;
  }
  let reply: Reply;
  try {
    reply = await work(header);
  } catch (error) {
    if (!(error instanceof ReplyError)) {
      claim.abandon();
      throw error;
    }
    reply = api(error.body, error.status);
  }
  if (reply.kind === 'api') claim.record({ status: reply.status, body: reply.body });
  void ctx.replied.then(() => claim.release());
  return reply;
}
