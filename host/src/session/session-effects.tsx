import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';
import { prefixAtom } from '../app/boot-state';
import { performLogout } from './logout';
import { startSessionCheck } from './start-session-check';
import { onTabMessage, openTabSync } from './tab-sync';

/** The session's side effects every visitor needs: navigation for non-React code and the tabs talking to each other. */
export function SessionEffects() {
  const navigate = useNavigate();
  const prefix = useAtomValue(prefixAtom);

  useEffect(() => registerNavigate((to, options) => navigate(to, options)), [navigate]);

  useEffect(() => {
    if (!prefix) return;
    openTabSync(prefix);
    return onTabMessage((message) => {
      if (message.type === 'logout') void performLogout({ notifyServer: false, broadcast: false });
      if (message.type === 'login') void startSessionCheck(prefix);
    });
  }, [prefix]);

  return null;
}
