import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { isOfflineAtom, liveUpdatesNoticeAtom } from './live-updates-state';
import { watchNetwork, type NetworkTarget } from './network-status';

function fakeWindow(onLine: boolean) {
  const listeners = new Map<string, Set<() => void>>();
  const target: NetworkTarget & { navigator: { onLine: boolean } } = {
    navigator: { onLine },
    addEventListener: (type, listener) => listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
    removeEventListener: (type, listener) => listeners.get(type)?.delete(listener),
  };
  const go = (online: boolean) => {
    target.navigator.onLine = online;
    for (const listener of listeners.get(online ? 'online' : 'offline') ?? []) listener();
  };
  return { target, go, count: () => [...listeners.values()].reduce((n, set) => n + set.size, 0) };
}

describe('network status', () => {
  it('starts from navigator.onLine and follows the online and offline events', () => {
    const store = createStore();
    const win = fakeWindow(false);
    watchNetwork(store, win.target);
    expect(store.get(isOfflineAtom)).toBe(true);
    expect(store.get(liveUpdatesNoticeAtom)).toBe('offline');
    win.go(true);
    expect(store.get(isOfflineAtom)).toBe(false);
    expect(store.get(liveUpdatesNoticeAtom)).toBeNull();
    win.go(false);
    expect(store.get(isOfflineAtom)).toBe(true);
  });

  it('stops listening when stopped, and forgets being offline', () => {
    const store = createStore();
    const win = fakeWindow(true);
    const stop = watchNetwork(store, win.target);
    win.go(false);
    stop();
    expect(win.count()).toBe(0);
    expect(store.get(isOfflineAtom)).toBe(false);
    win.go(false);
    expect(store.get(isOfflineAtom)).toBe(false);
  });
});
