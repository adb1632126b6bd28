import type { Service, WithdrawReply, WithdrawRequest } from '@member/shared-core';
import { withdrawReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

/**
 * A withdrawal reaches a bank and may take long: its reply is waited for this long before it counts as lost. The
 * client never retries it on its own; the withdrawal flow sends it again under the same Idempotency-Key.
 */
export const WITHDRAW_TIMEOUT_MS = 30_000;

/** Only a 2xx answer is a withdrawal's reply: a 409 or a 429 says nothing of what became of the key (endpoint.ts). */
const withdrawEndpoint = (name: string, path: string) =>
  defineEndpoint<WithdrawRequest, WithdrawReply>({ name, method: 'post', path, timeoutMs: WITHDRAW_TIMEOUT_MS, repliesOnlyWhenOk: true, reply: withdrawReplySchema });

const endpoints = {
  GCLUB: withdrawEndpoint('gclubWithdraw', '/api/gclubWithdraw'),
  UFA: withdrawEndpoint('ufaWithdraw', '/api/ufaWithdraw'),
} as const;

/** gclubWithdraw, and the UFA withdrawal the operator API is expected to offer alike. */
export const withdraw = (service: Service, request: WithdrawRequest, idempotencyKey: string) =>
  callApi(endpoints[service], request, { headers: { 'Idempotency-Key': idempotencyKey } });
