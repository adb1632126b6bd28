// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeaderLock } from '../../core/lib/leader-lock';
import type { Visibility } from '../../core/lib/periodic-task';
import { registerNavigate } from '../../core/lib/navigation';
import { readToken } from '../../core/base/session-cookies';
import { isLoggedInAtom } from '../../core/base/session-state';
import { startVerifySchedule } from './verify-schedule';
import { clearCookies } from '../../core/base/test-cookies';
import { testMemberStore } from '../../core/base/test-member';

const verify = vi.hoisted(() => vi.fn(async (): Promise<{ status: boolean }> => ({ status: true })));
const logoutCall = vi.hoisted(() => vi.fn(async () => ({ status: true })));
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ verify, logout: logoutCall }));

const PREFIX = 'pre8';
/** The product's cadence, written out: a test reading the module's constant would follow a change of it. */
const TWENTY_SECONDS = 20_000;

const leading: LeaderLock = { isLeader: true, claim() {}, release() {} };
const shown: Visibility = { isVisible: () => true, subscribe: () => () => undefined };

const memberStore = () => testMemberStore({ games: [], cookies: true });

let stopNavigate: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  stopNavigate = registerNavigate(() => undefined);
});
afterEach(() => {
  stopNavigate();
  vi.useRealTimers();
  verify.mockClear();
  logoutCall.mockClear();
  localStorage.clear();
  clearCookies();
});

describe('the session verify loop', () => {
  it('sends the token every 20 seconds, no sooner and no later', async () => {
    const stop = startVerifySchedule({ store: memberStore(), lock: leading, visibility: shown });
    await vi.advanceTimersByTimeAsync(TWENTY_SECONDS - 1);
    expect(verify).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenLastCalledWith({ token: 'member-token', type: 'phone' });
    await vi.advanceTimersByTimeAsync(TWENTY_SECONDS - 1);
    expect(verify).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(verify).toHaveBeenCalledTimes(2);
    // Five minutes: fifteen verifications in all.
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 2 * TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(15);
    stop();
  });

  it('sends nothing more once stopped', async () => {
    const stop = startVerifySchedule({ store: memberStore(), lock: leading, visibility: shown });
    await vi.advanceTimersByTimeAsync(TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(10 * TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('a verification answered with status false logs the member out, and the loop has nothing left to send', async () => {
    const store = memberStore();
    verify.mockResolvedValueOnce({ status: false });
    const stop = startVerifySchedule({ store, lock: leading, visibility: shown });
    await vi.advanceTimersByTimeAsync(TWENTY_SECONDS);
    // Logout waits its second before clearing.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(readToken(PREFIX)).toBeNull();
    await vi.advanceTimersByTimeAsync(3 * TWENTY_SECONDS);
    // With the token gone a tick asks the server nothing.
    expect(verify).toHaveBeenCalledTimes(1);
    stop();
  });
});
