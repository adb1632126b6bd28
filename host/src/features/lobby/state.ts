import { atom } from 'jotai';
import type { GameCategory, GameListItem, GameRef } from '@member/shared-core';

export type ListStatus = 'loading' | 'ready' | 'empty' | 'error';

export interface CachedList {
  /** A list is reused while its tag matches the chosen brand. */
  tag: string;
  games: readonly GameListItem[];
}

const listsBase = atom<Readonly<Record<string, CachedList>>>({});
const statusBase = atom<Readonly<Record<GameCategory, ListStatus>>>({ slot: 'loading', fish: 'loading', cards: 'loading' });
const noticeBase = atom<Readonly<Record<GameCategory, string | null>>>({ slot: null, fish: null, cards: null });
const favouritesBase = atom<readonly GameRef[]>([]);
const recentBase = atom<readonly GameRef[]>([]);
const refreshAtBase = atom<number>(0);
// Written only by this feature's flows (lobby-actions.ts).
/** The brand each category is loading (its list tag): a slower reply for an earlier brand does not take over. */
export const loadingBrandBase = atom<Readonly<Partial<Record<GameCategory, string>>>>({});
/** The pending post-launch balance refresh. */
export const refreshTimerBase = atom<ReturnType<typeof setTimeout> | null>(null);

export const gameListsAtom = atom((get) => get(listsBase));
export const lobbyStatusAtom = atom((get) => get(statusBase));
export const lobbyNoticeAtom = atom((get) => get(noticeBase));
export const favouritesAtom = atom((get) => get(favouritesBase));
export const recentAtom = atom((get) => get(recentBase));
/** When the post-launch balance refresh is due (epoch ms), or 0. */
export const refreshAtAtom = atom((get) => get(refreshAtBase));

export const storeListAtom = atom(null, (get, set, list: CachedList) => set(listsBase, { ...get(listsBase), [list.tag]: list }));
export const setLobbyStatusAtom = atom(null, (get, set, category: GameCategory, status: ListStatus) =>
  set(statusBase, { ...get(statusBase), [category]: status }),
);
export const setLobbyNoticeAtom = atom(null, (get, set, category: GameCategory, key: string | null) =>
  set(noticeBase, { ...get(noticeBase), [category]: key }),
);
export const setFavouritesAtom = atom(null, (_get, set, favourites: readonly GameRef[]) => set(favouritesBase, favourites));
export const setRecentAtom = atom(null, (_get, set, recent: readonly GameRef[]) => set(recentBase, recent));
export const setRefreshAtAtom = atom(null, (_get, set, at: number) => set(refreshAtBase, at));

/** Logout: the member's favourites, recent games, notices and countdown go, and no refresh is left to fire (the brands' lists are nobody's and stay). */
export const lobbyClearedAtom = atom(null, (get, set) => {
  const timer = get(refreshTimerBase);
  if (timer !== null) clearTimeout(timer);
  set(refreshTimerBase, null);
  set(refreshAtBase, 0);
  set(statusBase, { slot: 'loading', fish: 'loading', cards: 'loading' });
  set(noticeBase, { slot: null, fish: null, cards: null });
  set(favouritesBase, []);
  set(recentBase, []);
  set(loadingBrandBase, {});
});
