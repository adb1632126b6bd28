import { atom } from 'jotai';
import { isApiError } from '../../core/api/api-error';
import { SLOW_ANSWER_MS } from '../../core/lib/slow-answer';
import {
  SESSION_CHECK_IDLE,
  sessionAtom,
  sessionCheckAtom,
  sessionCheckingAtom,
  sessionClearedAtom,
  sessionFromReplyAtom,
  setSessionCheckAbortAtom,
  setSessionCheckAtom,
} from '../../core/base/session-state';

import { clearToken, readLoginType, readToken, replaceToken } from '../../core/base/session-cookies';
import { sessionEndReasonOf } from '@member/shared-core/helpers/server-message';
import { setLogoutReasonAtom, type LogoutReason } from './logout-reason';
import { sessionCheckScope } from '../../core/base/session-end';
import { callApi } from '../../core/api/api';

const inFlightBase = atom<Promise<void> | null>(null);

/**
 * The stored session's check (on load, on Retry, when another tab logged in): token and login-type cookies →
 * getProfile. Only a definite answer ends the session: HTTP 401 or `status: false`. A server that cannot be reached,
 * answers 5xx, times out, or sends a reply that cannot be read or has the wrong shape leaves the cookies alone; the
 * member sees "slow" while a first answer takes long (with a way to stop waiting), "retrying" while the client
 * retries, and "can't reach the server" with Retry once it gives up or the member stopped it. One check at a time: a
 * second request joins the one under way.
 */
export const checkSessionAtom = atom(null, (get, set, prefix: string): Promise<void> => {
  const running = get(inFlightBase);
  if (running) return running;

  const run = async (): Promise<void> => {
    const token = readToken(prefix);
    const type = readLoginType(prefix);
    // A member already on screen (another tab logged in again) is not held behind the notice by a failed re-check.
    const wasMember = get(sessionAtom).status === 'member';
    const end = (reason: LogoutReason) => {
      // The stored session is over: the login screen says why (the server's reason, else that it ended).
      set(setLogoutReasonAtom, reason);
      clearToken(prefix);
      set(setSessionCheckAtom, SESSION_CHECK_IDLE);
      set(sessionClearedAtom);
    };
    if (!token || !type) {
      if (!wasMember) {
        set(setSessionCheckAtom, SESSION_CHECK_IDLE);
        set(sessionClearedAtom);
      }
      return;
    }
    const before = get(sessionCheckAtom);
    if (before.phase === 'unreachable') set(setSessionCheckAtom, { phase: 'retrying', errorKey: before.errorKey });
    if (!wasMember) set(sessionCheckingAtom);
    const controller = new AbortController();
    set(setSessionCheckAbortAtom, controller);
    const slow = wasMember
      ? undefined
      : setTimeout(() => {
          if (get(sessionCheckAtom).phase === 'idle') set(setSessionCheckAtom, { phase: 'slow' });
        }, SLOW_ANSWER_MS);
    const scope = sessionCheckScope(get);
    try {
      const reply = await callApi(
        'getProfile',
        { prefix, type, token },
        {
          onRetry: (error) => !wasMember && set(setSessionCheckAtom, { phase: 'retrying', errorKey: error.messageKey }),
          signal: controller.signal,
        },
      );
      // The member logged out meanwhile (in this tab or another): the answer must not log them back in on screen.
      if (!scope.alive()) return;
      if (reply.status !== true) {
        end(sessionEndReasonOf(reply.reason) ?? 'ended');
        return;
      }
      if (reply.refresh_status && reply.access_token) replaceToken(prefix, reply.access_token);
      set(sessionFromReplyAtom, { reply, loginBy: reply.loginBy ?? type, fresh: false });
      set(setSessionCheckAtom, SESSION_CHECK_IDLE);
    } catch (error) {
      if (!scope.alive()) return;
      if (isApiError(error) && error.kind === 'unauthorized') {
        end(sessionEndReasonOf(error.reason) ?? 'ended');
        return;
      }
      console.warn('[session] profile check failed; the stored session is kept', error instanceof Error ? error.message : error);
      if (!wasMember)
        set(setSessionCheckAtom, { phase: 'unreachable', errorKey: isApiError(error) ? error.messageKey : 'api.errors.http' });
    } finally {
      clearTimeout(slow);
      set(setSessionCheckAbortAtom, null);
    }
  };

  const promise = run().finally(() => set(inFlightBase, null));
  set(inFlightBase, promise);
  return promise;
});
