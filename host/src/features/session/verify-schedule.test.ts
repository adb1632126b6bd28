// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeaderLock } from '../../core/lib/leader-lock';
import type { Visibility } from '../../core/lib/periodic-task';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { VERIFY_INTERVAL_MS, startVerifySchedule } from './verify-schedule';
import { clearCookies } from '../../core/base/test-cookies';
import { testMemberStore } from '../../core/base/test-member';

const verify = vi.hoisted(() => vi.fn(async () => ({ status: true })));
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ verify }));

const PREFIX = 'pre8';

const memberTab = () => testMemberStore({ games: [], memberInfo: null });

/** The Web Lock between the brand's tabs: the first to claim leads; the others queue and the next leads when it lets go. */
function sharedLock() {
  const queue: object[] = [];
  return () => {
    const me = {};
    const lock: LeaderLock = {
      get isLeader() {
        return queue[0] === me;
      },
      claim() {
        if (!queue.includes(me)) queue.push(me);
      },
      release() {
        const at = queue.indexOf(me);
        if (at >= 0) queue.splice(at, 1);
      },
    };
    return lock;
  };
}

function fakeVisibility(visible: boolean) {
  let listener: ((visible: boolean) => void) | null = null;
  const visibility: Visibility & { set(value: boolean): void } = {
    isVisible: () => visible,
    subscribe(onChange) {
      listener = onChange;
      return () => {
        listener = null;
      };
    },
    set(value) {
      visible = value;
      listener?.(value);
    },
  };
  return visibility;
}

beforeEach(() => {
  vi.useFakeTimers();
  writeSessionCookies(PREFIX, 'member-token', 'phone');
});
afterEach(() => {
  vi.useRealTimers();
  verify.mockClear();
  clearCookies();
});

describe('the verify schedule', () => {
  it('verifies every 20 s from one tab of the member only, whichever tabs are open', async () => {
    const lockOf = sharedLock();
    const stops = [0, 1, 2].map(() => startVerifySchedule({ store: memberTab(), lock: lockOf(), visibility: fakeVisibility(true) }));
    await vi.advanceTimersByTimeAsync(VERIFY_INTERVAL_MS - 1);
    expect(verify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(verify).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(VERIFY_INTERVAL_MS * 2);
    expect(verify).toHaveBeenCalledTimes(3);
    stops.forEach((stop) => stop());
  });

  it('verifies nothing from a hidden tab; the lead passes to a visible one', async () => {
    const lockOf = sharedLock();
    const hidden = fakeVisibility(true);
    const stopFirst = startVerifySchedule({ store: memberTab(), lock: lockOf(), visibility: hidden });
    const stopSecond = startVerifySchedule({ store: memberTab(), lock: lockOf(), visibility: fakeVisibility(true) });
    hidden.set(false);
    // The hidden tab gave up the lead: the visible one verifies, once every 20 s.
    await vi.advanceTimersByTimeAsync(VERIFY_INTERVAL_MS * 2);
    expect(verify).toHaveBeenCalledTimes(2);
    stopSecond();
    verify.mockClear();
    await vi.advanceTimersByTimeAsync(VERIFY_INTERVAL_MS * 3);
    expect(verify).not.toHaveBeenCalled();
    stopFirst();
  });
});
