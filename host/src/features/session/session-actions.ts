import { type LoginBy, type LoginReply } from '@member/shared-core';
import { checkSafeUrl } from '@member/shared-core/helpers/safe-url';
import { sessionEndReasonOf } from '@member/shared-core/helpers/server-message';
import { setLogoutReasonAtom } from './logout-reason';
import { generateLineState } from '@member/shared-core/helpers/line-state';
import { isApiError } from '../../core/api/api-error';
import { atom, type Getter } from 'jotai';
import { prefixAtom, runtimeConfigAtom, siteConfigAtom } from '../../core/base/boot-state';
import { sessionFromReplyAtom } from '../../core/base/session-state';
import { logoutAtom, unauthorizedLogoutAtom } from './logout';
import { checkSessionAtom } from './session-check';
import { readLoginType, readToken, rememberLineState, replaceToken, writeSessionCookies } from '../../core/base/session-cookies';
import { postToOtherTabs } from './tab-sync';
import { rememberLineReturn } from './return-to';
import { callApi } from '../../core/api/api';

export type ActionOutcome = { ok: true } | { ok: false; messageKey: string; fields?: Record<string, string> };

const failed = (messageKey: string, fields?: Record<string, string>): ActionOutcome => ({
  ok: false,
  messageKey,
  ...(fields ? { fields } : {}),
});

export function errorKeyOf(error: unknown): string {
  return isApiError(error) ? error.messageKey : 'api.errors.http';
}

function currentPrefix(get: Getter): string {
  const prefix = get(prefixAtom);
  if (!prefix) throw new Error('no site prefix resolved');
  return prefix;
}

/** Stores a successful login reply: cookies for 30 days, then the session state. */
export const completeLoginAtom = atom(null, (get, set, reply: LoginReply, loginBy: LoginBy): boolean => {
  if (reply.status !== true || !reply.access_token) return false;
  const prefix = currentPrefix(get);
  writeSessionCookies(prefix, reply.access_token, loginBy);
  set(setLogoutReasonAtom, null);
  set(sessionFromReplyAtom, { reply, loginBy, fresh: true });
  postToOtherTabs({ type: 'login' });
  return true;
});

export const submitPhoneLoginAtom = atom(
  null,
  async (get, set, phone: string, password: string, signal?: AbortSignal): Promise<ActionOutcome> => {
    const prefix = currentPrefix(get);
    const site = get(siteConfigAtom);
    try {
      const reply = await callApi(
        'phoneLogin',
        {
          username: phone,
          password,
          state: generateLineState(prefix),
          prefix,
          divisions: site?.divided ? 'true' : 'false',
        },
        signal ? { signal } : undefined,
      );
      // Stopped by the member: whatever the server answered late is not a login they are waiting for.
      if (signal?.aborted) return failed('api.errors.cancelled');
      if (set(completeLoginAtom, reply, 'phone')) return { ok: true };
      const fields = (reply as { fields?: Record<string, string> }).fields;
      return failed('login.errors.failed', fields);
    } catch (error) {
      return failed(errorKeyOf(error));
    }
  },
);

/** Keeps a fresh single-use state and sends the browser to LINE's authorize page. */
export const startLineLoginAtom = atom(null, async (get): Promise<ActionOutcome> => {
  const prefix = currentPrefix(get);
  const config = get(runtimeConfigAtom);
  const state = generateLineState(prefix);
  rememberLineState(state, 'login');
  rememberLineReturn(window.location.search);
  try {
    const reply = await callApi('lineLogin', { state, dot: window.location.origin });
    const target = checkSafeUrl(reply.data, config?.allowedOrigins ?? []);
    if (reply.status === false || !target.ok) return failed('login.errors.lineUnavailable');
    window.location.assign(target.url);
    return { ok: true };
  } catch (error) {
    return failed(errorKeyOf(error));
  }
});

/** The stored session's check on load (see checkSessionAtom): only a definite answer ends it. */
export { checkSessionAtom };

/**
 * One periodic verification: status false → logout; refresh_status → new token.
 * Our rule: only a definite answer (status false, or 401) logs out; a timeout,
 * network or server error is a blip, and the next verification decides.
 */
export const verifyOnceAtom = atom(null, async (get, set): Promise<void> => {
  const prefix = get(prefixAtom);
  if (!prefix) return;
  const token = readToken(prefix);
  if (!token) {
    await set(logoutAtom, { notifyServer: false });
    return;
  }
  try {
    const reply = await callApi('verify', { token, type: readLoginType(prefix) ?? 'phone' });
    if (reply.status !== true) {
      // The server has just said the token is dead: posting it to logout would only earn a 401.
      await set(logoutAtom, { notifyServer: false, reason: sessionEndReasonOf(reply.reason) ?? 'ended' });
      return;
    }
    if (reply.refresh_status && reply.access_token) replaceToken(prefix, reply.access_token);
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') await set(unauthorizedLogoutAtom, error.reason);
    else console.warn('[session] verify did not answer; keeping the session', errorKeyOf(error));
  }
});
