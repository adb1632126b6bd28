import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeaderLock, type LeaderLock } from './leader-lock';
import { startPeriodicTask, type Visibility } from './periodic-task';

function fakeVisibility(initial = true) {
  let visible = initial;
  const listeners = new Set<(v: boolean) => void>();
  const visibility: Visibility & { set(v: boolean): void } = {
    isVisible: () => visible,
    subscribe(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    set(v) {
      visible = v;
      listeners.forEach((cb) => cb(v));
    },
  };
  return visibility;
}

/** A lock shared by several fake tabs: first to claim leads, the next in line takes over on release. */
function fakeLockManager() {
  const queue: Array<{ grant: () => void }> = [];
  let holder: { grant: () => void } | null = null;
  const next = () => {
    if (holder || queue.length === 0) return;
    holder = queue.shift()!;
    holder.grant();
  };
  return {
    lockFor(): LeaderLock {
      let leader = false;
      const me = {
        grant: () => {
          leader = true;
        },
      };
      return {
        get isLeader() {
          return leader;
        },
        claim() {
          if (leader || queue.includes(me)) return;
          queue.push(me);
          next();
        },
        release() {
          const index = queue.indexOf(me);
          if (index >= 0) queue.splice(index, 1);
          if (holder === me) holder = null;
          leader = false;
          next();
        },
      };
    },
  };
}

describe('startPeriodicTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs every 20 s in the leader tab only', async () => {
    const locks = fakeLockManager();
    const runA = vi.fn();
    const runB = vi.fn();
    const stopA = startPeriodicTask({ intervalMs: 20_000, run: runA, lock: locks.lockFor(), visibility: fakeVisibility() });
    const stopB = startPeriodicTask({ intervalMs: 20_000, run: runB, lock: locks.lockFor(), visibility: fakeVisibility() });
    await vi.advanceTimersByTimeAsync(19_999);
    expect(runA).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(runA).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(runA).toHaveBeenCalledTimes(3);
    expect(runB).not.toHaveBeenCalled();
    stopA();
    stopB();
  });

  it('a hidden tab runs nothing, hands over the lead, and runs at once when shown again', async () => {
    const locks = fakeLockManager();
    const visA = fakeVisibility();
    const runA = vi.fn();
    const runB = vi.fn();
    const stopA = startPeriodicTask({ intervalMs: 20_000, run: runA, lock: locks.lockFor(), visibility: visA });
    const stopB = startPeriodicTask({ intervalMs: 20_000, run: runB, lock: locks.lockFor(), visibility: fakeVisibility() });
    visA.set(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runA).not.toHaveBeenCalled();
    expect(runB).toHaveBeenCalledTimes(3);
    visA.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(runA).toHaveBeenCalledTimes(1);
    stopA();
    stopB();
  });

  it('never overlaps a slow run with the next tick', async () => {
    const locks = fakeLockManager();
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startPeriodicTask({ intervalMs: 1_000, run, lock: locks.lockFor(), visibility: fakeVisibility() });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops for good', async () => {
    const run = vi.fn();
    const stop = startPeriodicTask({ intervalMs: 1_000, run, lock: fakeLockManager().lockFor(), visibility: fakeVisibility() });
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('createLeaderLock without Web Locks', () => {
  it('leads alone once claimed', () => {
    const lock = createLeaderLock('x', undefined);
    expect(lock.isLeader).toBe(false);
    lock.claim();
    expect(lock.isLeader).toBe(true);
    lock.release();
    expect(lock.isLeader).toBe(false);
  });
});
