import { createRoot } from 'react-dom/client';
import { localeFromStorage } from '@member/shared-core';
import '@member/shared-core/ui.css';
import './styles/host.css';
import { App } from './app/app';
import { initI18n } from './i18n/init-i18n';
import { startBoot } from './boot/start-boot';
import { local } from './lib/safe-storage';
import { LOCALE_KEY } from './state/preferences';

const bootDone = startBoot();
await initI18n(localeFromStorage(local.get(LOCALE_KEY)));
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);
await bootDone;
