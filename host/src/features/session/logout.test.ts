// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../core/api/api-error';
import { LOGOUT_DELAY_MS, logoutAtom } from './logout';
import { answerSessionEnd } from '../../core/base/session-end';
import { completeLoginAtom, verifyOnceAtom } from './session-actions';
import { logoutReasonAtom } from './logout-reason';
import { readToken } from '../../core/base/session-cookies';
import { isLoggedInAtom, sessionAtom } from '../../core/base/session-state';
import { closeTabSync, openTabSync } from './tab-sync';
import { clearCookies } from '../../core/base/test-cookies';
import { TEST_MEMBER_INFO, testMemberStore } from '../../core/base/test-member';
import { recordNavigations } from '../../core/lib/test-navigation';

const logoutCall = vi.hoisted(() => vi.fn(async () => ({ status: true })));
const verify = vi.hoisted(() => vi.fn());
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ logout: logoutCall, verify }));
vi.mock('../../core/lib/sweetalert', () => ({ default: { fire: vi.fn() } }));

const PREFIX = 'pre8';

const memberStore = () => testMemberStore({ cookies: true });

const navigations = recordNavigations();

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  logoutCall.mockClear();
  verify.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

describe('logout', () => {
  it('posts the token once however many ask, clears the session and its registration keys, tells the features and the other tabs, then goes to log in', async () => {
    const store = memberStore();
    sessionStorage.setItem(`register-flow-${PREFIX}`, '{"phone":"0812345678"}');
    sessionStorage.setItem(`line-register-${PREFIX}`, 'line-token');
    const told: string[] = [];
    const stopAnswering = answerSessionEnd(({ prefix }) => told.push(prefix));
    openTabSync(PREFIX);
    const otherTab = new BroadcastChannel(`member-session-${PREFIX}`);
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);

    const first = store.set(logoutAtom);
    const second = store.set(logoutAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await Promise.all([first, second]);
    vi.useRealTimers();
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'logout' }]));
    otherTab.close();
    closeTabSync();
    stopAnswering();

    expect(logoutCall).toHaveBeenCalledTimes(1);
    expect(logoutCall).toHaveBeenCalledWith({ prefix: PREFIX, token: 'member-token' });
    expect(readToken(PREFIX)).toBeNull();
    expect(sessionStorage.getItem(`register-flow-${PREFIX}`)).toBeNull();
    expect(sessionStorage.getItem(`line-register-${PREFIX}`)).toBeNull();
    expect(told).toEqual([PREFIX]);
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(store.get(sessionAtom).games).toEqual([]);
    expect(navigations).toEqual([`/login?prefix=${PREFIX}`]);
  });
});

describe('the periodic verify', () => {
  it('keeps the session when the server does not answer, and rotates the token when told', async () => {
    const store = memberStore();
    verify.mockRejectedValueOnce(new ApiError('timeout', 'verify', null));
    await store.set(verifyOnceAtom);
    verify.mockRejectedValueOnce(new ApiError('http', 'verify', 503));
    await store.set(verifyOnceAtom);
    expect(store.get(isLoggedInAtom)).toBe(true);
    expect(readToken(PREFIX)).toBe('member-token');

    verify.mockResolvedValueOnce({ status: true, refresh_status: true, access_token: 'rotated' });
    await store.set(verifyOnceAtom);
    expect(readToken(PREFIX)).toBe('rotated');
    expect(logoutCall).not.toHaveBeenCalled();
  });

  it.each([
    ['status false', () => verify.mockResolvedValueOnce({ status: false })],
    ['a 401', () => verify.mockRejectedValueOnce(new ApiError('unauthorized', 'verify', 401))],
  ])('logs out on a definite answer (%s), without posting the dead token', async (_name, answer) => {
    const store = memberStore();
    answer();
    const done = store.set(verifyOnceAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await done;
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(readToken(PREFIX)).toBeNull();
    expect(logoutCall).not.toHaveBeenCalled();
  });

  it.each([
    ['another device', () => verify.mockResolvedValueOnce({ status: false, reason: 'elsewhere' }), 'elsewhere'],
    ['expiry', () => verify.mockResolvedValueOnce({ status: false, reason: 'expired' }), 'expired'],
    [
      'the club (a 401 saying so)',
      () => verify.mockRejectedValueOnce(Object.assign(new ApiError('unauthorized', 'verify', 401), { reason: 'revoked' })),
      'revoked',
    ],
    ['no reason given', () => verify.mockResolvedValueOnce({ status: false }), 'ended'],
    ['a reason the contract does not know', () => verify.mockResolvedValueOnce({ status: false, reason: 'moon-phase' }), 'ended'],
  ])('keeps why the session ended (%s) for the login screen, and a new login clears it', async (_name, answer, reason) => {
    const store = memberStore();
    answer();
    const done = store.set(verifyOnceAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await done;
    expect(store.get(logoutReasonAtom)).toBe(reason);
    store.set(completeLoginAtom, { status: true, access_token: 'new', member_info: TEST_MEMBER_INFO, games: [] }, 'phone');
    expect(store.get(logoutReasonAtom)).toBeNull();
  });

  it('says nothing on the login screen after a logout the member asked for', async () => {
    const store = memberStore();
    const done = store.set(logoutAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await done;
    expect(store.get(logoutReasonAtom)).toBeNull();
  });
});
