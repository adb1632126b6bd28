import type { LobbyBrand, LobbyGame } from '../bridge/types';
import type { GameListItem, GameRef } from '../types/api';
import { arrangeGames as arrangeByKeys, gameKey } from './lobby-order';
import { safeUrl } from '../helpers/safe-url';
import {
  DEFAULT_BRANDS,
  GAME_MENU,
  gameMenuEntry,
  gameMenuEntryByKey,
  isGameBrandOpen,
  type GameCategory,
  type GameMenuEntry,
} from './menu';

/** Pause after a list loads, 500 ms for slot and 588 ms for cards and fish. */
export const LIST_SETTLE_MS: Readonly<Record<GameCategory, number>> = { slot: 500, fish: 588, cards: 588 };
/** Refresh countdown after a launch, 5 s for GCLUB and 4 s for UFA. */
export const REFRESH_COUNTDOWN_MS = { GCLUB: 5000, UFA: 4000 } as const;

/** Re-fetch unless the cached list already carries the chosen brand's tag. */
export function needsFetch(cachedTag: string | undefined, brandTag: string): boolean {
  return cachedTag !== brandTag;
}

/** Games without an imageName are not shown. */
export function playableGames(games: readonly GameListItem[]): GameListItem[] {
  return games.filter((g) => typeof g.imageName === 'string' && g.imageName.trim() !== '');
}

/** A reply is a usable list only when every entry has the fields the lobby reads. */
export function isGameList(value: unknown): value is GameListItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (g) =>
        typeof g === 'object' && g !== null && typeof (g as GameListItem).id === 'string' && typeof (g as GameListItem).tag === 'string',
    )
  );
}

/** A list's state once it is read: its games, or the empty state. */
export const listStatusOf = (games: readonly unknown[]): 'ready' | 'empty' => (games.length > 0 ? 'ready' : 'empty');

/**
 * The brands a lobby offers: the playable ones in menu order, then those whose games are not open yet ("soon"), offered
 * marked closed, after every brand a member can play.
 */
export function lobbyBrands(category: GameCategory): LobbyBrand[] {
  const brands = GAME_MENU[category].map((e) => ({ code: e.code, title: e.title, storageKey: e.storageKey, open: isGameBrandOpen(e) }));
  return [...brands.filter((b) => b.open), ...brands.filter((b) => !b.open)];
}

/**
 * The brand a lobby shows: the one its address names (a shared link may name any brand), else the member's last
 * choice if its games are open (a "soon" brand tapped last time is never the landing brand), else the default.
 */
export function shownBrandOf(category: GameCategory, fromUrl: string | null | undefined, remembered?: string | null): GameMenuEntry {
  const named = gameMenuEntry(category, fromUrl);
  if (named) return named;
  const last = gameMenuEntry(category, remembered);
  if (last && isGameBrandOpen(last)) return last;
  return gameMenuEntry(category, DEFAULT_BRANDS[category])!;
}

/** Whether the member's choice of this brand is kept as the lobby's next landing brand: only a brand they can play. */
export const isRememberedBrand = (category: GameCategory, code: string): boolean => {
  const entry = gameMenuEntry(category, code);
  return entry !== undefined && isGameBrandOpen(entry);
};

export const isFavourite = (favourites: readonly GameRef[], game: GameRef): boolean =>
  favourites.some((f) => f.brand === game.brand && f.id === game.id);

/** A tile's image from the API: an http(s) URL or a path on the host's own site, else none. */
export const guardedImageUrl = (imageName: string | undefined): string => safeUrl(imageName, null, { sameOriginPath: true }) ?? '';

/**
 * A brand's list as the lobby's games: keyed across brands, named (by id when the list has no name), starred, each
 * image through the safe-URL guard (the theme preview, which draws its own sample tiles, gives its own `imageUrlOf`).
 */
export function lobbyGames(
  storageKey: string,
  list: readonly GameListItem[],
  favourites: readonly GameRef[],
  imageUrlOf: (imageName: string | undefined) => string = guardedImageUrl,
): LobbyGame[] {
  return list.map((g) => ({
    key: gameKey({ brand: storageKey, id: g.id }),
    id: g.id,
    brand: storageKey,
    name: g.name ?? g.id,
    imageUrl: imageUrlOf(g.imageName),
    favourite: isFavourite(favourites, { brand: storageKey, id: g.id }),
  }));
}

/** The games `refs` name that are in `byKey` (the shown brand's games), in the refs' order. */
export function pickGames(byKey: ReadonlyMap<string, LobbyGame>, refs: readonly GameRef[]): LobbyGame[] {
  return refs.map((r) => byKey.get(gameKey(r))).filter((g): g is LobbyGame => g !== undefined);
}

/**
 * The lobby's order for a query: favourites, then recently played (newest first), then the rest in
 * list order; each game once (the contract's rule, on the member's favourite and recent games).
 */
export function arrangeGames(
  games: readonly LobbyGame[],
  query: string,
  favourites: readonly GameRef[],
  recent: readonly GameRef[],
): LobbyGame[] {
  return arrangeByKeys(games, query, favourites.map(gameKey), recent.map(gameKey));
}

/** The brands a search looks through besides the shown one: the category's open brands. */
export const searchedBrands = (brands: readonly LobbyBrand[], shownKey: string): LobbyBrand[] =>
  brands.filter((b) => b.open && b.storageKey !== shownKey);

/** A search's matches in the other brands, one group per brand that has some, in the lobby's order. */
export function otherBrandMatches(
  groups: readonly { brand: LobbyBrand; games: readonly LobbyGame[] }[],
  query: string,
  favourites: readonly GameRef[],
  recent: readonly GameRef[],
): { brand: LobbyBrand; games: LobbyGame[] }[] {
  return groups
    .map(({ brand, games }) => ({ brand, games: arrangeGames(games, query, favourites, recent) }))
    .filter((group) => group.games.length > 0);
}

/** The brand a game opens in: its own (a search result may be another brand's game), else the one shown. */
export const launchBrandCode = (game: LobbyGame, shownCode: string): string => gameMenuEntryByKey(game.brand)?.code ?? shownCode;

/** What the member reads when a game or product did not open (i18n keys); a brand not open yet and maintenance have dialogs of their own. */
export const LAUNCH_ERROR_KEYS: Readonly<Record<string, string>> = {
  refused: 'lobby.errors.refused',
  failed: 'lobby.errors.launchFailed',
  'no-account': 'lobby.errors.noAccount',
};
