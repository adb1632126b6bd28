import type { GameCategory, GclubGameReply } from '@member/shared-core';
import { DEFAULT_BRANDS, gameMenuEntry, type GameMenuEntry } from '@member/shared-core/games/menu';
import { gclubGame } from './api/gclub-game';
import { local } from '../lib/safe-storage';

const brandStorageKey = (category: GameCategory) => `gclub-brand-${category}`;

/** The chosen brand of each category is kept in local storage (defaults RSG, MT, RSG). */
export function storedBrand(category: GameCategory): string | null {
  return local.get(brandStorageKey(category));
}

export function rememberBrand(category: GameCategory, code: string): void {
  local.set(brandStorageKey(category), code);
}

/** The brand a lobby shows: the one its address names (`?brand=`), else the member's last choice, else the default. */
export function shownBrand(category: GameCategory, fromUrl: string | null): GameMenuEntry {
  return gameMenuEntry(category, fromUrl) ?? gameMenuEntry(category, storedBrand(category)) ?? gameMenuEntry(category, DEFAULT_BRANDS[category])!;
}

/**
 * A list asked for at start is taken by the lobby only while it is this fresh; after that the lobby asks anew. (The
 * list is the brand's public catalogue, not the member's state, so a logout has nothing here to clear.)
 */
export const PREFETCHED_LIST_MAX_AGE_MS = 30_000;

const prefetched = new Map<string, { reply: Promise<GclubGameReply>; at: number }>();

/**
 * A lobby opened by its address (a reload, a bookmark, a shared link) asks for its list beside the session
 * check instead of after it: the list needs no session, only the brand's URL. One request per brand, taken once.
 */
export function prefetchLobbyList(category: GameCategory, search: string, now = Date.now()): void {
  const entry = shownBrand(category, new URLSearchParams(search).get('brand'));
  if (prefetched.has(entry.storageKey)) return;
  const reply = gclubGame({ url: entry.url });
  // Whoever takes it handles its failure; untaken, a failure must not surface as an unhandled rejection.
  reply.catch(() => undefined);
  prefetched.set(entry.storageKey, { reply, at: now });
}

/** The list asked for at start for this brand, once, while fresh. */
export function takePrefetchedList(storageKey: string, now = Date.now()): Promise<GclubGameReply> | undefined {
  const found = prefetched.get(storageKey);
  prefetched.delete(storageKey);
  return found && now - found.at <= PREFETCHED_LIST_MAX_AGE_MS ? found.reply : undefined;
}
