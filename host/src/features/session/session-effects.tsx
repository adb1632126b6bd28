import { useEffect } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { registerNavigate } from '../../core/lib/navigation';
import { errorReporter } from '../../core/lib/error-report';
import { memberSecrets } from './member-secrets';
import { sessionAtom } from '../../core/base/session-state';
import { prefixAtom } from '../../core/base/boot-state';
import { logoutAtom } from './logout';
import { startSessionCheckAtom } from './start-session-check';
import { onTabMessage, openTabSync } from './tab-sync';

/**
 * The session's side effects every visitor needs: navigation for non-React code, the tabs talking to each other, and
 * the member's own values kept out of error reports.
 */
export function SessionEffects() {
  const store = useStore();
  const navigate = useNavigate();
  const prefix = useAtomValue(prefixAtom);
  const logout = useSetAtom(logoutAtom);
  const startSessionCheck = useSetAtom(startSessionCheckAtom);

  useEffect(() => registerNavigate((to, options) => navigate(to, options)), [navigate]);

  useEffect(() => {
    if (!prefix) return;
    return errorReporter.knowSecrets(() => memberSecrets(store.get(sessionAtom), prefix));
  }, [store, prefix]);

  useEffect(() => {
    if (!prefix) return;
    openTabSync(prefix);
    return onTabMessage((message) => {
      if (message.type === 'logout')
        void logout({ notifyServer: false, broadcast: false, ...(message.reason ? { reason: message.reason } : {}) });
      if (message.type === 'login') void startSessionCheck(prefix);
    });
  }, [prefix, logout, startSessionCheck]);

  return null;
}
