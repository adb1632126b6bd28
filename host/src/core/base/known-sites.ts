import type { Site } from '@member/shared-core';
import { readCookiesStartingWith } from '../lib/cookies';
import { local } from '../lib/safe-storage';

/**
 * The clubs this device has opened, newest first: where a page with no club of its own (an unknown or refused prefix,
 * a bare address) can send the member. Site keys only, nothing of a member; the login cookies a member left count too.
 */
export const LAST_SITES_KEY = 'lastSites';
const KEPT = 5;

function stored(): string[] {
  try {
    const value = JSON.parse(local.get(LAST_SITES_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** The site this visit opened: first in the list. */
export function rememberSite(key: string): void {
  local.set(LAST_SITES_KEY, JSON.stringify([key, ...stored().filter((k) => k !== key)].slice(0, KEPT)));
}

/** The sites of `sites` this device has opened (or holds a login for), newest first, without `except`. */
export function knownSites(sites: readonly Site[], except: string | null, cookieSource?: string): Site[] {
  const fromCookies = readCookiesStartingWith('member-', cookieSource).flatMap(([name, value]) =>
    name === `member-${value}` ? [value] : [],
  );
  const keys = [...new Set([...stored(), ...fromCookies])].filter((key) => key !== except);
  return keys.flatMap((key) => sites.filter((site) => site.key === key));
}
