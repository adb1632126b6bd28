import { answerMemberTrans } from '../../core/base/member-trans';
import { accountsOnMemberTrans } from '../../features/accounts/on-member-trans';
import { lobbyOnMemberTrans } from '../../features/lobby/on-member-trans';
import { walletOnMemberTrans } from '../../features/wallet/on-member-trans';

/** The features that answer a completed MemberTrans; returns the way to take the answers back. */
export function answerMemberTransInFeatures(): () => void {
  const stops = [answerMemberTrans(walletOnMemberTrans), answerMemberTrans(accountsOnMemberTrans), answerMemberTrans(lobbyOnMemberTrans)];
  return () => {
    for (const stop of stops) stop();
  };
}
