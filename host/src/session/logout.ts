import { logout as logoutCall } from '../api/calls/logout';
import { local } from '../lib/safe-storage';
import { navigateTo } from '../lib/navigation';
import { store } from '../state/store';
import { prefixAtom } from '../state/boot';
import { sessionClearedAtom } from '../state/session';
import { gamesClearedAtom } from '../state/games';
import { clearToken, readToken } from './session-cookies';
import { postToOtherTabs } from './tab-sync';
import { noteSessionEnded } from './return-to';

export const LOGOUT_DELAY_MS = 1000;
/** Local keys removed at logout, each followed by the prefix. */
export const LOGOUT_LOCAL_KEYS = ['gclubToken_', 'accountInfo_', 'ufaAccid_', 'ufaSessionsn_'] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let inFlight: Promise<void> | null = null;

export interface LogoutOptions {
  /** Post the token to the server first (not when it is already known dead, nor for another tab's logout). */
  notifyServer?: boolean;
  /** Tell the other tabs of this brand. */
  broadcast?: boolean;
}

/**
 * Logout: post the token, wait 1 s, cid 0, clear the token cookie, remove the provider
 * keys, loginBy phone, logged false, go to /login?prefix=. Concurrent calls share one logout.
 */
export function performLogout({ notifyServer = true, broadcast = true }: LogoutOptions = {}): Promise<void> {
  if (inFlight) return inFlight;
  inFlight = (async () => {
    const prefix = store.get(prefixAtom);
    if (!prefix) return;
    const token = readToken(prefix);
    if (notifyServer && token) {
      try {
        await logoutCall({ prefix, token });
      } catch (error) {
        console.warn('[session] logout call failed; clearing locally', error instanceof Error ? error.message : error);
      }
    }
    await wait(LOGOUT_DELAY_MS);
    clearToken(prefix);
    for (const key of LOGOUT_LOCAL_KEYS) local.remove(`${key}${prefix}`);
    noteSessionEnded();
    store.set(sessionClearedAtom);
    store.set(gamesClearedAtom);
    if (broadcast) postToOtherTabs({ type: 'logout' });
    navigateTo(`/login?prefix=${encodeURIComponent(prefix)}`, { replace: true });
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** A session call answered 401: the token is dead, so one logout, without posting it again. */
export function handleUnauthorized(): Promise<void> {
  return performLogout({ notifyServer: false });
}
