import { answerSessionEnd, answerUnauthorized } from '../../core/base/session-end';
import { unauthorizedLogoutAtom } from '../../features/session/logout';
import { accountsOnSessionEnd } from '../../features/accounts/on-session-end';
import { lobbyOnSessionEnd } from '../../features/lobby/on-session-end';
import { walletOnSessionEnd } from '../../features/wallet/on-session-end';
import { workerOnSessionEnd } from '../../features/worker/on-session-end';
import { answerRefusedRelease } from '../../core/base/refused-release';
import { workerOnReleaseRefused } from '../../features/worker/on-release-refused';

/**
 * Every feature that holds something of the member answers "the session ended", and the session feature answers a
 * 401 from any of them; the worker also answers a refused theme release (it drops the release's stored files). Set
 * once, before anything renders; returns the way to take the answers back.
 */
export function answerSessionEndInFeatures(): () => void {
  const stops = [
    answerUnauthorized((set, reason) => set(unauthorizedLogoutAtom, reason)),
    answerSessionEnd(accountsOnSessionEnd),
    answerSessionEnd(lobbyOnSessionEnd),
    answerSessionEnd(walletOnSessionEnd),
    answerSessionEnd(workerOnSessionEnd),
    answerRefusedRelease(workerOnReleaseRefused),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
