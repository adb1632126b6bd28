/** A game's key in the lobby: its list's brand tag and its id. */
export const gameKey = (ref: { brand: string; id: string }): string => `${ref.brand}/${ref.id}`;

const normalise = (text: string) => text.normalize('NFC').toLocaleLowerCase('th');

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
  const matching = q === '' ? games : games.filter((g) => normalise(g.name).includes(q) || normalise(g.id).includes(q));
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
