import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { store } from '../state/store';
import { bootStateAtom } from '../state/boot';
import { BridgeProvider } from '../bridge/bridge-provider';
import { AppRoutes } from './app-routes';
import { ApplyDocumentPreferences } from './apply-document-preferences';
import { ScrollOnNavigate } from './scroll-on-navigate';
import { SessionEffects } from './session-effects';
import { GameEffects } from './game-effects';
import { RealtimeEffects } from './realtime-effects';
import { BootLoading, ConfigError } from './screens';

function Shell() {
  const boot = useAtomValue(bootStateAtom);
  if (boot.phase === 'loading') return <BootLoading />;
  if (boot.phase === 'failed') return <ConfigError failure={boot.failure} />;
  return (
    <BridgeProvider>
      <ScrollOnNavigate />
      <SessionEffects />
      <GameEffects />
      <RealtimeEffects />
      <AppRoutes />
    </BridgeProvider>
  );
}

export function App({ i18n }: { i18n: i18n }) {
  return (
    <JotaiProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <ApplyDocumentPreferences />
          <Shell />
        </BrowserRouter>
      </I18nextProvider>
    </JotaiProvider>
  );
}
