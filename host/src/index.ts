import { chunkGuard, retryOnce } from './core/lib/chunk-guard';
import { showLoadFailurePage } from './app/boot/load-failure-page';

// Module Federation needs an async boundary before any shared module is touched. The app behind it is a
// chunk like any other: retried once, then the page reloads (at most once in 10 s), then the built-in page.
retryOnce(() => import(/* webpackChunkName: "app" */ './bootstrap'))
  .then((app) => app.started)
  .catch((error: unknown) => chunkGuard.escalate(error))
  .catch(showLoadFailurePage);
