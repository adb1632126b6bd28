import type { Service, WithdrawReply, WithdrawRequest } from '@member/shared-core';
import { withdrawReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

/**
 * A withdrawal reaches a bank and may take long: its reply is waited for this long before it counts as lost. The
 * client never retries it on its own; the withdrawal flow sends it again under the same Idempotency-Key.
 */
export const WITHDRAW_TIMEOUT_MS = 30_000;

const endpoints = {
  GCLUB: defineEndpoint<WithdrawRequest, WithdrawReply>({ name: 'gclubWithdraw', method: 'post', path: '/api/gclubWithdraw', timeoutMs: WITHDRAW_TIMEOUT_MS, reply: withdrawReplySchema }),
  UFA: defineEndpoint<WithdrawRequest, WithdrawReply>({ name: 'ufaWithdraw', method: 'post', path: '/api/ufaWithdraw', timeoutMs: WITHDRAW_TIMEOUT_MS, reply: withdrawReplySchema }),
} as const;

/** gclubWithdraw, and the UFA withdrawal the operator API is expected to offer alike. */
export const withdraw = (service: Service, request: WithdrawRequest, idempotencyKey: string) =>
  callApi(endpoints[service], request, { headers: { 'Idempotency-Key': idempotencyKey } });
