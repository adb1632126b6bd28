import type { GameCategory, GameListItem, GameRef, LobbyGame } from '@member/shared-core';

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

const normalise = (text: string) => text.normalize('NFC').toLocaleLowerCase('th');

/**
 * The lobby's order for a query: favourites, then recently played (newest first), then the rest in
 * list order; each game once. Matching is by name or id, case-insensitive, Thai-aware.
 */
export function arrangeGames(games: readonly LobbyGame[], query: string, favourites: readonly GameRef[], recent: readonly GameRef[]): LobbyGame[] {
  const q = normalise(query.trim());
  const matching = q === '' ? games : games.filter((g) => normalise(g.name).includes(q) || normalise(g.id).includes(q));
  const rank = new Map<string, number>();
  favourites.forEach((f, i) => rank.set(`${f.brand}/${f.id}`, i));
  recent.forEach((r, i) => {
    const key = `${r.brand}/${r.id}`;
    if (!rank.has(key)) rank.set(key, 10_000 + i);
  });
  return [...matching].sort((a, b) => (rank.get(a.key) ?? 1e9) - (rank.get(b.key) ?? 1e9));
}
