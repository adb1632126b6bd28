import type { AppStore } from '../../core/base/store';
import { setOfflineAtom } from './live-updates-state';

/** The part of `window` this needs, so a test can hand in its own. */
export interface NetworkTarget {
  readonly navigator: { readonly onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/**
 * Mirrors the browser's online/offline state into the store. `navigator.onLine === false` is reliable (no network at
 * all); `true` may be wrong (a network without internet), which the socket's own failures cover.
 */
export function watchNetwork(store: AppStore, target: NetworkTarget = window): () => void {
  const update = () => store.set(setOfflineAtom, !target.navigator.onLine);
  update();
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  return () => {
    target.removeEventListener('online', update);
    target.removeEventListener('offline', update);
    store.set(setOfflineAtom, false);
  };
}
