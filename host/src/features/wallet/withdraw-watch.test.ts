// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { WithdrawReply } from '@member/shared-core';
import type { LeaderLock } from '../../core/lib/leader-lock';
import type { Visibility } from '../../core/lib/periodic-task';
import { signalWithdrawSettledAtom } from './state';
import { intentsKey } from './withdraw-intents';
import { flowOf, submitWithdrawAtom, withdrawFlowsAtom } from './withdraw-state';
import { startWithdrawWatch } from './withdraw-watch';
import { fakeWithdrawPorts } from './test-withdraw-ports';

const PREFIX = 'pre8';
const UFA = { gameuser: 'pre8u1', service: 'UFA' as const, amount: 300 };
/** The watch's cadence while a withdrawal waits, written out. */
const FOUR_SECONDS = 4_000;

const leading: LeaderLock = { isLeader: true, claim() {}, release() {} };

function visibility(initial: boolean) {
  let visible = initial;
  let listener: ((v: boolean) => void) | null = null;
  const value: Visibility & { set(v: boolean): void } = {
    isVisible: () => visible,
    subscribe(onChange) {
      listener = onChange;
      return () => {
        listener = null;
      };
    },
    set(v) {
      visible = v;
      listener?.(v);
    },
  };
  return value;
}

/** An operator that books every withdrawal and keeps it pending until told. */
function operator() {
  let pending = false;
  const ports = fakeWithdrawPorts(PREFIX, {
    checkPending: vi.fn(async () => ({ pending })),
    send: vi.fn(async (): Promise<WithdrawReply> => {
      pending = true;
      return { status: true, pending: true };
    }),
  });
  return { ports, settle: () => (pending = false) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the withdrawal watch', () => {
  it('asks the server every 4 seconds while a withdrawal waits, and not at all while none does', async () => {
    const { ports } = operator();
    const store = createStore();
    const stop = startWithdrawWatch({ store, prefix: PREFIX, ports, lock: leading, visibility: visibility(true) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ports.checkPending).not.toHaveBeenCalled();

    await store.set(submitWithdrawAtom, UFA);
    await vi.advanceTimersByTimeAsync(FOUR_SECONDS - 1);
    expect(ports.checkPending).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(ports.checkPending).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FOUR_SECONDS);
    expect(ports.checkPending).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * FOUR_SECONDS);
    expect(ports.checkPending).toHaveBeenCalledTimes(12);
    stop();
  });

  it('once stopped it asks nothing, hears no other tab and no MemberTrans', async () => {
    const { ports } = operator();
    const store = createStore();
    const stop = startWithdrawWatch({ store, prefix: PREFIX, ports, lock: leading, visibility: visibility(true) });
    await store.set(submitWithdrawAtom, UFA);
    await vi.advanceTimersByTimeAsync(FOUR_SECONDS);
    expect(ports.checkPending).toHaveBeenCalledTimes(1);
    stop();

    await vi.advanceTimersByTimeAsync(10 * FOUR_SECONDS);
    expect(ports.checkPending).toHaveBeenCalledTimes(1);
    const shown = store.get(withdrawFlowsAtom);
    store.set(signalWithdrawSettledAtom, { gameuser: UFA.gameuser, key: 'key-1' });
    localStorage.setItem(intentsKey(PREFIX), JSON.stringify({}));
    window.dispatchEvent(new StorageEvent('storage', { key: intentsKey(PREFIX) }));
    expect(store.get(withdrawFlowsAtom)).toBe(shown);
  });

  it('stops asking once the withdrawal has settled', async () => {
    const { ports, settle } = operator();
    const store = createStore();
    const stop = startWithdrawWatch({ store, prefix: PREFIX, ports, lock: leading, visibility: visibility(true) });
    await store.set(submitWithdrawAtom, UFA);
    await vi.advanceTimersByTimeAsync(FOUR_SECONDS);
    settle();
    await vi.advanceTimersByTimeAsync(FOUR_SECONDS);
    expect(flowOf(store.get(withdrawFlowsAtom), UFA.gameuser).phase).toBe('done');
    const asked = vi.mocked(ports.checkPending).mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * FOUR_SECONDS);
    expect(ports.checkPending).toHaveBeenCalledTimes(asked);
    stop();
  });

  it('a hidden tab asks nothing; shown again it asks at once, then every 4 seconds', async () => {
    const { ports } = operator();
    const store = createStore();
    const page = visibility(true);
    const stop = startWithdrawWatch({ store, prefix: PREFIX, ports, lock: leading, visibility: page });
    await store.set(submitWithdrawAtom, UFA);
    page.set(false);
    await vi.advanceTimersByTimeAsync(10 * FOUR_SECONDS);
    expect(ports.checkPending).not.toHaveBeenCalled();
    page.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(ports.checkPending).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FOUR_SECONDS);
    expect(ports.checkPending).toHaveBeenCalledTimes(2);
    stop();
  });

  it("a MemberTrans carrying the withdrawal's key ends it at once, without waiting for the next check", async () => {
    const { ports } = operator();
    const store = createStore();
    const stop = startWithdrawWatch({ store, prefix: PREFIX, ports, lock: leading, visibility: visibility(true) });
    await store.set(submitWithdrawAtom, UFA);
    store.set(signalWithdrawSettledAtom, { gameuser: UFA.gameuser, key: 'key-1' });
    expect(flowOf(store.get(withdrawFlowsAtom), UFA.gameuser)).toMatchObject({ phase: 'done', intent: { state: 'completed' } });
    expect(ports.refreshBalance).toHaveBeenCalledWith('UFA');
    await vi.advanceTimersByTimeAsync(10 * FOUR_SECONDS);
    expect(ports.checkPending).not.toHaveBeenCalled();
    stop();
  });

  it('a MemberTrans without a key, or with another one, settles nothing: the server is asked at once', async () => {
    const { ports, settle } = operator();
    const store = createStore();
    const stop = startWithdrawWatch({ store, prefix: PREFIX, ports, lock: leading, visibility: visibility(true) });
    await store.set(submitWithdrawAtom, UFA);
    store.set(signalWithdrawSettledAtom, { gameuser: UFA.gameuser, key: 'another-device' });
    await vi.advanceTimersByTimeAsync(0);
    expect(ports.checkPending).toHaveBeenCalledTimes(1);
    expect(flowOf(store.get(withdrawFlowsAtom), UFA.gameuser)).toMatchObject({ phase: 'pending', intent: { key: 'key-1' } });
    settle();
    store.set(signalWithdrawSettledAtom, { gameuser: UFA.gameuser });
    await vi.advanceTimersByTimeAsync(0);
    expect(ports.checkPending).toHaveBeenCalledTimes(2);
    // Booked (its reply said so), and nothing of the account is pending any more: it settled.
    expect(flowOf(store.get(withdrawFlowsAtom), UFA.gameuser)).toMatchObject({ phase: 'done', intent: { key: 'key-1' } });
    stop();
  });
});
