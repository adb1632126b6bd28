import type { GameCategory, GclubGameReply } from '@member/shared-core';
import type { GameMenuEntry } from '@member/shared-core/games/menu';
import { isRememberedBrand, shownBrandOf } from '@member/shared-core/games/lobby-rules';
import { local } from '../../core/lib/safe-storage';
import { brandStorageKey } from './lobby-pages';
import { keptListTags } from './kept-lists';
import { callApi } from '../../core/api/api';

/** The chosen brand of each category is kept in local storage (defaults RSG, MT, RSG). */
export function storedBrand(category: GameCategory): string | null {
  return local.get(brandStorageKey(category));
}

/** Keeps the member's choice for the next visit; a brand whose games are not open yet is never the landing brand. */
export function rememberBrand(category: GameCategory, code: string): void {
  if (isRememberedBrand(category, code)) local.set(brandStorageKey(category), code);
}

/** The brand a lobby shows: the one its address names (`?brand=`), else the member's last open choice, else the default. */
export function shownBrand(category: GameCategory, fromUrl: string | null): GameMenuEntry {
  return shownBrandOf(category, fromUrl, storedBrand(category));
}

/**
 * A list asked for at start is taken by the lobby only while it is this fresh; after that the lobby asks anew. (The
 * list is the brand's public catalogue, not the member's state, so a logout has nothing here to clear.)
 */
export const PREFETCHED_LIST_MAX_AGE_MS = 30_000;

/** A list asked for at start: the reply, when it was asked for, and when it had arrived (once it has). */
interface Prefetched {
  reply: Promise<GclubGameReply>;
  at: number;
  arrivedAt?: number;
}

// Not in the store: replies the start asks for before the lobby's code has loaded, taken once by the lobby's flow.
const prefetched = new Map<string, Prefetched>();

/**
 * A lobby opened by its address (a reload, a bookmark, a shared link) asks for its list beside the session
 * check instead of after it: the list needs no session, only the brand's URL. One request per brand, taken once.
 */
export function prefetchLobbyList(prefix: string, category: GameCategory, search: string, now = Date.now()): void {
  const entry = shownBrand(category, new URLSearchParams(search).get('brand'));
  // A list kept from the last visit needs no fetch.
  if (prefetched.has(entry.storageKey) || keptListTags(prefix, now).includes(entry.storageKey)) return;
  const found: Prefetched = { reply: callApi('gclubGame', { url: entry.url }), at: now };
  // Whoever takes it handles its failure; untaken, a failure must not surface as an unhandled rejection.
  found.reply.then(
    () => {
      found.arrivedAt = Date.now();
    },
    () => undefined,
  );
  prefetched.set(entry.storageKey, found);
}

/**
 * The list asked for at start for this brand, once, while fresh, with the moment it arrived: the lobby's settle
 * after a list has loaded counts from then, not from when the page got round to taking it.
 */
export function takePrefetchedList(
  storageKey: string,
  now = Date.now(),
): { reply: Promise<GclubGameReply>; arrivedAt: () => number | undefined } | undefined {
  const found = prefetched.get(storageKey);
  prefetched.delete(storageKey);
  return found && now - found.at <= PREFETCHED_LIST_MAX_AGE_MS ? { reply: found.reply, arrivedAt: () => found.arrivedAt } : undefined;
}
