import { atom } from 'jotai';
import { logout as logoutCall } from './api/logout';
import { local, session } from '../lib/safe-storage';
import { navigateTo } from '../lib/navigation';
import { prefixAtom } from '../app/boot-state';
import { sessionClearedAtom, setSessionCheckAtom, SESSION_CHECK_IDLE } from './state';
import { gamesClearedAtom } from '../accounts/state';
import { UFA_SHOTS_KEY } from '../accounts/provider-storage';
import { KEPT_BALANCES_KEY } from '../accounts/kept-balances';
import { KEPT_LIST_TAGS_KEY, KEPT_LISTS_KEY } from '../lobby/kept-lists';
import { lobbyClearedAtom } from '../lobby/state';
import { walletClearedAtom, WITHDRAW_INTENTS_KEY } from '../wallet/state';
import { LINE_REGISTER_KEY, REGISTER_FLOW_KEY } from './line-registration';
import { clearToken, readToken } from './session-cookies';
import { postToOtherTabs } from './tab-sync';
import { noteSessionEnded } from './return-to';

export const LOGOUT_DELAY_MS = 1000;
/**
 * Local keys removed at logout, each followed by the prefix: every piece of member data the site keeps on the device
 * (provider sessions, account info, withdrawal intents with their game users, amounts and keys, the balances and game
 * lists kept for the next visit). A withdrawal still
 * unresolved at logout stays the server's to answer: its pending check holds the account after the next login.
 */
export const LOGOUT_LOCAL_KEYS = [
  'gclubToken_',
  'accountInfo_',
  'ufaAccid_',
  'ufaSessionsn_',
  UFA_SHOTS_KEY,
  WITHDRAW_INTENTS_KEY,
  KEPT_BALANCES_KEY,
  KEPT_LISTS_KEY,
  KEPT_LIST_TAGS_KEY,
] as const;
/** Session keys removed at logout, each followed by the prefix: a registration in progress (phone, bank account). */
export const LOGOUT_SESSION_KEYS = [LINE_REGISTER_KEY, REGISTER_FLOW_KEY] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every piece of the member's state, in every feature, back to a guest's. (The withdrawal flow, loaded with the money
 * pages, starts empty each time its page opens.)
 */
export const memberStateClearedAtom = atom(null, (_get, set) => {
  set(sessionClearedAtom);
  set(setSessionCheckAtom, SESSION_CHECK_IDLE);
  set(gamesClearedAtom);
  set(lobbyClearedAtom);
  set(walletClearedAtom);
});

const inFlightBase = atom<Promise<void> | null>(null);

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
export const logoutAtom = atom(null, (get, set, { notifyServer = true, broadcast = true }: LogoutOptions = {}): Promise<void> => {
  const running = get(inFlightBase);
  if (running) return running;
  const run = (async () => {
    const prefix = get(prefixAtom);
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
    for (const key of LOGOUT_SESSION_KEYS) session.remove(`${key}${prefix}`);
    noteSessionEnded();
    set(memberStateClearedAtom);
    if (broadcast) postToOtherTabs({ type: 'logout' });
    navigateTo(`/login?prefix=${encodeURIComponent(prefix)}`, { replace: true });
  })().finally(() => set(inFlightBase, null));
  set(inFlightBase, run);
  return run;
});

/** A session call answered 401: the token is dead, so one logout, without posting it again. */
export const unauthorizedAtom = atom(null, (_get, set): Promise<void> => set(logoutAtom, { notifyServer: false }));
