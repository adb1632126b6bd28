import { RELEASE_REFUSED_MESSAGE } from './messages';

/**
 * The worker's answer to a refused theme release: it drops its stored copies of that release's files (sw.ts), so none
 * is ever answered from its store again. No worker, nothing stored, nothing to ask.
 */
export function workerOnReleaseRefused(urls: readonly string[]): void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container || urls.length === 0) return;
  void container
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: RELEASE_REFUSED_MESSAGE, urls: [...urls] }))
    .catch(() => undefined);
}
