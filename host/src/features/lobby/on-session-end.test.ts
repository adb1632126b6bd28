// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { local } from '../../core/lib/safe-storage';
import { favouritesAtom, recentAtom, refreshAtAtom, setFavouritesAtom, setRecentAtom, setRefreshAtAtom, refreshTimerBase } from './state';
import { lobbyOnSessionEnd } from './on-session-end';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('the lobby at the end of a session', () => {
  it("forgets the member's favourites, recent games and countdown, never fires a refresh left pending, and drops the lists kept for this site", () => {
    vi.useFakeTimers();
    const store = createStore();
    const refresh = vi.fn();
    store.set(setFavouritesAtom, [{ brand: 'RSG', id: '1' }]);
    store.set(setRecentAtom, [{ brand: 'RSG', id: '2' }]);
    store.set(setRefreshAtAtom, Date.now() + 5000);
    store.set(refreshTimerBase, setTimeout(refresh, 5000) as unknown as ReturnType<typeof globalThis.setTimeout>);
    local.set('gameLists_pre8', '{}');
    local.set('gameListTags_pre8', '[]');
    local.set('gameLists_os39', '{}');

    lobbyOnSessionEnd({ set: store.set, prefix: 'pre8' });
    vi.advanceTimersByTime(10_000);

    expect(store.get(favouritesAtom)).toEqual([]);
    expect(store.get(recentAtom)).toEqual([]);
    expect(store.get(refreshAtAtom)).toBe(0);
    expect(refresh).not.toHaveBeenCalled();
    expect(local.get('gameLists_pre8')).toBeNull();
    expect(local.get('gameListTags_pre8')).toBeNull();
    expect(local.get('gameLists_os39')).toBe('{}');
  });
});
