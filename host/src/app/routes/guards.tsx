import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { prefixAtom, siteConfigAtom } from '../../core/base/boot-state';
import { isLoggedInAtom, needsRegistrationAtom, sessionAtom } from '../../core/base/session-state';
import { withPrefix } from '../../core/base/with-prefix';
import { guardedLazy } from './guarded-lazy';
import { redirectFor, type Middleware } from '../../core/base/guard-rules';
import { BootLoading } from '../../core/base/screens';
import { afterLoginPath, loginPathFor, sessionEndedAtAtom } from '../../features/session/return-to';

/**
 * Shown only while a stored session is checked, so it travels with the session's own code (the early start asks for
 * that chunk with the entry on a member's page) instead of in every guest's first screen.
 */
const SessionCheckScreen = guardedLazy('session-check', () =>
  import(/* webpackChunkName: "session" */ '../../features/session/session-check-screen').then((m) => m.SessionCheckScreen),
);

/** A guest sent to log in keeps the page they asked for; after the login, they land there instead of /profile. */
function withReturn(
  middleware: Middleware,
  target: string | null,
  pathname: string,
  search: string,
  sessionEndedAt: number,
): string | null {
  if (middleware === 'auth' && target === '/login') return loginPathFor(`${pathname}${search}`, sessionEndedAt);
  if (middleware === 'check-auth' && target === '/profile') return afterLoginPath(search);
  return target;
}

export function Guarded({ middlewares, children }: { middlewares: readonly Middleware[]; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const logged = useAtomValue(isLoggedInAtom);
  const needsRegistration = useAtomValue(needsRegistrationAtom);
  const site = useAtomValue(siteConfigAtom);
  const prefix = useAtomValue(prefixAtom);
  const sessionEndedAt = useAtomValue(sessionEndedAtAtom);
  const { pathname, search } = useLocation();
  if (middlewares.length === 0) return <>{children}</>;
  if (session.status === 'checking') {
    return (
      <Suspense fallback={<BootLoading />}>
        <SessionCheckScreen />
      </Suspense>
    );
  }
  const state = { logged, needsRegistration, registerEnabled: site?.registerEnabled ?? false };
  for (const middleware of middlewares) {
    const target = withReturn(middleware, redirectFor(middleware, state), pathname, search, sessionEndedAt);
    if (target) return <Navigate to={withPrefix(target, prefix)} replace />;
  }
  return <>{children}</>;
}
