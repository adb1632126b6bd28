import { atom, type Getter, type Setter } from 'jotai';
import { type GameCategory, type GameMenuEntry, type LobbyGame, type UfaGameKey } from '@member/shared-core';
import { isGclubProductCall } from '@member/shared-core/games/products';
import { GAME_MENU, gameMenuEntry, GAME_NOT_OPEN_TOKEN } from '@member/shared-core/games/menu';
import type { GclubOpenReply } from '@member/shared-core';
import { takePrefetchedList } from './list-prefetch';
import { keepList, keptLists } from './kept-lists';
import { isApiError } from '../../core/api/api-error';
import { serverNow } from '../../core/lib/server-clock';
import { prefixAtom } from '../../core/base/boot-state';
import { gameAccountsAtom, providersAtom, ufaGamesAtom } from '../accounts/state';
import {
  favouritesAtom,
  gameListsAtom,
  loadingBrandBase,
  type CachedList,
  refreshTimerBase,
  setFavouritesAtom,
  setLobbyNoticeAtom,
  setLobbyStatusAtom,
  setRecentAtom,
  setRefreshAtAtom,
  storeListAtom,
} from './state';
import { readToken } from '../../core/base/session-cookies';
import { sessionScope, type SessionScope } from '../../core/base/session-end';
import { checkMaintenanceAtom, loginProviderAtom, refreshBalanceAtom } from '../accounts/game-actions';
import {
  isFavourite,
  LIST_SETTLE_MS,
  listStatusOf,
  REFRESH_COUNTDOWN_MS,
  isGameList,
  needsFetch,
  playableGames,
} from '@member/shared-core/games/lobby-rules';
import { showMaintenanceDialog, showNotOpenDialog } from '../accounts/maintenance-dialog';
import { openExternalAtom } from './open-external';
import { readProviderValue } from '../accounts/provider-storage';
import { callApi } from '../../core/api/api';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A list that arrived after the member's session ended: nothing of it is shown or kept. */
class SessionEnded extends Error {}

/**
 * Fetches a brand's list (or takes the one asked for at start) and keeps it; throws when the reply is no list. Also
 * says when the list had arrived: a list asked for at start may have been waiting for the page.
 */
async function fetchBrandList(
  set: Setter,
  scope: SessionScope,
  entry: GameMenuEntry,
): Promise<{ games: CachedList['games']; arrivedAt: number }> {
  const prefetched = takePrefetchedList(entry.storageKey);
  const reply = await (prefetched?.reply ?? callApi('gclubGame', { url: entry.url }));
  if (!scope.alive()) throw new SessionEnded();
  if (reply.status !== true || !isGameList(reply.games)) throw new Error('not a game list');
  const games = playableGames(reply.games);
  set(storeListAtom, { tag: entry.storageKey, games });
  return { games, arrivedAt: prefetched?.arrivedAt() ?? Date.now() };
}

/**
 * Shows a brand's games: the cached list when its tag matches, else a fetch. A reply that is not a
 * list keeps what was shown and says so; the caller puts the previous brand back.
 */
/** The brands' lists kept on the device from an earlier visit (kept-lists.ts), put in the store; the tags it put there. */
function takeKeptLists(get: Getter, set: Setter, tags: readonly string[]): Set<string> {
  const prefix = get(prefixAtom);
  const taken = new Set<string>();
  if (!prefix) return taken;
  for (const kept of keptLists(prefix, tags)) {
    set(storeListAtom, kept);
    taken.add(kept.tag);
  }
  return taken;
}

export const loadBrandAtom = atom(null, async (get, set, category: GameCategory, entry: GameMenuEntry): Promise<'ready' | 'kept'> => {
  if (!needsFetch(get(gameListsAtom)[entry.storageKey]?.tag, entry.storageKey) || takeKeptLists(get, set, [entry.storageKey]).size > 0) {
    // The notice stays: coming back to the shown brand after a bad reply must still say why.
    set(setLobbyStatusAtom, category, listStatusOf(get(gameListsAtom)[entry.storageKey]!.games));
    return 'ready';
  }
  const scope = sessionScope(get);
  set(loadingBrandBase, { ...get(loadingBrandBase), [category]: entry.storageKey });
  set(setLobbyStatusAtom, category, 'loading');
  try {
    const { games, arrivedAt } = await fetchBrandList(set, scope, entry);
    // The brand the member looks at is kept for the next visit (a search's other brands are not: they would push it out).
    const prefix = get(prefixAtom);
    if (prefix) keepList(prefix, { tag: entry.storageKey, games });
    // The product's pause after a list has loaded, counted from its arrival.
    await wait(Math.max(0, LIST_SETTLE_MS[category] - (Date.now() - arrivedAt)));
    if (!scope.alive() || get(loadingBrandBase)[category] !== entry.storageKey) return 'ready';
    set(setLobbyNoticeAtom, category, null);
    set(setLobbyStatusAtom, category, listStatusOf(games));
    return 'ready';
  } catch (error) {
    if (!scope.alive()) return 'kept';
    console.warn(`[lobby] ${entry.storageKey} list unusable`, error instanceof Error ? error.message : error);
    set(setLobbyNoticeAtom, category, isApiError(error) && error.kind === 'offline' ? 'lobby.errors.offline' : 'lobby.errors.badList');
    set(setLobbyStatusAtom, category, 'error');
    return 'kept';
  }
});

const searchLoadsBase = atom<Readonly<Partial<Record<GameCategory, Promise<void>>>>>({});
/** The categories whose other brands' lists a search is still fetching. */
export const searchingListsAtom = atom((get) => get(searchLoadsBase));
/** How many brand lists a search fetches at once. */
const SEARCH_FETCHES_AT_ONCE = 4;

/**
 * For a search across the lobby: the list of every open brand of the category that is not cached with its tag yet,
 * fetched quietly (the lobby's status and notice are the shown brand's), a few at a time, once per category at a
 * time. A brand whose reply is unusable is left out of the search.
 */
export const loadSearchListsAtom = atom(null, (get, set, category: GameCategory): Promise<void> => {
  const running = get(searchLoadsBase)[category];
  if (running) return running;
  const uncached = GAME_MENU[category].filter(
    (entry) => entry.url_token !== GAME_NOT_OPEN_TOKEN && needsFetch(get(gameListsAtom)[entry.storageKey]?.tag, entry.storageKey),
  );
  // The kept ones are read from the device once for the whole search.
  const kept = takeKeptLists(
    get,
    set,
    uncached.map((entry) => entry.storageKey),
  );
  const missing = uncached.filter((entry) => !kept.has(entry.storageKey));
  const scope = sessionScope(get);
  const fetchOne = async (entry: GameMenuEntry) => {
    if (!scope.alive()) return;
    try {
      await fetchBrandList(set, scope, entry);
    } catch (error) {
      if (error instanceof SessionEnded) return;
      console.warn(`[lobby] ${entry.storageKey} left out of the search`, error instanceof Error ? error.message : error);
    }
  };
  const run = (async () => {
    const queue = [...missing];
    await Promise.all(
      Array.from({ length: Math.min(SEARCH_FETCHES_AT_ONCE, queue.length) }, async () => {
        for (let entry = queue.shift(); entry; entry = queue.shift()) await fetchOne(entry);
      }),
    );
  })().finally(() => scope.alive() && set(searchLoadsBase, { ...get(searchLoadsBase), [category]: undefined }));
  set(searchLoadsBase, { ...get(searchLoadsBase), [category]: run });
  return run;
});

export const loadMemberGamesAtom = atom(null, async (get, set): Promise<void> => {
  const scope = sessionScope(get);
  const prefix = get(prefixAtom);
  const token = prefix ? readToken(prefix) : null;
  if (!token) return;
  try {
    const [favourites, recent] = await Promise.all([callApi('gameFavourites', { token }), callApi('gameRecent', { token })]);
    if (!scope.alive()) return;
    if (favourites.status) set(setFavouritesAtom, favourites.favourites ?? []);
    if (recent.status) set(setRecentAtom, recent.recent ?? []);
  } catch (error) {
    console.warn('[lobby] favourites unavailable', error instanceof Error ? error.message : error);
  }
});

export const toggleFavouriteAtom = atom(null, async (get, set, game: LobbyGame): Promise<void> => {
  const prefix = get(prefixAtom);
  const token = prefix ? readToken(prefix) : null;
  if (!token) return;
  const on = !isFavourite(get(favouritesAtom), game);
  const scope = sessionScope(get);
  const reply = await callApi('gameFavouriteSet', { token, brand: game.brand, id: game.id, on });
  if (reply.status && scope.alive()) set(setFavouritesAtom, reply.favourites ?? []);
});

/**
 * An open call answering 401 means the provider session is gone: log it in again, then try once more. Nothing more
 * goes out once the session the launch began in has ended (a logout, or the next member's login).
 */
async function withGclubSession(
  get: Getter,
  set: Setter,
  scope: SessionScope,
  open: (token: string) => Promise<GclubOpenReply>,
): Promise<GclubOpenReply | 'no-account'> {
  const account = get(gameAccountsAtom).find((a) => a.service === 'GCLUB');
  if (!account) return 'no-account';
  let token = readProviderValue('gclubToken_', get(prefixAtom) ?? '');
  if (!token && scope.alive() && (await set(loginProviderAtom, account))) token = readProviderValue('gclubToken_', get(prefixAtom) ?? '');
  if (!token) return { status: false, message: 'unauthorized' };
  try {
    return await open(token);
  } catch (error) {
    if (!(isApiError(error) && error.kind === 'unauthorized')) throw error;
    if (!scope.alive() || !(await set(loginProviderAtom, account))) return { status: false, message: 'unauthorized' };
    const fresh = readProviderValue('gclubToken_', get(prefixAtom) ?? '');
    return fresh ? open(fresh) : { status: false, message: 'unauthorized' };
  }
}

export type LaunchOutcome = 'opened' | 'not-open' | 'maintenance' | 'refused' | 'failed' | 'no-account';

/** After a launch the balance is fetched again when the countdown ends (one countdown: a new launch replaces it; logout cancels it). */
function afterLaunch(get: Getter, set: Setter, service: 'GCLUB' | 'UFA'): void {
  const previous = get(refreshTimerBase);
  if (previous !== null) clearTimeout(previous);
  set(setRefreshAtAtom, serverNow() + REFRESH_COUNTDOWN_MS[service]);
  set(
    refreshTimerBase,
    setTimeout(() => {
      set(refreshTimerBase, null);
      set(setRefreshAtAtom, 0);
      void set(refreshBalanceAtom, service);
    }, REFRESH_COUNTDOWN_MS[service]),
  );
}

/** The provider is under maintenance (known, or just asked): its dialog, and nothing opens. */
async function underMaintenance(get: Getter, set: Setter): Promise<boolean> {
  if (!get(providersAtom).GCLUB.maintain && !(await set(checkMaintenanceAtom, 'GCLUB', { dialog: false }))) return false;
  void showMaintenanceDialog('GCLUB', get(providersAtom).GCLUB.maintainUntil);
  return true;
}

/** Game launch: '-' brands warn and open nothing; maintenance shows its dialog; the link goes through the guard. */
export const launchGameAtom = atom(
  null,
  async (get, set, category: GameCategory, brandCode: string, game: LobbyGame): Promise<LaunchOutcome> => {
    const entry = gameMenuEntry(category, brandCode);
    if (!entry) return 'failed';
    if (entry.url_token === GAME_NOT_OPEN_TOKEN) {
      void showNotOpenDialog();
      return 'not-open';
    }
    const scope = sessionScope(get);
    if (await underMaintenance(get, set)) return 'maintenance';
    try {
      const reply = await withGclubSession(get, set, scope, (token) => callApi('gclubOpenGame', { token, url: entry.url, code: game.id }));
      // A game opened for a member who has logged out meanwhile would open their game on a shared device.
      if (!scope.alive()) return 'failed';
      if (reply === 'no-account') return 'no-account';
      if (reply.status !== true || !reply.result) return 'failed';
      if (!set(openExternalAtom, reply.result.urlInfo)) return 'refused';
      afterLaunch(get, set, 'GCLUB');
      void set(loadMemberGamesAtom);
      return 'opened';
    } catch {
      return 'failed';
    }
  },
);

/** A product from the layouts' menus: a GCLUB open call, or a link from UFA's games map. */
export const openProductAtom = atom(null, async (get, set, key: string): Promise<LaunchOutcome> => {
  if (isGclubProductCall(key)) {
    const scope = sessionScope(get);
    if (await underMaintenance(get, set)) return 'maintenance';
    try {
      const reply = await withGclubSession(get, set, scope, (token) => callApi(key, { token }));
      if (!scope.alive()) return 'failed';
      if (reply === 'no-account') return 'no-account';
      if (reply.status !== true || !reply.result) return 'failed';
      if (!set(openExternalAtom, reply.result.urlInfo)) return 'refused';
      afterLaunch(get, set, 'GCLUB');
      return 'opened';
    } catch {
      return 'failed';
    }
  }
  const ufaKey = key.replace(/^ufa:/, '') as UfaGameKey;
  if (get(providersAtom).UFA.maintain) {
    void showMaintenanceDialog('UFA', get(providersAtom).UFA.maintainUntil);
    return 'maintenance';
  }
  const game = get(ufaGamesAtom)?.[ufaKey];
  if (!game) return 'no-account';
  if (!set(openExternalAtom, game.url)) return 'refused';
  afterLaunch(get, set, 'UFA');
  return 'opened';
});
