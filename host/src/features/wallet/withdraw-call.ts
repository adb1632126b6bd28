import type { Service, WithdrawRequest } from '@member/shared-core';
import { TIMEOUT_MS } from '@member/shared-core/api/calls';
import { callApi } from '../../core/api/api';

/**
 * A withdrawal reaches a bank and may take long: its reply is waited for this long before it counts as lost (the
 * catalogue's `bank` timeout class). The client never retries it on its own; the withdrawal flow sends it again under
 * the same Idempotency-Key.
 */
export const WITHDRAW_TIMEOUT_MS = TIMEOUT_MS.bank;

/** gclubWithdraw, and the UFA withdrawal the operator API is expected to offer alike. */
const WITHDRAW_CALLS = { GCLUB: 'gclubWithdraw', UFA: 'ufaWithdraw' } as const;

/** A withdrawal from the member's game user of `service`, under its Idempotency-Key. */
export const withdraw = (service: Service, request: WithdrawRequest, idempotencyKey: string) =>
  callApi(WITHDRAW_CALLS[service], request, { headers: { 'Idempotency-Key': idempotencyKey } });
