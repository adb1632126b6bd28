import { answerMemberTrans } from '../core/member-trans';
import { accountsOnMemberTrans } from '../accounts/on-member-trans';
import { lobbyOnMemberTrans } from '../lobby/on-member-trans';
import { walletOnMemberTrans } from '../wallet/on-member-trans';

/** The features that answer a completed MemberTrans; returns the way to take the answers back. */
export function answerMemberTransInFeatures(): () => void {
  const stops = [answerMemberTrans(walletOnMemberTrans), answerMemberTrans(accountsOnMemberTrans), answerMemberTrans(lobbyOnMemberTrans)];
  return () => {
    for (const stop of stops) stop();
  };
}
