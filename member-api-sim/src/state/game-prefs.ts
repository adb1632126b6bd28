import type { GameRecentEntry, GameRef } from '@member/shared-core';

/**
 * Favourite and recently played games, per member (beyond the operator's published calls). A member is `{prefix}:{cid}`, so the lists survive
 * token rotation and logout; `/__sim/reset` clears them.
 *
 * - Favourites keep the order they were added; adding one again keeps its place. At most MAX_FAVOURITES.
 * - Recent: newest first, one entry per game (opening it again moves it to the front), at most MAX_RECENT.
 */

export const MAX_FAVOURITES = 100;
export const MAX_RECENT = 20;

export const memberKey = (prefix: string, cid: number) => `${prefix}:${cid}`;

const same = (a: GameRef, b: GameRef) => a.brand === b.brand && a.id === b.id;

export class GamePrefs {
  private readonly favs = new Map<string, GameRef[]>();
  private readonly recents = new Map<string, GameRecentEntry[]>();

  favourites(member: string): GameRef[] {
    return (this.favs.get(member) ?? []).map(({ brand, id }) => ({ brand, id }));
  }

  /** Adds or removes a favourite; false when adding would pass MAX_FAVOURITES. */
  setFavourite(member: string, game: GameRef, on: boolean): boolean {
    const list = this.favs.get(member) ?? [];
    const present = list.some((fav) => same(fav, game));
    if (on && !present) {
      if (list.length >= MAX_FAVOURITES) return false;
      list.push({ brand: game.brand, id: game.id });
    }
    const next = on ? list : list.filter((fav) => !same(fav, game));
    this.favs.set(member, next);
    return true;
  }

  recent(member: string): GameRecentEntry[] {
    return (this.recents.get(member) ?? []).map((entry) => ({ ...entry }));
  }

  /** Records an opened game at `at` (ms) as the member's newest. */
  addRecent(member: string, game: GameRef, at: number): void {
    const list = (this.recents.get(member) ?? []).filter((entry) => !same(entry, game));
    list.unshift({ brand: game.brand, id: game.id, at: new Date(at).toISOString() });
    this.recents.set(member, list.slice(0, MAX_RECENT));
  }

  reset(): void {
    this.favs.clear();
    this.recents.clear();
  }
}
