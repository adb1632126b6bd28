import { SESSION_ENDED_MESSAGE } from './messages';

/**
 * The worker's answer to the end of a session: it is meant to hold nothing of the member, and is asked to drop anything
 * its rules would not store (sw.ts). No worker, nothing to ask.
 */
export function workerOnSessionEnd(): void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return;
  void container
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: SESSION_ENDED_MESSAGE }))
    .catch(() => undefined);
}
