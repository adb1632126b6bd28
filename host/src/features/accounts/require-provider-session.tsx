import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { prefixAtom } from '../../core/base/boot-state';
import { gamesReadyAtom } from './state';
import { hasProviderSession } from './provider-storage';
import { withPrefix } from '../../core/base/with-prefix';

/** /profile goes to /404 when no provider session token is stored once set-up is done. */
export function RequireProviderSession({ children }: { children: ReactNode }) {
  const ready = useAtomValue(gamesReadyAtom);
  const prefix = useAtomValue(prefixAtom);
  if (ready && prefix && !hasProviderSession(prefix)) return <Navigate to={withPrefix('/404', prefix)} replace />;
  return <>{children}</>;
}
