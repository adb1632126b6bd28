import type { MemberTransArrival } from '../core/member-trans';
import { serverIsoNow } from '../lib/server-clock';
import { setLastDepositAtom, signalWithdrawSettledAtom } from './state';

/** A completed withdrawal settles the member's withdrawal of that game user (its lock goes); a deposit is shown live on the deposit page. */
export function walletOnMemberTrans({ set, trans }: MemberTransArrival): void {
  if (trans.type === 'withdraw') set(signalWithdrawSettledAtom, trans.gameuser);
  else set(setLastDepositAtom, { gameuser: trans.gameuser, at: serverIsoNow(), service: trans.service, ...(trans.amount !== undefined ? { amount: trans.amount } : {}) });
}
