// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { GetProfileReply } from '@member/shared-core';
import { ApiError } from '../../core/api/api-error';
import type { CallOptions } from '../../core/api/client';
import { sessionAtom, sessionCheckAtom, sessionCheckingAtom, sessionFromReplyAtom } from '../../core/base/session-state';
import { readToken, writeSessionCookies } from '../../core/base/session-cookies';
import { checkSessionAtom } from './session-check';
import { clearCookies } from '../../core/base/test-cookies';

const getProfile = vi.hoisted(() => vi.fn<(request: unknown, options?: Pick<CallOptions, 'onRetry'>) => Promise<GetProfileReply>>());
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ getProfile }));

const PREFIX = 'pre8';
const member: GetProfileReply = {
  status: true,
  accounts: true,
  member_info: { cid: 7, account_name: 'a', account_number: '1', phone: '0812345678', bank_th: 'b', bank_en: 'b', set: 'KBANK', logo: '' },
  games: [],
};

/** A store as the app has it on load with a stored session: status "checking". */
function loadingStore() {
  const store = createStore();
  store.set(sessionCheckingAtom);
  return store;
}

beforeEach(() => {
  writeSessionCookies(PREFIX, 'stored-token', 'phone');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  getProfile.mockReset();
  vi.restoreAllMocks();
  clearCookies();
});

describe('the stored session check', () => {
  it('restores the member from a good reply', async () => {
    getProfile.mockResolvedValue({ ...member, refresh_status: true, access_token: 'rotated' });
    const store = loadingStore();
    await store.set(checkSessionAtom, PREFIX);
    expect(store.get(sessionAtom)).toMatchObject({ status: 'member', logged: true, memberInfo: { cid: 7 } });
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'idle' });
    expect(readToken(PREFIX)).toBe('rotated');
    expect(getProfile).toHaveBeenCalledWith({ prefix: PREFIX, type: 'phone', token: 'stored-token' }, expect.anything());
  });

  it('ends the session on status false and on 401 only', async () => {
    for (const answer of [
      () => Promise.resolve({ status: false }),
      () => Promise.reject(new ApiError('unauthorized', 'getProfile', 401)),
    ]) {
      writeSessionCookies(PREFIX, 'stored-token', 'phone');
      getProfile.mockImplementationOnce(answer);
      const store = loadingStore();
      await store.set(checkSessionAtom, PREFIX);
      expect(store.get(sessionAtom).status).toBe('guest');
      expect(readToken(PREFIX)).toBeNull();
    }
  });

  it('keeps the cookies and says "retrying", then "unreachable", when the server fails; Retry then restores the member', async () => {
    let fail!: (error: ApiError) => void;
    getProfile.mockImplementationOnce((_request, options) => {
      options?.onRetry?.(new ApiError('http', 'getProfile', 503), 1);
      return new Promise((_resolve, reject) => (fail = reject));
    });
    const store = loadingStore();
    const check = store.set(checkSessionAtom, PREFIX);
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'retrying', errorKey: 'api.errors.http' });
    expect(store.get(sessionAtom).status).toBe('checking');
    fail(new ApiError('timeout', 'getProfile'));
    await check;
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'unreachable', errorKey: 'api.errors.timeout' });
    expect(store.get(sessionAtom).status).toBe('checking');
    expect(readToken(PREFIX)).toBe('stored-token');

    let answer!: (reply: GetProfileReply) => void;
    getProfile.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const retry = store.set(checkSessionAtom, PREFIX);
    // Retry shows at once that it is trying again, with what failed last.
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'retrying', errorKey: 'api.errors.timeout' });
    answer(member);
    await retry;
    expect(store.get(sessionAtom).status).toBe('member');
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'idle' });
  });

  it('treats a reply of the wrong shape like a failed check: the error shown, the token kept, nothing thrown', async () => {
    getProfile.mockRejectedValue(new ApiError('shape', 'getProfile', 200, { field: '(reply)', problem: 'must be an object' }));
    const store = loadingStore();
    await expect(store.set(checkSessionAtom, PREFIX)).resolves.toBeUndefined();
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'unreachable', errorKey: 'api.errors.shape' });
    expect(store.get(sessionAtom).status).toBe('checking');
    expect(readToken(PREFIX)).toBe('stored-token');
  });

  it('runs one check at a time: a second request joins the first', async () => {
    let answer!: (reply: GetProfileReply) => void;
    getProfile.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const store = loadingStore();
    const first = store.set(checkSessionAtom, PREFIX);
    const second = store.set(checkSessionAtom, PREFIX);
    answer(member);
    await Promise.all([first, second]);
    expect(getProfile).toHaveBeenCalledTimes(1);
  });

  it('does not hold a member already on screen behind the notice when a re-check fails', async () => {
    getProfile.mockRejectedValue(new ApiError('offline', 'getProfile'));
    const store = createStore();
    store.set(sessionFromReplyAtom, { reply: member, loginBy: 'phone', fresh: false });
    await store.set(checkSessionAtom, PREFIX);
    expect(store.get(sessionAtom).status).toBe('member');
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'idle' });
  });

  it('clears a check whose cookies are gone (another tab logged out)', async () => {
    document.cookie = `token-${PREFIX}=; path=/; max-age=0`;
    const store = loadingStore();
    await store.set(checkSessionAtom, PREFIX);
    expect(store.get(sessionAtom).status).toBe('guest');
    expect(getProfile).not.toHaveBeenCalled();
  });
});
