import { type GameCategory, type GameListItem, type GameRef, type LobbyGame } from '@member/shared-core';
import { arrangeGames as arrangeByKeys, gameKey } from '@member/shared-core/games/lobby-order';

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
    value.every((g) => typeof g === 'object' && g !== null && typeof (g as GameListItem).id === 'string' && typeof (g as GameListItem).tag === 'string')
  );
}

/**
 * The lobby's order for a query: favourites, then recently played (newest first), then the rest in
 * list order; each game once (the contract's rule, on the member's favourite and recent games).
 */
export function arrangeGames(games: readonly LobbyGame[], query: string, favourites: readonly GameRef[], recent: readonly GameRef[]): LobbyGame[] {
  return arrangeByKeys(games, query, favourites.map(gameKey), recent.map(gameKey));
}
