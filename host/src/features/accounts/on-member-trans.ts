import type { MemberTransArrival } from '../../core/base/member-trans';
import { setWithdrawStatusAtom } from './state';
import { balanceMovedAtom } from './game-actions';

/**
 * A completed deposit or withdrawal: the account is no longer held by a withdrawal, and its credit is read again (by
 * one tab, or by this one once its accounts are set up, when the event came before that).
 */
export function accountsOnMemberTrans({ set, trans, refetch }: MemberTransArrival): void {
  set(setWithdrawStatusAtom, trans.service, false);
  set(balanceMovedAtom, trans.service, refetch);
}
