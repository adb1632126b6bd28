import { Navigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { prefixAtom, siteConfigAtom } from '../app/boot-state';
import { isLoggedInAtom, needsRegistrationAtom, sessionAtom } from './state';
import { withPrefix } from '../bridge/with-prefix';
import { SessionCheckScreen } from './session-check-screen';

/** `/check/member`: where a freshly logged-in member goes: unfinished registration → /register, else /profile. */
export function CheckMemberPage() {
  const session = useAtomValue(sessionAtom);
  const logged = useAtomValue(isLoggedInAtom);
  const needsRegistration = useAtomValue(needsRegistrationAtom);
  const site = useAtomValue(siteConfigAtom);
  const prefix = useAtomValue(prefixAtom);
  if (session.status === 'checking') return <SessionCheckScreen />;
  const target = !logged ? '/login' : needsRegistration && site?.register ? '/register' : '/profile';
  return <Navigate to={withPrefix(target, prefix)} replace />;
}
