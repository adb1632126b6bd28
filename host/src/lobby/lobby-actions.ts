import type { GameCategory, GameMenuEntry, GclubProductCall, LobbyGame, UfaGameKey } from '@member/shared-core';
import { gameMenuEntry, GAME_NOT_OPEN_TOKEN } from '@member/shared-core/games/menu';
import type { GclubOpenReply } from '@member/shared-core';
import { gclubGame } from './api/gclub-game';
import { gclubOpenGame } from './api/gclub-open-game';
import { gclubOpenProduct } from './api/gclub-open-product';
import { gameFavourites, gameFavouriteSet, gameRecent } from './api/game-favourites';
import { isApiError } from '../api/api-error';
import { local } from '../lib/safe-storage';
import { serverNow } from '../lib/server-clock';
import { store } from '../app/store';
import { prefixAtom } from '../app/boot-state';
import { gameAccountsAtom, providersAtom, ufaGamesAtom } from '../accounts/state';
import {
  favouritesAtom, gameListsAtom, setFavouritesAtom, setLobbyNoticeAtom, setLobbyStatusAtom, setRecentAtom, setRefreshAtAtom, storeListAtom,
} from './state';
import { readToken } from '../session/session-cookies';
import { checkMaintenance, loginProvider, refreshBalance } from '../accounts/game-actions';
import { LIST_SETTLE_MS, REFRESH_COUNTDOWN_MS, isGameList, needsFetch, playableGames } from './lobby-rules';
import { showMaintenanceDialog, showNotOpenDialog } from '../accounts/maintenance-dialog';
import { openExternal } from './open-external';
import { readProviderValue } from '../accounts/provider-storage';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const brandStorageKey = (category: GameCategory) => `gclub-brand-${category}`;

/** The chosen brand of each category is kept in local storage (defaults RSG, MT, RSG). */
export function storedBrand(category: GameCategory): string | null {
  return local.get(brandStorageKey(category));
}

export function rememberBrand(category: GameCategory, code: string): void {
  local.set(brandStorageKey(category), code);
}

let loading: Partial<Record<GameCategory, string>> = {};

/**
 * Shows a brand's games: the cached list when its tag matches, else a fetch. A reply that is not a
 * list keeps what was shown and says so; the caller puts the previous brand back.
 */
export async function loadBrand(category: GameCategory, entry: GameMenuEntry): Promise<'ready' | 'kept'> {
  if (!needsFetch(store.get(gameListsAtom)[entry.storageKey]?.tag, entry.storageKey)) {
    // The notice stays: coming back to the shown brand after a bad reply must still say why.
    store.set(setLobbyStatusAtom, category, store.get(gameListsAtom)[entry.storageKey]!.games.length > 0 ? 'ready' : 'empty');
    return 'ready';
  }
  loading = { ...loading, [category]: entry.storageKey };
  store.set(setLobbyStatusAtom, category, 'loading');
  try {
    const reply = await gclubGame({ url: entry.url });
    if (reply.status !== true || !isGameList(reply.games)) throw new Error('not a game list');
    const games = playableGames(reply.games);
    store.set(storeListAtom, { tag: entry.storageKey, games });
    await wait(LIST_SETTLE_MS[category]);
    if (loading[category] !== entry.storageKey) return 'ready';
    store.set(setLobbyNoticeAtom, category, null);
    store.set(setLobbyStatusAtom, category, games.length > 0 ? 'ready' : 'empty');
    return 'ready';
  } catch (error) {
    console.warn(`[lobby] ${entry.storageKey} list unusable`, error instanceof Error ? error.message : error);
    store.set(setLobbyNoticeAtom, category, isApiError(error) && error.kind === 'offline' ? 'lobby.errors.offline' : 'lobby.errors.badList');
    store.set(setLobbyStatusAtom, category, 'error');
    return 'kept';
  }
}

export async function loadMemberGames(): Promise<void> {
  const prefix = store.get(prefixAtom);
  const token = prefix ? readToken(prefix) : null;
  if (!token) return;
  try {
    const [favourites, recent] = await Promise.all([gameFavourites({ token }), gameRecent({ token })]);
    if (favourites.status) store.set(setFavouritesAtom, favourites.favourites ?? []);
    if (recent.status) store.set(setRecentAtom, recent.recent ?? []);
  } catch (error) {
    console.warn('[lobby] favourites unavailable', error instanceof Error ? error.message : error);
  }
}

export async function toggleFavourite(game: LobbyGame): Promise<void> {
  const prefix = store.get(prefixAtom);
  const token = prefix ? readToken(prefix) : null;
  if (!token) return;
  const on = !store.get(favouritesAtom).some((f) => f.brand === game.brand && f.id === game.id);
  const reply = await gameFavouriteSet({ token, brand: game.brand, id: game.id, on });
  if (reply.status) store.set(setFavouritesAtom, reply.favourites ?? []);
}

function gclubAccount() {
  return store.get(gameAccountsAtom).find((a) => a.service === 'GCLUB');
}

/** An open call answering 401 means the provider session is gone: log it in again, then try once more. */
async function withGclubSession(open: (token: string) => Promise<GclubOpenReply>): Promise<GclubOpenReply | 'no-account'> {
  const account = gclubAccount();
  if (!account) return 'no-account';
  let token = readProviderValue('gclubToken_', store.get(prefixAtom) ?? '');
  if (!token && (await loginProvider(account))) token = readProviderValue('gclubToken_', store.get(prefixAtom) ?? '');
  if (!token) return { status: false, message: 'unauthorized' };
  try {
    return await open(token);
  } catch (error) {
    if (!(isApiError(error) && error.kind === 'unauthorized')) throw error;
    if (!(await loginProvider(account))) return { status: false, message: 'unauthorized' };
    const fresh = readProviderValue('gclubToken_', store.get(prefixAtom) ?? '');
    return fresh ? open(fresh) : { status: false, message: 'unauthorized' };
  }
}

export type LaunchOutcome = 'opened' | 'not-open' | 'maintenance' | 'refused' | 'failed' | 'no-account';

function afterLaunch(service: 'GCLUB' | 'UFA'): void {
  store.set(setRefreshAtAtom, serverNow() + REFRESH_COUNTDOWN_MS[service]);
  setTimeout(() => {
    store.set(setRefreshAtAtom, 0);
    void refreshBalance(service);
  }, REFRESH_COUNTDOWN_MS[service]);
}

/** Game launch: '-' brands warn and open nothing; maintenance shows its dialog; the link goes through the guard. */
export async function launchGame(category: GameCategory, brandCode: string, game: LobbyGame): Promise<LaunchOutcome> {
  const entry = gameMenuEntry(category, brandCode);
  if (!entry) return 'failed';
  if (entry.url_token === GAME_NOT_OPEN_TOKEN) {
    void showNotOpenDialog();
    return 'not-open';
  }
  if (store.get(providersAtom).GCLUB.maintain || (await checkMaintenance('GCLUB', { dialog: false }))) {
    void showMaintenanceDialog('GCLUB');
    return 'maintenance';
  }
  try {
    const reply = await withGclubSession((token) => gclubOpenGame({ token, url: entry.url, code: game.id }));
    if (reply === 'no-account') return 'no-account';
    if (reply.status !== true || !reply.result) return 'failed';
    if (!openExternal(reply.result.urlInfo)) return 'refused';
    afterLaunch('GCLUB');
    void loadMemberGames();
    return 'opened';
  } catch {
    return 'failed';
  }
}

export const GCLUB_PRODUCTS: readonly GclubProductCall[] = [
  'gclubOpenLiveCasino',
  'gclubOpenLiveWMCasino',
  'gclubOpenIDNlive',
  'gclubOpenLiveWorldCasino',
  'gclubOpenSport',
  'gclubOpenCMD',
  'gclubOpenCock',
  'gclubOpenLottery',
  'gclubOpenEsportPME',
  'gclubOpenEsportKS',
  'gclubOpenCR',
];

/** A product from the layouts' menus: a GCLUB open call, or a link from UFA's games map. */
export async function openProduct(key: string): Promise<LaunchOutcome> {
  if ((GCLUB_PRODUCTS as readonly string[]).includes(key)) {
    if (store.get(providersAtom).GCLUB.maintain || (await checkMaintenance('GCLUB', { dialog: false }))) {
      void showMaintenanceDialog('GCLUB');
      return 'maintenance';
    }
    try {
      const reply = await withGclubSession((token) => gclubOpenProduct(key as GclubProductCall, { token }));
      if (reply === 'no-account') return 'no-account';
      if (reply.status !== true || !reply.result) return 'failed';
      if (!openExternal(reply.result.urlInfo)) return 'refused';
      afterLaunch('GCLUB');
      return 'opened';
    } catch {
      return 'failed';
    }
  }
  const ufaKey = key.replace(/^ufa:/, '') as UfaGameKey;
  if (store.get(providersAtom).UFA.maintain) {
    void showMaintenanceDialog('UFA');
    return 'maintenance';
  }
  const game = store.get(ufaGamesAtom)?.[ufaKey];
  if (!game) return 'no-account';
  if (!openExternal(game.url)) return 'refused';
  afterLaunch('UFA');
  return 'opened';
}

/** A new choice of brand starts without the last one's notice. */
export function clearLobbyNotice(category: GameCategory): void {
  store.set(setLobbyNoticeAtom, category, null);
}
