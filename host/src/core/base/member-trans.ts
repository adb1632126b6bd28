import { atom, type Setter } from 'jotai';
import type { MemberTransPayload } from '@member/shared-core';
import { createSignal } from './signal';

export function isMemberTrans(data: unknown): data is MemberTransPayload {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    typeof d.status === 'boolean' &&
    typeof d.gameuser === 'string' &&
    (d.type === 'withdraw' || d.type === 'deposit') &&
    (d.service === 'GCLUB' || d.service === 'UFA') &&
    (d.key === undefined || typeof d.key === 'string')
  );
}

/** The event's amount when it is one (a finite number of baht above zero); anything else is read as no amount. */
export function transAmount(trans: MemberTransPayload): number | undefined {
  const { amount } = trans as { amount?: unknown };
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/** A completed deposit or withdrawal, as the member's private channel announced it. */
export interface MemberTransArrival {
  set: Setter;
  trans: MemberTransPayload;
  /** This tab fetches the provider's credit again (one tab per member does). */
  refetch: boolean;
}

// Not in the store: the answers are ports the app wires once (core/base/signal.ts); each is handed the store that announced.
const memberTrans = createSignal<MemberTransArrival>('member-trans');

/** A feature's answer to a completed MemberTrans (the wallet settles, the accounts refresh, the lobby counts down). */
export const answerMemberTrans = memberTrans.answer;

/** Announced by the realtime feature for a MemberTrans with status true (an amount that is none is dropped). */
export const memberTransArrivedAtom = atom(null, (_get, set, trans: MemberTransPayload, { refetch }: { refetch: boolean }) => {
  const amount = transAmount(trans);
  const checked: MemberTransPayload = { status: trans.status, gameuser: trans.gameuser, type: trans.type, service: trans.service };
  memberTrans.announce({ set, trans: amount === undefined ? checked : { ...checked, amount }, refetch });
});
