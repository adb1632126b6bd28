import { atom } from 'jotai';
import { session } from '../../core/lib/safe-storage';
import { navigateTo } from '../../core/lib/navigation';
import { prefixAtom } from '../../core/base/boot-state';
import { sessionClearedAtom, setSessionCheckAtom, SESSION_CHECK_IDLE } from '../../core/base/session-state';
import { sessionEndedAtom } from '../../core/base/session-end';
import { LINE_REGISTER_KEY, REGISTER_FLOW_KEY } from './line-registration';
import { clearToken, readToken } from '../../core/base/session-cookies';
import { postToOtherTabs } from './tab-sync';
import { noteSessionEndedAtom } from './return-to';
import { setLogoutReasonAtom, type LogoutReason } from './logout-reason';
import { sessionEndReasonOf } from '@member/shared-core/helpers/server-message';
import { callApi } from '../../core/api/api';

export const LOGOUT_DELAY_MS = 1000;
/** Session keys removed at logout, each followed by the prefix: a registration in progress (phone, bank account). */
export const LOGOUT_SESSION_KEYS = [LINE_REGISTER_KEY, REGISTER_FLOW_KEY] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The session's own state back to a guest's; then every feature is told the session ended and clears what it
 * holds of the member, in the store and on the device (see core/base/session-end).
 */
export const memberStateClearedAtom = atom(null, (_get, set, prefix: string) => {
  set(sessionClearedAtom);
  set(setSessionCheckAtom, SESSION_CHECK_IDLE);
  set(sessionEndedAtom, prefix);
});

const inFlightBase = atom<Promise<void> | null>(null);

export interface LogoutOptions {
  /** Post the token to the server first (not when it is already known dead, nor for another tab's logout). */
  notifyServer?: boolean;
  /** Tell the other tabs of this brand. */
  broadcast?: boolean;
  /** The session ended without the member asking: the login screen says why. */
  reason?: LogoutReason;
}

/**
 * Logout: post the token, wait 1 s, cid 0, clear the token cookie, remove the provider
 * keys, loginBy phone, logged false, go to /login?prefix=. Concurrent calls share one logout.
 */
export const logoutAtom = atom(null, (get, set, { notifyServer = true, broadcast = true, reason }: LogoutOptions = {}): Promise<void> => {
  const running = get(inFlightBase);
  if (running) return running;
  const run = (async () => {
    const prefix = get(prefixAtom);
    if (!prefix) return;
    const token = readToken(prefix);
    if (notifyServer && token) {
      try {
        await callApi('logout', { prefix, token });
      } catch (error) {
        console.warn('[session] logout call failed; clearing locally', error instanceof Error ? error.message : error);
      }
    }
    await wait(LOGOUT_DELAY_MS);
    clearToken(prefix);
    for (const key of LOGOUT_SESSION_KEYS) session.remove(`${key}${prefix}`);
    set(noteSessionEndedAtom);
    set(memberStateClearedAtom, prefix);
    set(setLogoutReasonAtom, reason ?? null);
    if (broadcast) postToOtherTabs({ type: 'logout', ...(reason ? { reason } : {}) });
    navigateTo(`/login?prefix=${encodeURIComponent(prefix)}`, { replace: true });
  })().finally(() => set(inFlightBase, null));
  set(inFlightBase, run);
  return run;
});

/** A session call answered 401 (and the session's answer to core/base/session-end's port): the token is dead, so one logout, without posting it again. */
export const unauthorizedLogoutAtom = atom(
  null,
  (_get, set, reason?: string | null): Promise<void> =>
    set(logoutAtom, { notifyServer: false, reason: sessionEndReasonOf(reason) ?? 'ended' }),
);
