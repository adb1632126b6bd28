// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { HistoryEntry, WithdrawReply } from '@member/shared-core';
import { ApiError } from '../../core/api/api-error';
import { signalWithdrawSettledAtom } from './state';
import type { LeaderLock } from '../../core/lib/leader-lock';
import type { Visibility } from '../../core/lib/periodic-task';
import { createIntentStore, intentsKey } from './withdraw-intents';
import { checkWithdrawalAtom, flowOf, submitWithdrawAtom, withdrawFlowsAtom, type WithdrawPorts } from './withdraw-state';
import { PENDING_CHECK_MS, startWithdrawWatch } from './withdraw-watch';
import type { WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';

const PREFIX = 'test';
const UFA = { gameuser: 'ufa001', service: 'UFA' as const, amount: 300 };

/**
 * A fake operator: a ledger it books into once per Idempotency-Key (a key being processed answers 409, a key with a
 * result gets it again), and replies the test can lose or delay.
 */
function fakeServer() {
  const rows: Array<HistoryEntry & { key: string }> = [];
  const calls = { send: 0, checkPending: 0, history: 0 };
  const results = new Map<string, WithdrawReply>();
  const inFlight = new Set<string>();
  let replyFault: 'none' | 'lostAfterCommit' | 'lostBeforeCommit' | 'hang' | 'timeoutWhileProcessing' = 'none';
  let hung: Array<() => void> = [];
  let refusal: WithdrawReply | null = null;
  const server = {
    rows,
    calls,
    loseReplies(kind: typeof replyFault) {
      replyFault = kind;
    },
    refuseNext(reply: WithdrawReply) {
      refusal = reply;
    },
    releaseHung() {
      hung.forEach((release) => release());
      hung = [];
    },
    settle(status: 'completed' | 'rejected') {
      for (const row of rows) if (row.status === 'pending') row.status = status;
    },
    book(intent: WithdrawIntent): WithdrawReply {
      const known = results.get(intent.key);
      if (known) return known;
      let reply: WithdrawReply;
      if (refusal) {
        reply = refusal;
        refusal = null;
      } else if (rows.some((r) => r.status === 'pending' && r.gameuser === intent.gameuser)) {
        reply = { status: false, code: 'pending' };
      } else {
        rows.push({
          ref: `W${rows.length + 1}`,
          key: intent.key,
          type: 'withdraw',
          amount: intent.amount,
          status: 'pending',
          time: new Date().toISOString(),
          service: intent.service,
          gameuser: intent.gameuser,
        });
        reply = { status: true, pending: true };
      }
      results.set(intent.key, reply);
      return reply;
    },
  };
  let keys = 0;
  const ports: Omit<WithdrawPorts, 'intents'> = {
    async checkPending(gameuser) {
      calls.checkPending += 1;
      const pending = rows.find((r) => r.gameuser === gameuser && r.status === 'pending');
      return pending ? { pending: true, key: pending.key } : { pending: false };
    },
    async history() {
      calls.history += 1;
      return rows.map((r) => ({ ...r }));
    },
    async send(intent) {
      calls.send += 1;
      if (inFlight.has(intent.key)) throw new ApiError('http', 'ufaWithdraw', 409);
      if (replyFault === 'lostBeforeCommit') throw new ApiError('http', 'ufaWithdraw', 500);
      if (replyFault === 'hang' || replyFault === 'timeoutWhileProcessing') {
        inFlight.add(intent.key);
        const processed = new Promise<WithdrawReply>((resolve) =>
          hung.push(() => {
            inFlight.delete(intent.key);
            resolve(server.book(intent));
          }),
        );
        if (replyFault === 'timeoutWhileProcessing') {
          replyFault = 'none';
          throw new ApiError('timeout', 'ufaWithdraw');
        }
        return processed;
      }
      const reply = server.book(intent);
      if (replyFault === 'lostAfterCommit') throw new ApiError('timeout', 'ufaWithdraw');
      return reply;
    },
    newKey: () => `key-${++keys}`,
    now: () => Date.now(),
    serverOffsetMs: () => 0,
    onUnauthorized: vi.fn(async () => {}),
    onServerState: vi.fn(),
    refreshBalance: vi.fn(),
  };
  return { server, ports };
}

const alwaysLeader: LeaderLock = { isLeader: true, claim() {}, release() {} };
const visible: Visibility = { isVisible: () => true, subscribe: () => () => {} };

function tab(base: Omit<WithdrawPorts, 'intents'>) {
  const store = createStore();
  // No Web Locks in this test DOM: claims run at once, which is what one JavaScript thread per test gives anyway.
  const ports: WithdrawPorts = { ...base, intents: createIntentStore(PREFIX, undefined) };
  const stop = startWithdrawWatch({ store, prefix: PREFIX, ports, lock: alwaysLeader, visibility: visible });
  const flow = () => flowOf(store.get(withdrawFlowsAtom), UFA.gameuser);
  return { store, ports, stop, flow };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the withdrawal flow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends once, waits for the server, and is done on MemberTrans', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow()).toMatchObject({ phase: 'pending', intent: { amount: 300, state: 'pending' } });
    expect(server.rows).toHaveLength(1);
    t.store.set(signalWithdrawSettledAtom, { gameuser: UFA.gameuser, key: 'key-1' });
    expect(t.flow()).toMatchObject({ phase: 'done', intent: { state: 'completed' } });
    expect(server.calls.send).toBe(1);
    t.stop();
  });

  it('a second press while the first is on its way sends nothing', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    const first = t.store.set(submitWithdrawAtom, UFA);
    const second = t.store.set(submitWithdrawAtom, UFA);
    await Promise.all([first, second]);
    expect(server.calls.send).toBe(1);
    expect(t.flow().phase).toBe('pending');
    t.stop();
  });

  it('asks every 4 s only while a withdrawal is waiting, and stops once it has settled', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    await settle();
    const idle = server.calls.checkPending;
    await vi.advanceTimersByTimeAsync(5 * PENDING_CHECK_MS);
    expect(server.calls.checkPending).toBe(idle);

    await t.store.set(submitWithdrawAtom, UFA);
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(server.calls.checkPending).toBe(idle + 1);
    expect(t.flow().phase).toBe('pending');

    server.settle('completed');
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(t.flow()).toMatchObject({ phase: 'done' });
    const after = server.calls.checkPending;
    await vi.advanceTimersByTimeAsync(10 * PENDING_CHECK_MS);
    expect(server.calls.checkPending).toBe(after);
    t.stop();
  });

  it('a reply lost after the server booked it shows checking, then pending, never failed; and nothing is sent again', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    server.loseReplies('lostAfterCommit');
    await t.store.set(submitWithdrawAtom, UFA);
    await settle();
    expect(t.flow()).toMatchObject({ phase: 'pending', intent: { state: 'pending' } });
    await t.store.set(checkWithdrawalAtom, UFA.gameuser);
    expect(server.calls.send).toBe(1);
    expect(server.rows).toHaveLength(1);
    t.stop();
  });

  it('a reply lost before the server booked it is never called "not made": the same key is sent again and booked once', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    server.loseReplies('lostBeforeCommit');
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow()).toMatchObject({ phase: 'checking' });
    server.loseReplies('none');
    await settle();
    expect(server.calls.send).toBe(2);
    expect(server.rows.map((r) => [r.key, r.amount])).toEqual([['key-1', 300]]);
    expect(t.flow()).toMatchObject({ phase: 'pending', intent: { key: 'key-1', state: 'pending' } });
    t.stop();
  });

  it('a slow send is "sending" for as long as it takes: the 4 s check decides nothing and a second press sends nothing', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    server.loseReplies('hang');
    void t.store.set(submitWithdrawAtom, UFA);
    await settle();
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
      expect(t.flow()).toMatchObject({ phase: 'sending', intent: { key: 'key-1' } });
      await t.store.set(submitWithdrawAtom, { ...UFA, amount: 500 });
    }
    expect(server.calls.checkPending).toBeGreaterThanOrEqual(5);
    expect(server.calls.send).toBe(1);
    server.releaseHung();
    await settle();
    expect(t.flow()).toMatchObject({ phase: 'pending', intent: { key: 'key-1', amount: 300 } });
    expect(server.rows.map((r) => r.amount)).toEqual([300]);
    t.stop();
  });

  it('a send that times out while the server still processes it stays checking through 409s, with back-off, until the server answers', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    server.loseReplies('timeoutWhileProcessing');
    await t.store.set(submitWithdrawAtom, UFA);
    await settle();
    // The lost reply is asked about at once: nothing pending or in the history yet, so the key goes again: 409.
    expect(server.calls.send).toBe(2);
    expect(t.flow()).toMatchObject({ phase: 'checking', intent: { key: 'key-1' } });
    // Back-off: 4 s, then 8 s, then 15 s between sends, while the 4 s check keeps asking.
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(server.calls.send).toBe(3);
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(server.calls.send).toBe(3);
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(server.calls.send).toBe(4);
    expect(t.flow()).toMatchObject({ phase: 'checking' });
    await t.store.set(submitWithdrawAtom, { ...UFA, amount: 500 });
    expect(server.calls.send).toBe(4);
    // The server finishes: the next send with the key gets its result.
    server.releaseHung();
    await settle();
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(t.flow()).toMatchObject({ phase: 'pending', intent: { key: 'key-1', state: 'pending' } });
    expect(server.rows.map((r) => r.amount)).toEqual([300]);
    t.stop();
  });

  it('"not made" only after the server answered the key with a refusal; the next withdrawal has a new key', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    server.loseReplies('lostAfterCommit');
    server.refuseNext({ status: false, code: 'insufficient_balance' });
    await t.store.set(submitWithdrawAtom, UFA);
    // The refusal's reply was lost; the same key sent again gets the refusal replayed.
    server.loseReplies('none');
    await settle();
    expect(t.flow()).toMatchObject({ phase: 'refused', problem: 'insufficient_balance' });
    expect(server.rows).toHaveLength(0);
    await t.store.set(submitWithdrawAtom, UFA);
    expect(server.rows.map((r) => [r.key, r.amount])).toEqual([['key-2', 300]]);
    t.stop();
  });

  it('a settled rejection found by checking is shown as not approved', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    server.loseReplies('lostAfterCommit');
    await t.store.set(submitWithdrawAtom, UFA);
    await settle();
    expect(t.flow()).toMatchObject({ phase: 'pending' });
    server.settle('rejected');
    await t.store.set(checkWithdrawalAtom, UFA.gameuser);
    expect(t.flow()).toMatchObject({ phase: 'refused', problem: 'settledRejected' });
    t.stop();
  });

  it('a reload with an unresolved intent resumes it: the form holds back a new submit and shows the outcome', async () => {
    const { server, ports } = fakeServer();
    const before = tab(ports);
    server.loseReplies('hang');
    void before.store.set(submitWithdrawAtom, UFA);
    await settle();
    expect(before.flow().phase).toBe('sending');
    before.stop();
    // The page reloads while the reply is out; the server books it meanwhile.
    server.releaseHung();
    await settle();

    server.loseReplies('none');
    const after = tab(ports);
    await settle();
    expect(after.flow()).toMatchObject({ phase: 'pending', intent: { key: 'key-1' } });
    await after.store.set(submitWithdrawAtom, UFA);
    expect(server.calls.send).toBe(1);
    expect(server.rows).toHaveLength(1);
    server.settle('completed');
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(after.flow().phase).toBe('done');
    after.stop();
  });

  it("a second tab sees the first tab's withdrawal and cannot start another", async () => {
    const { server, ports } = fakeServer();
    const first = tab(ports);
    const second = tab(ports);
    server.loseReplies('hang');
    void first.store.set(submitWithdrawAtom, UFA);
    await settle();
    // Another tab's write arrives as a storage event.
    window.dispatchEvent(new StorageEvent('storage', { key: intentsKey(PREFIX) }));
    expect(second.flow()).toMatchObject({ phase: 'sending', intent: { key: 'key-1' } });
    await second.store.set(submitWithdrawAtom, { ...UFA, amount: 500 });
    server.releaseHung();
    await settle();
    expect(server.calls.send).toBe(1);
    expect(server.rows.map((r) => r.amount)).toEqual([300]);
    first.stop();
    second.stop();
  });

  it('a refusal belongs to its account: another account shows nothing of it', async () => {
    const { ports } = fakeServer();
    const t = tab({ ...ports, send: async () => ({ status: false, code: 'insufficient_balance' }) });
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow()).toMatchObject({ phase: 'refused', problem: 'insufficient_balance' });
    expect(flowOf(t.store.get(withdrawFlowsAtom), 'gclub001')).toEqual({ phase: 'idle' });
    t.stop();
  });

  it('a 401 on the send books nothing, logs out once, and says nothing of the withdrawal: the session ends with it', async () => {
    const { server, ports } = fakeServer();
    const t = tab({ ...ports, send: async () => Promise.reject(new ApiError('unauthorized', 'ufaWithdraw', 401)) });
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow().phase).not.toBe('refused');
    expect(ports.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.rows).toHaveLength(0);
    t.stop();
  });

  it('a check whose pending question cannot be answered still reads the history, and the next check follows it to the end', async () => {
    const { server, ports } = fakeServer();
    let reachable = false;
    const t = tab({
      ...ports,
      checkPending: async (g) => (reachable ? ports.checkPending(g) : Promise.reject(new ApiError('offline', 'checkWithdraw'))),
    });
    server.loseReplies('lostAfterCommit');
    await t.store.set(submitWithdrawAtom, UFA);
    await settle();
    expect(t.flow()).toMatchObject({ phase: 'pending', intent: { key: 'key-1' } });
    reachable = true;
    server.settle('completed');
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(t.flow()).toMatchObject({ phase: 'done', intent: { state: 'completed' } });
    expect(server.calls.send).toBe(1);
    t.stop();
  });
});
