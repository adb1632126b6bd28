import { createRoot } from 'react-dom/client';
import './app/styles/host.css';
import { App } from './app/routes/app';
import { RootBoundary } from './app/routes/root-boundary';
import { initI18n } from './core/i18n/init-i18n';
import { startBootAtom } from './app/boot/start-boot';
import { chunkGuard } from './core/lib/chunk-guard';
import { startLocale } from './core/base/preferences';
import { store } from './core/base/store';
import { installFrameRefusalListener } from './core/base/frame-refusals';
import { answerSessionEndInFeatures } from './app/routes/answer-session-end';
import { drawnPageOf, takeOverDrawnPage } from './app/boot/drawn-page';

// Before any frame exists: a refusal is reported once, when the frame is created.
installFrameRefusalListener(store);
// Before any call can answer 401 or any logout run.
answerSessionEndInFeatures();

/**
 * Boots, loads the strings and renders; settles when the boot has. A plain promise rather than top-level await,
 * which would put the bundler's async-module runtime into the first script every page loads.
 */
async function start(): Promise<void> {
  const bootDone = store.set(startBootAtom);
  const stringsLoaded = await initI18n(startLocale());
  // Without its strings the app would show keys: the page reloads instead, or shows the built-in page (its fixed text).
  if (!stringsLoaded) await chunkGuard.escalate(new Error('the strings did not load')).catch(() => undefined);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const tree = (
    <RootBoundary>
      <App />
    </RootBoundary>
  );
  const drawn = drawnPageOf();
  if (!drawn) {
    createRoot(container).render(tree);
    await bootDone;
    return;
  }
  // A page drawn in the HTML is taken over once the boot knows the site and the themes (app/boot/drawn-page.ts).
  await bootDone;
  await takeOverDrawnPage(container, tree, drawn);
}

export const started = start();
