import type { MemberTransArrival } from '../../core/base/member-trans';
import { serverIsoNow } from '../../core/lib/server-clock';
import { setLastDepositAtom, signalWithdrawSettledAtom } from './state';

/**
 * A completed withdrawal is told to the withdrawal flow, with its key when the event carries one (only that settles the
 * member's withdrawal; without it the flow asks the server); a deposit is shown live on the deposit page.
 */
export function walletOnMemberTrans({ set, trans }: MemberTransArrival): void {
  if (trans.type === 'withdraw')
    set(signalWithdrawSettledAtom, { gameuser: trans.gameuser, ...(typeof trans.key === 'string' ? { key: trans.key } : {}) });
  else
    set(setLastDepositAtom, {
      gameuser: trans.gameuser,
      at: serverIsoNow(),
      service: trans.service,
      ...(trans.amount !== undefined ? { amount: trans.amount } : {}),
    });
}
