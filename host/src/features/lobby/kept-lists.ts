import { local } from '../../core/lib/safe-storage';
import { isGameList } from '@member/shared-core/games/lobby-rules';
import type { CachedList } from './state';

/**
 * The brands' game lists, kept on the device per site so the next visit draws a lobby at once: a list already
 * cached with its brand's tag needs no fetch. Two local keys, each followed by the prefix: the lists, and a small
 * index of their tags and ages that index.html's inline start reads (it skips asking for a list that is kept).
 */
export const KEPT_LISTS_KEY = 'gameLists_';
export const KEPT_LIST_TAGS_KEY = 'gameListTags_';
/** A kept list older than this is not used: the next visit asks for it again. */
export const KEPT_LIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The most lists kept per site (the newest); a search across brands would otherwise keep every brand's. */
export const KEPT_LISTS_MAX = 4;

interface Kept {
  tag: string;
  savedAt: number;
  games: CachedList['games'];
}

function read(prefix: string): Kept[] {
  try {
    const value: unknown = JSON.parse(local.get(`${KEPT_LISTS_KEY}${prefix}`) ?? '[]');
    return Array.isArray(value)
      ? value.filter((k): k is Kept => !!k && typeof k.tag === 'string' && typeof k.savedAt === 'number' && isGameList(k.games))
      : [];
  } catch {
    return [];
  }
}

function write(prefix: string, kept: Kept[]): void {
  // A full or refused storage keeps nothing: the next visit asks, as it would have.
  if (!local.set(`${KEPT_LISTS_KEY}${prefix}`, JSON.stringify(kept))) {
    local.remove(`${KEPT_LISTS_KEY}${prefix}`);
    local.remove(`${KEPT_LIST_TAGS_KEY}${prefix}`);
    return;
  }
  local.set(`${KEPT_LIST_TAGS_KEY}${prefix}`, JSON.stringify(Object.fromEntries(kept.map((k) => [k.tag, k.savedAt]))));
}

/** Keeps a list that just arrived (replacing the brand's older one). */
export function keepList(prefix: string, list: CachedList, now = Date.now()): void {
  const others = read(prefix).filter((k) => k.tag !== list.tag);
  write(prefix, [{ tag: list.tag, savedAt: now, games: list.games }, ...others].slice(0, KEPT_LISTS_MAX));
}

/** The kept lists of these brands (by tag) while they are young enough to show, read from the device once. */
export function keptLists(prefix: string, tags: readonly string[], now = Date.now()): CachedList[] {
  return read(prefix)
    .filter((k) => tags.includes(k.tag) && now - k.savedAt <= KEPT_LIST_MAX_AGE_MS)
    .map((k) => ({ tag: k.tag, games: k.games }));
}

/** The tags of the site's kept lists still young enough to show (the small index only). */
export function keptListTags(prefix: string, now = Date.now()): string[] {
  try {
    const index = JSON.parse(local.get(`${KEPT_LIST_TAGS_KEY}${prefix}`) ?? '{}') as Record<string, unknown>;
    return Object.keys(index).filter((tag) => typeof index[tag] === 'number' && now - (index[tag] as number) <= KEPT_LIST_MAX_AGE_MS);
  } catch {
    return [];
  }
}
