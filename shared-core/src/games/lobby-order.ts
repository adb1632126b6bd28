/** A game's key in the lobby: its list's brand tag and its id. */
export const gameKey = (ref: { brand: string; id: string }): string => `${ref.brand}/${ref.id}`;

const normalise = (text: string) => text.normalize('NFC').toLocaleLowerCase('th');

// A Thai-aware lower case costs a few microseconds a string, and every keystroke in the search matched all 500 games'
// names and ids again: each game's pair is folded once, for as long as the list holds the game.
const folded = new WeakMap<object, readonly [name: string, id: string]>();
const foldedGame = (game: { id: string; name: string }) => {
  let pair = folded.get(game);
  if (!pair) folded.set(game, (pair = [normalise(game.name), normalise(game.id)]));
  return pair;
};

/**
 * The lobby's order for a query: favourites, then recently played (newest first), then the rest in list order; each
 * game once. Matching is by name or id, case-insensitive, Thai-aware. The host's lobby and the theme preview share it.
 */
export function arrangeGames<G extends { key: string; id: string; name: string }>(
  games: readonly G[],
  query: string,
  favouriteKeys: readonly string[],
  recentKeys: readonly string[],
): G[] {
  const q = normalise(query.trim());
  const matching = q === '' ? games : games.filter((g) => foldedGame(g).some((text) => text.includes(q)));
  const rank = new Map<string, number>();
  favouriteKeys.forEach((key, i) => rank.set(key, i));
  recentKeys.forEach((key, i) => {
    if (!rank.has(key)) rank.set(key, 10_000 + i);
  });
  return [...matching].sort((a, b) => (rank.get(a.key) ?? 1e9) - (rank.get(b.key) ?? 1e9));
}

/** Whole seconds left until `until` (rounded up), 0 once it has passed: the post-launch refresh countdown. */
export function secondsUntil(until: number, now: number): number {
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}
