import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';
import { createLeaderLock } from '../effects/leader-lock';
import { startPeriodicTask } from '../effects/periodic-task';
import { prefixAtom } from '../state/boot';
import { isLoggedInAtom } from '../state/session';
import { performLogout } from '../session/logout';
import { checkSession, verifyOnce } from '../session/session-actions';
import { onTabMessage, openTabSync } from '../session/tab-sync';

export const VERIFY_INTERVAL_MS = 20_000;

/** The session's side effects, tied to mount and to being logged in; UI only reads the atoms. */
export function SessionEffects() {
  const navigate = useNavigate();
  const prefix = useAtomValue(prefixAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);

  useEffect(() => registerNavigate((to, options) => navigate(to, options)), [navigate]);

  useEffect(() => {
    if (!prefix) return;
    openTabSync(prefix);
    return onTabMessage((message) => {
      if (message.type === 'logout') void performLogout({ notifyServer: false, broadcast: false });
      if (message.type === 'login') void checkSession(prefix);
    });
  }, [prefix]);

  useEffect(() => {
    if (!loggedIn || !prefix) return;
    return startPeriodicTask({ intervalMs: VERIFY_INTERVAL_MS, run: verifyOnce, lock: createLeaderLock(`member-verify-${prefix}`) });
  }, [loggedIn, prefix]);

  return null;
}
