import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Provider as JotaiProvider, useAtomValue, useSetAtom } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { store } from '../../core/base/store';
import { bootStateAtom } from '../../core/base/boot-state';
import { BridgeProvider } from '../bridge/bridge-provider';
import { AppRoutes } from './app-routes';
import { ApplyDocumentPreferences } from './apply-document-preferences';
import { ScrollOnNavigate } from './scroll-on-navigate';
import { SessionEffects } from '../../features/session/session-effects';
import { markAppMountedAtom } from '../../features/realtime/app-mount';
import { sessionAtom } from '../../core/base/session-state';
import { BootLoading, ConfigError } from '../../core/base/screens';
import { TranslatorProvider } from '../../core/i18n/translator-provider';
import { guardedLazy } from './guarded-lazy';

const MemberEffects = guardedLazy('member-effects', () =>
  import(/* webpackChunkName: "hooks-games" */ '../member-chunks/games-chunk').then((m) => m.MemberEffects),
);

function Shell() {
  const boot = useAtomValue(bootStateAtom);
  const status = useAtomValue(sessionAtom).status;
  const markAppMounted = useSetAtom(markAppMountedAtom);
  // The realtime rules count from the moment the app is up, not from when the member code arrives.
  useEffect(() => {
    if (boot.phase === 'ready') markAppMounted();
  }, [boot.phase, markAppMounted]);
  if (boot.phase === 'loading') return <BootLoading />;
  if (boot.phase === 'failed') return <ConfigError failure={boot.failure} />;
  return (
    <BridgeProvider>
      <ScrollOnNavigate />
      <SessionEffects />
      {status === 'guest' ? null : (
        <Suspense fallback={null}>
          <MemberEffects />
        </Suspense>
      )}
      <AppRoutes />
    </BridgeProvider>
  );
}

/**
 * react-i18next reads the instance initReactI18next registered, so no provider is needed for it. The router is the
 * browser's history, or, when the drawing step draws a page under Node (draw-page.tsx), one fixed at the page's address:
 * the same tree either way, which is what lets the browser hydrate a drawn page.
 */
export function App({ Router = BrowserRouter }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <JotaiProvider store={store}>
      <TranslatorProvider>
        <Router>
          <ApplyDocumentPreferences />
          <Shell />
        </Router>
      </TranslatorProvider>
    </JotaiProvider>
  );
}
