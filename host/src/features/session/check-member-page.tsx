import { Navigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { prefixAtom, siteConfigAtom } from '../../core/base/boot-state';
import { isLoggedInAtom, needsRegistrationAtom, sessionAtom } from '../../core/base/session-state';
import { withPrefix } from '../../core/base/with-prefix';
import { SessionCheckScreen } from './session-check-screen';
import { lineReturnPath } from './return-to';

/** `/check/member`: where a freshly logged-in member goes: unfinished registration → /register, else the page asked for or /profile. */
export function CheckMemberPage() {
  const session = useAtomValue(sessionAtom);
  const logged = useAtomValue(isLoggedInAtom);
  const needsRegistration = useAtomValue(needsRegistrationAtom);
  const site = useAtomValue(siteConfigAtom);
  const prefix = useAtomValue(prefixAtom);
  if (session.status === 'checking') return <SessionCheckScreen />;
  const target = !logged ? '/login' : needsRegistration && site?.registerEnabled ? '/register' : '/profile';
  // After a LINE login: the page the guest asked for before logging in, if any.
  return <Navigate to={withPrefix(target === '/profile' ? lineReturnPath() : target, prefix)} replace />;
}
