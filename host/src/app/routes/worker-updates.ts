import type { Setter } from 'jotai';
import { storageOf } from '../../core/lib/safe-storage';
import { registerWorker, type WorkerBrand } from '../../features/worker/register-worker';
import { anyUnresolvedIntent, watchAllIntents } from '../../features/wallet/withdraw-intents';

/**
 * The service worker's registration and its update offer, with the wallet's answer to "is a withdrawal unresolved?"
 * holding the offer back. Loaded once the first page is idle (worker-start.ts), never on the first screen.
 */
export function startWorkerUpdates(set: Setter, brand: WorkerBrand): Promise<() => void> {
  return registerWorker(set, { unresolved: () => anyUnresolvedIntent(storageOf('localStorage')), watch: watchAllIntents }, brand, {
    container: navigator.serviceWorker,
    document,
    window,
    now: () => Date.now(),
  });
}
