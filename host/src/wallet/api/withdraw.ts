import type { Service, WithdrawReply, WithdrawRequest } from '@member/shared-core';
import { withdrawReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

// A withdrawal is never retried by the client on its own: a retry carries the same Idempotency-Key and is the member's.
const endpoints = {
  GCLUB: defineEndpoint<WithdrawRequest, WithdrawReply>({ name: 'gclubWithdraw', method: 'post', path: '/api/gclubWithdraw', timeoutMs: 12_000, reply: withdrawReplySchema }),
  UFA: defineEndpoint<WithdrawRequest, WithdrawReply>({ name: 'ufaWithdraw', method: 'post', path: '/api/ufaWithdraw', timeoutMs: 12_000, reply: withdrawReplySchema }),
} as const;

/** gclubWithdraw, and the UFA withdrawal the operator API is expected to offer alike. */
export const withdraw = (service: Service, request: WithdrawRequest, idempotencyKey: string) =>
  callApi(endpoints[service], request, { headers: { 'Idempotency-Key': idempotencyKey } });
