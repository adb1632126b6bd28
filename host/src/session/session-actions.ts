import { checkSafeUrl, generateLineState, type GetProfileReply, type LoginBy, type LoginReply } from '@member/shared-core';
import { getProfile } from '../api/calls/get-profile';
import { lineLogin } from '../api/calls/line-login';
import { phoneLogin } from '../api/calls/phone-login';
import { verify } from '../api/calls/verify';
import { isApiError } from '../api/api-error';
import { store } from '../state/store';
import { prefixAtom, runtimeConfigAtom, siteConfigAtom } from '../state/boot';
import { sessionFromReplyAtom } from '../state/session';
import { handleUnauthorized, performLogout } from './logout';
import { checkSessionAtom } from './session-check';
import { readLoginType, readToken, rememberLineState, replaceToken, writeSessionCookies } from './session-cookies';
import { postToOtherTabs } from './tab-sync';
import { rememberLineReturn } from './return-to';

export type ActionOutcome = { ok: true } | { ok: false; messageKey: string; fields?: Record<string, string> };

const failed = (messageKey: string, fields?: Record<string, string>): ActionOutcome => ({ ok: false, messageKey, ...(fields ? { fields } : {}) });

export function errorKeyOf(error: unknown): string {
  return isApiError(error) ? error.messageKey : 'api.errors.http';
}

function currentPrefix(): string {
  const prefix = store.get(prefixAtom);
  if (!prefix) throw new Error('no site prefix resolved');
  return prefix;
}

/** Stores a successful login reply: cookies for 30 days, then the session state. */
export function completeLogin(reply: LoginReply, loginBy: LoginBy): boolean {
  if (reply.status !== true || !reply.access_token) return false;
  const prefix = currentPrefix();
  writeSessionCookies(prefix, reply.access_token, loginBy);
  store.set(sessionFromReplyAtom, { reply, loginBy, fresh: true });
  postToOtherTabs({ type: 'login' });
  return true;
}

export async function submitPhoneLogin(phone: string, password: string): Promise<ActionOutcome> {
  const prefix = currentPrefix();
  const site = store.get(siteConfigAtom);
  try {
    const reply = await phoneLogin({
      username: phone,
      password,
      state: generateLineState(prefix),
      prefix,
      divisions: site?.divisions ?? 'false',
    });
    if (completeLogin(reply, 'phone')) return { ok: true };
    const fields = (reply as { fields?: Record<string, string> }).fields;
    return failed('login.errors.failed', fields);
  } catch (error) {
    return failed(errorKeyOf(error));
  }
}

/** Keeps a fresh single-use state and sends the browser to LINE's authorize page. */
export async function startLineLogin(): Promise<ActionOutcome> {
  const prefix = currentPrefix();
  const config = store.get(runtimeConfigAtom);
  const state = generateLineState(prefix);
  rememberLineState(state, 'login');
  rememberLineReturn(window.location.search);
  try {
    const reply = await lineLogin({ state, dot: window.location.origin });
    const target = checkSafeUrl(reply.data, config?.allowedOrigins ?? []);
    if (reply.status === false || !target.ok) return failed('login.errors.lineUnavailable');
    window.location.assign(target.url);
    return { ok: true };
  } catch (error) {
    return failed(errorKeyOf(error));
  }
}

function applyProfileReply(prefix: string, reply: GetProfileReply, type: LoginBy): void {
  if (reply.refresh_status && reply.access_token) replaceToken(prefix, reply.access_token);
  store.set(sessionFromReplyAtom, { reply, loginBy: reply.loginBy ?? type, fresh: false });
}


/** The stored session's check on load (see checkSessionAtom): only a definite answer ends it. */
export function checkSession(prefix: string): Promise<void> {
  return store.set(checkSessionAtom, prefix);
}

/** Re-reads the profile (after a phone or LINE connect, or to learn what a call that timed out did). True once applied. */
export async function refreshProfile(): Promise<boolean> {
  const prefix = currentPrefix();
  const token = readToken(prefix);
  const type = readLoginType(prefix) ?? 'phone';
  if (!token) return false;
  try {
    const reply = await getProfile({ prefix, type, token });
    if (reply.status !== true) return false;
    applyProfileReply(prefix, reply, type);
    return true;
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') await handleUnauthorized();
    return false;
  }
}

/**
 * One periodic verification: status false → logout; refresh_status → new token.
 * Our rule: only a definite answer (status false, or 401) logs out; a timeout,
 * network or server error is a blip, and the next verification decides.
 */
export async function verifyOnce(): Promise<void> {
  const prefix = store.get(prefixAtom);
  if (!prefix) return;
  const token = readToken(prefix);
  if (!token) {
    await performLogout({ notifyServer: false });
    return;
  }
  try {
    const reply = await verify({ token, type: readLoginType(prefix) ?? 'phone' });
    if (reply.status !== true) {
      // The server has just said the token is dead: posting it to logout would only earn a 401.
      await performLogout({ notifyServer: false });
      return;
    }
    if (reply.refresh_status && reply.access_token) replaceToken(prefix, reply.access_token);
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') await handleUnauthorized();
    else console.warn('[session] verify did not answer; keeping the session', errorKeyOf(error));
  }
}
