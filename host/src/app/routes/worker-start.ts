import type { Setter } from 'jotai';
import { retryOnce } from '../../core/lib/chunk-guard';
import { afterFirstPage } from '../../features/remotes/first-page';
import type { WorkerBrand } from '../../features/worker/register-worker';

/** The longest the registration waits for the first page to show: a page that never shows still gets its worker. */
const START_MAX_WAIT_MS = 10_000;

/**
 * The service worker (docs/architecture.md, "The service worker"): registered once the first page has shown and the
 * browser is idle, from a chunk of its own, so it costs the first screen nothing. A production build only (the dev
 * server has no `/sw.js`), and only where the browser has service workers.
 */
export function startServiceWorker(set: Setter, brand: WorkerBrand): void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void afterFirstPage(START_MAX_WAIT_MS)
    // A load nobody waits for: tried once more, then left off for this page load (core/lib/chunk-guard.ts).
    .then(() => retryOnce(() => import(/* webpackChunkName: "worker-updates" */ './worker-updates')))
    .then(({ startWorkerUpdates }) => startWorkerUpdates(set, brand))
    // A refused registration (a private window, a browser that blocks workers) leaves the site as it was.
    .catch(() => undefined);
}
