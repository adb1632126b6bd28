// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { WithdrawReply } from '@member/shared-core';
import type { WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';
import { createIntentStore, intentsKey } from './withdraw-intents';
import { flowOf, startWithdrawalsAtom, submitWithdrawAtom, withdrawFlowsAtom, type WithdrawPorts } from './withdraw-state';
import { fakeWithdrawPorts } from './test-withdraw-ports';

const PREFIX = 'pre8';

const intent = (overrides: Partial<WithdrawIntent> = {}): WithdrawIntent => ({
  key: 'key-a',
  gameuser: 'pre8u1',
  service: 'UFA',
  amount: 300,
  createdAt: 1_000,
  state: 'sending',
  ...overrides,
});

/**
 * The Web Locks of one browser, shared by its tabs: a request waits for the holder of its name to finish. Each grant
 * waits a turn first, as a real lock manager answers asynchronously, so two tabs' claims can interleave.
 */
function sharedLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const asked: string[] = [];
  const manager = {
    request(name: string, callback: () => unknown) {
      asked.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return { locks: manager as unknown as LockManager, asked };
}

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('claiming a game user for a withdrawal, across tabs', () => {
  it('a second tab cannot claim a game user whose withdrawal another tab holds: it gets that one, and nothing is written', async () => {
    const first = createIntentStore(PREFIX, undefined);
    const second = createIntentStore(PREFIX, undefined);
    const mine = intent();
    await expect(first.claim('pre8u1', () => mine)).resolves.toEqual({ claimed: true, intent: mine });

    const make = vi.fn(() => intent({ key: 'key-b', amount: 500 }));
    await expect(second.claim('pre8u1', make)).resolves.toEqual({ claimed: false, intent: mine });
    expect(make).not.toHaveBeenCalled();
    expect(first.read()).toEqual({ pre8u1: mine });
  });

  it.each(['sending', 'pending', 'checking'] as const)('a held intent still "%s" blocks the claim', async (state) => {
    const held = intent({ state });
    localStorage.setItem(intentsKey(PREFIX), JSON.stringify({ pre8u1: held }));
    const other = createIntentStore(PREFIX, undefined);
    await expect(other.claim('pre8u1', () => intent({ key: 'key-b' }))).resolves.toEqual({ claimed: false, intent: held });
  });

  it.each(['unbooked', 'completed', 'rejected'] as const)(
    'an intent already answered ("%s") frees the game user for a new one',
    async (state) => {
      const old = intent({ state });
      localStorage.setItem(intentsKey(PREFIX), JSON.stringify({ pre8u1: old }));
      const store = createIntentStore(PREFIX, undefined);
      const make = vi.fn(() => intent({ key: 'key-b', amount: 500 }));
      await expect(store.claim('pre8u1', make)).resolves.toEqual({ claimed: true, intent: intent({ key: 'key-b', amount: 500 }) });
      expect(make).toHaveBeenCalledWith(old);
    },
  );

  it("another game user's withdrawal does not block this one", async () => {
    const store = createIntentStore(PREFIX, undefined);
    await store.claim('pre8g1', () => intent({ gameuser: 'pre8g1', service: 'GCLUB' }));
    await expect(store.claim('pre8u1', () => intent({ key: 'key-b' }))).resolves.toMatchObject({ claimed: true });
    expect(Object.keys(store.read()).sort()).toEqual(['pre8g1', 'pre8u1']);
  });

  it("two tabs pressing at once under the brand's lock: one claims, the other gets its intent", async () => {
    const { locks, asked } = sharedLocks();
    const first = createIntentStore(PREFIX, locks);
    const second = createIntentStore(PREFIX, locks);
    const [a, b] = await Promise.all([
      first.claim('pre8u1', () => intent({ key: 'key-a' })),
      second.claim('pre8u1', () => intent({ key: 'key-b' })),
    ]);
    expect([a.claimed, b.claimed]).toEqual([true, false]);
    expect(b.intent?.key).toBe('key-a');
    expect(asked).toEqual([`member-withdraw-claim-${PREFIX}`, `member-withdraw-claim-${PREFIX}`]);
    expect(first.read().pre8u1?.key).toBe('key-a');
  });
});

describe('a withdrawal pressed in a second tab', () => {
  beforeEach(() => vi.useFakeTimers());

  /** A tab's flow over the shared storage; it hears no storage event, as a tab does not before the browser delivers it. */
  function tab(send: WithdrawPorts['send']) {
    const store = createStore();
    const ports = fakeWithdrawPorts(PREFIX, {
      checkPending: vi.fn(async () => ({ pending: true })),
      history: vi.fn(async () => null),
      send,
      newKey: (() => {
        let n = 0;
        return () => `${Math.random().toString(36).slice(2)}-${++n}`;
      })(),
    });
    store.set(startWithdrawalsAtom, ports);
    return { store, ports };
  }

  it("before it has heard of the first tab's withdrawal, sends nothing and shows the first tab's", async () => {
    const sent: WithdrawIntent[] = [];
    // The first tab's send is still on its way; any other would be answered at once.
    const send = vi.fn((sentIntent: WithdrawIntent) => {
      sent.push(sentIntent);
      return sent.length === 1
        ? new Promise<WithdrawReply>(() => undefined)
        : Promise.resolve<WithdrawReply>({ status: true, pending: true });
    });
    // Both tabs open; the first tab's write reaches the second only with a storage event, not delivered yet.
    const first = tab(send);
    const second = tab(send);
    void first.store.set(submitWithdrawAtom, { gameuser: 'pre8u1', service: 'UFA', amount: 300 });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);

    expect(flowOf(second.store.get(withdrawFlowsAtom), 'pre8u1')).toEqual({ phase: 'idle' });
    await second.store.set(submitWithdrawAtom, { gameuser: 'pre8u1', service: 'UFA', amount: 500 });

    expect(send).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.amount)).toEqual([300]);
    // This tab will never see the first one's reply, so it asks the server, which is processing a withdrawal of the
    // account without saying whose: the first tab's is being checked, and its send is not repeated while it is out.
    expect(second.ports.checkPending).toHaveBeenCalledWith('pre8u1');
    expect(flowOf(second.store.get(withdrawFlowsAtom), 'pre8u1')).toMatchObject({
      phase: 'checking',
      intent: { key: sent[0]!.key, amount: 300 },
    });
    expect(second.ports.intents.read().pre8u1).toMatchObject({ key: sent[0]!.key, amount: 300 });
  });
});
