import { atom } from 'jotai';
import { isApiError } from '../api/api-error';
import { prefixAtom } from './boot-state';
import { sessionFromReplyAtom } from './session-state';
import { readLoginType, readToken, replaceToken } from './session-cookies';
import { sessionScope, unauthorizedAtom } from './session-end';
import { callApi } from '../api/api';

/** Re-reads the profile (to learn what a call that timed out did: a switch of main account). True once applied. */
export const refreshProfileAtom = atom(null, async (get, set): Promise<boolean> => {
  const prefix = get(prefixAtom);
  if (!prefix) return false;
  const token = readToken(prefix);
  const type = readLoginType(prefix) ?? 'phone';
  if (!token) return false;
  const scope = sessionScope(get);
  try {
    const reply = await callApi('getProfile', { prefix, type, token });
    // A profile read for a session that has ended since would put the member back on screen.
    if (reply.status !== true || !scope.alive()) return false;
    if (reply.refresh_status && reply.access_token) replaceToken(prefix, reply.access_token);
    set(sessionFromReplyAtom, { reply, loginBy: reply.loginBy ?? type, fresh: false });
    return true;
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized' && scope.alive()) await set(unauthorizedAtom, error.reason);
    return false;
  }
});
