import type { MemberTransPayload } from '@member/shared-core';
import type { SimLedgerEntry } from '../control-types';
import { memberChannel, type RealtimeHub } from './hub';

export const MEMBER_TRANS_EVENT = 'MemberTrans';

/**
 * Tells the member about a settled money movement: `MemberTrans` on `private-member.{cid}`, status true
 * for a completed deposit or withdrawal, false for a rejected one, with its amount in baht and the withdrawal's
 * Idempotency-Key when the operator sends keys (`withKey`). Returns how many sockets got it.
 */
export function sendMemberTrans(hub: RealtimeHub, entry: SimLedgerEntry, { withKey = true }: { withKey?: boolean } = {}): number {
  const payload: MemberTransPayload = {
    status: entry.status === 'completed',
    gameuser: entry.gameuser,
    type: entry.type,
    service: entry.service,
    amount: entry.amount,
    ...(withKey && entry.idempotencyKey !== undefined ? { key: entry.idempotencyKey } : {}),
  };
  return hub.trigger([memberChannel(entry.cid)], MEMBER_TRANS_EVENT, JSON.stringify(payload));
}
