import { atom } from 'jotai';
import { validateLineState } from '@member/shared-core/helpers/line-state';
import { prefixAtom } from '../../core/base/boot-state';
import { setLineConnectErrorAtom, updateProfileAtom } from '../../core/base/session-state';
import { completeLoginAtom } from './session-actions';
import { readToken, takeLineState } from '../../core/base/session-cookies';
import { rememberLineRegistration } from './line-registration';
import { callApi } from '../../core/api/api';

/** What LINE sent the browser back with: `code` and `state`, or `error` when the member cancelled. */
export interface LineCallback {
  code: string | null;
  state: string | null;
  error: string | null;
}

/** Where the callback leads: a page of the site (without its prefix), or a refusal the member reads. */
export type LineCallbackOutcome =
  | { kind: 'go'; path: '/check/member' | '/register' | '/info/lineAuthInfo' }
  | { kind: 'refused'; messageKey: string; error?: 'session' };

/**
 * LINE's callback, for a login or for connecting LINE to a member: the state kept in the cookie is taken (single use)
 * and must match the returned one; only then is the code sent. A login whose LINE account has no member yet goes on
 * to registration with its LINE token.
 */
export const lineCallbackAtom = atom(null, async (get, set, { code, state, error }: LineCallback): Promise<LineCallbackOutcome> => {
  const prefix = get(prefixAtom);
  if (!prefix) return { kind: 'refused', messageKey: 'checkLine.session', error: 'session' };
  const kept = takeLineState();
  const connecting = kept.intent === 'connect';
  if (error !== null) {
    if (connecting) set(setLineConnectErrorAtom, true);
    return { kind: 'refused', messageKey: connecting ? 'checkLine.connectCancelled' : 'checkLine.cancelled' };
  }
  if (!validateLineState(state, kept.state, prefix).ok || !code) {
    if (connecting) set(setLineConnectErrorAtom, true);
    return { kind: 'refused', messageKey: 'checkLine.session', error: 'session' };
  }
  try {
    if (connecting) {
      const token = readToken(prefix);
      const reply = token ? await callApi('checkLineConnect', { token, code }) : { status: false };
      set(setLineConnectErrorAtom, reply.status !== true);
      if (reply.status === true) set(updateProfileAtom, { lineConnect: true });
      return { kind: 'go', path: '/info/lineAuthInfo' };
    }
    const reply = await callApi('lineProfile', { prefix, code, dot: window.location.origin });
    if (reply.status === true && reply.accounts === false && reply.access_token) {
      rememberLineRegistration(prefix, reply.access_token);
      return { kind: 'go', path: '/register' };
    }
    if (set(completeLoginAtom, reply, 'line')) return { kind: 'go', path: '/check/member' };
    return { kind: 'refused', messageKey: 'checkLine.failed' };
  } catch {
    // A connect whose check call failed is a failed connect, like a refused one: the account page says so.
    if (connecting) set(setLineConnectErrorAtom, true);
    return { kind: 'refused', messageKey: 'checkLine.failed' };
  }
});
