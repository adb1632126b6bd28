import type { MemberTransArrival } from '../core/member-trans';
import { setWithdrawStatusAtom } from './state';
import { refreshBalanceAtom } from './game-actions';

/** A completed deposit or withdrawal: the account is no longer held by a withdrawal, and its credit is read again (by one tab). */
export function accountsOnMemberTrans({ set, trans, refetch }: MemberTransArrival): void {
  set(setWithdrawStatusAtom, trans.service, false);
  if (refetch) void set(refreshBalanceAtom, trans.service);
}
