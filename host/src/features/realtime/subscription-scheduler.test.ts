import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSubscriptionScheduler } from './subscription-scheduler';

describe('subscription timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const calls: string[] = [];
    const scheduler = createSubscriptionScheduler({ subscribe: (id) => calls.push(`+${id}`), leave: (id) => calls.push(`-${id}`) });
    scheduler.mount();
    return { calls, scheduler };
  };

  it('subscribes 3 s after mount when logged in', () => {
    const { calls, scheduler } = setup();
    scheduler.update({ memberId: 7, logged: true, onLogoutPage: false });
    vi.advanceTimersByTime(2999);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['+7']);
  });

  it('leaves the old channel at once and joins the new one after 0.8 s', () => {
    const { calls, scheduler } = setup();
    scheduler.update({ memberId: 7, logged: true, onLogoutPage: false });
    vi.advanceTimersByTime(3000);
    scheduler.update({ memberId: 9, logged: true, onLogoutPage: false });
    expect(calls).toEqual(['+7', '-7']);
    vi.advanceTimersByTime(799);
    expect(calls).toEqual(['+7', '-7']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['+7', '-7', '+9']);
  });

  it('skips id 0, logout pages and logged-out members', () => {
    const { calls, scheduler } = setup();
    scheduler.update({ memberId: 0, logged: true, onLogoutPage: false });
    scheduler.update({ memberId: 7, logged: false, onLogoutPage: false });
    scheduler.update({ memberId: 7, logged: true, onLogoutPage: true });
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual([]);
  });

  it('leaves when the member logs out, and never joins a channel whose timer was cancelled', () => {
    const { calls, scheduler } = setup();
    scheduler.update({ memberId: 7, logged: true, onLogoutPage: false });
    vi.advanceTimersByTime(3000);
    scheduler.update({ memberId: 7, logged: false, onLogoutPage: false });
    scheduler.update({ memberId: 8, logged: true, onLogoutPage: false });
    scheduler.update({ memberId: 0, logged: false, onLogoutPage: false });
    vi.advanceTimersByTime(5000);
    expect(calls).toEqual(['+7', '-7']);
  });
});
