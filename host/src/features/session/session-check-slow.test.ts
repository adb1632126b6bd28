// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { GetProfileReply } from '@member/shared-core';
import { ApiError } from '../../core/api/api-error';
import type { CallOptions } from '../../core/api/client';
import {
  cancelSessionCheckAtom,
  sessionAtom,
  sessionCheckAtom,
  sessionCheckingAtom,
  sessionFromReplyAtom,
} from '../../core/base/session-state';
import { readToken, writeSessionCookies } from '../../core/base/session-cookies';
import { checkSessionAtom } from './session-check';
import { clearCookies } from '../../core/base/test-cookies';

/** A getProfile that answers only when told, and stops (as the API client does) when its signal is aborted. */
const pending = vi.hoisted(() => ({ answer: (_reply: unknown) => undefined as void }));
const getProfile = vi.hoisted(() =>
  vi.fn(
    (_request: unknown, options?: Pick<CallOptions, 'onRetry' | 'signal'>) =>
      new Promise<GetProfileReply>((resolve, reject) => {
        pending.answer = (reply) => resolve(reply as GetProfileReply);
        options?.signal?.addEventListener('abort', () => reject(new ApiError('cancelled', 'getProfile')), { once: true });
      }),
  ),
);
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ getProfile }));

const PREFIX = 'pre8';
/** How long the member waits before the screen says the server is slow, written out. */
const THREE_SECONDS = 3_000;
const MEMBER: GetProfileReply = {
  status: true,
  accounts: true,
  member_info: { cid: 7, account_name: 'a', account_number: '1', phone: '0812345678', bank_th: 'b', bank_en: 'b', set: 'KBANK', logo: '' },
  games: [],
};

beforeEach(() => {
  vi.useFakeTimers();
  writeSessionCookies(PREFIX, 'stored-token', 'phone');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  getProfile.mockClear();
  clearCookies();
});

describe('a slow session check', () => {
  it('says the server is slow after 3 seconds without an answer, and no sooner', async () => {
    const store = createStore();
    store.set(sessionCheckingAtom);
    const check = store.set(checkSessionAtom, PREFIX);
    await vi.advanceTimersByTimeAsync(THREE_SECONDS - 1);
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'idle' });
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'slow' });
    pending.answer(MEMBER);
    await check;
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'idle' });
    expect(store.get(sessionAtom).status).toBe('member');
  });

  it('an answer within 3 seconds never shows "slow", even later', async () => {
    const store = createStore();
    store.set(sessionCheckingAtom);
    const check = store.set(checkSessionAtom, PREFIX);
    await vi.advanceTimersByTimeAsync(THREE_SECONDS - 1);
    pending.answer(MEMBER);
    await check;
    await vi.advanceTimersByTimeAsync(10 * THREE_SECONDS);
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'idle' });
  });

  it('the member may stop waiting: the check ends as "cannot reach", the cookies kept for Retry', async () => {
    const store = createStore();
    store.set(sessionCheckingAtom);
    const check = store.set(checkSessionAtom, PREFIX);
    await vi.advanceTimersByTimeAsync(THREE_SECONDS);
    store.set(cancelSessionCheckAtom);
    await check;
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'unreachable', errorKey: 'api.errors.cancelled' });
    expect(readToken(PREFIX)).toBe('stored-token');
    expect(store.get(sessionAtom).status).toBe('checking');
  });

  it('a member already on screen, re-checked, is never held behind the "slow" notice', async () => {
    const store = createStore();
    store.set(sessionFromReplyAtom, { reply: MEMBER, loginBy: 'phone', fresh: false });
    const check = store.set(checkSessionAtom, PREFIX);
    await vi.advanceTimersByTimeAsync(5 * THREE_SECONDS);
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'idle' });
    pending.answer(MEMBER);
    await check;
  });
});
