// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { HistoryEntry, WithdrawReply } from '@member/shared-core';
import { ApiError } from '../api/api-error';
import { signalWithdrawSettledAtom } from './state';
import type { LeaderLock } from '../lib/leader-lock';
import type { Visibility } from '../lib/periodic-task';
import { createIntentStore, intentsKey } from './withdraw-intents';
import { checkWithdrawalAtom, flowOf, submitWithdrawAtom, withdrawFlowsAtom, type WithdrawPorts } from './withdraw-state';
import { PENDING_CHECK_MS, startWithdrawWatch } from './withdraw-watch';
import type { WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';

const PREFIX = 'test';
const UFA = { gameuser: 'ufa001', service: 'UFA' as const, amount: 300 };

/** A fake operator: a ledger it books into once per Idempotency-Key, and replies the test can lose or delay. */
function fakeServer() {
  const rows: Array<HistoryEntry & { key: string }> = [];
  const calls = { send: 0, checkPending: 0, history: 0 };
  let replyFault: 'none' | 'lostAfterCommit' | 'lostBeforeCommit' | 'hang' = 'none';
  let hung: Array<() => void> = [];
  const server = {
    rows,
    calls,
    loseReplies(kind: typeof replyFault) {
      replyFault = kind;
    },
    releaseHung() {
      hung.forEach((release) => release());
      hung = [];
    },
    settle(status: 'completed' | 'rejected') {
      for (const row of rows) if (row.status === 'pending') row.status = status;
    },
    book(intent: WithdrawIntent): WithdrawReply {
      if (!rows.some((r) => r.key === intent.key)) {
        if (rows.some((r) => r.status === 'pending' && r.gameuser === intent.gameuser)) return { status: false, code: 'pending' };
        rows.push({ ref: `W${rows.length + 1}`, key: intent.key, type: 'withdraw', amount: intent.amount, status: 'pending', time: new Date().toISOString(), service: intent.service, gameuser: intent.gameuser });
      }
      return { status: true, pending: true };
    },
  };
  let keys = 0;
  const ports: Omit<WithdrawPorts, 'intents'> = {
    async checkPending(gameuser) {
      calls.checkPending += 1;
      return rows.some((r) => r.gameuser === gameuser && r.status === 'pending');
    },
    async history() {
      calls.history += 1;
      return rows.map((r) => ({ ...r }));
    },
    async send(intent) {
      calls.send += 1;
      if (replyFault === 'lostBeforeCommit') throw new ApiError('http', 'ufaWithdraw', 500);
      if (replyFault === 'hang') {
        await new Promise<void>((resolve) => hung.push(resolve));
        return server.book(intent);
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
    t.store.set(signalWithdrawSettledAtom, UFA.gameuser);
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

  it('a reply lost before the server booked it is found unbooked by checking, and the same amount again keeps its key', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    server.loseReplies('lostBeforeCommit');
    await t.store.set(submitWithdrawAtom, UFA);
    await settle();
    expect(t.flow()).toMatchObject({ phase: 'refused', problem: 'unbooked' });
    expect(server.rows).toHaveLength(0);

    server.loseReplies('none');
    await t.store.set(submitWithdrawAtom, UFA);
    expect(server.rows).toHaveLength(1);
    expect(server.rows[0]!.key).toBe('key-1');
    t.stop();
  });

  it('a settled rejection found by checking is shown as not approved', async () => {
    const { server, ports } = fakeServer();
    const t = tab(ports);
    server.loseReplies('lostAfterCommit');
    server.settle('rejected');
    await t.store.set(submitWithdrawAtom, UFA);
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

  it('a second tab sees the first tab\'s withdrawal and cannot start another', async () => {
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

  it('a 401 on the send books nothing and logs out once', async () => {
    const { server, ports } = fakeServer();
    const t = tab({ ...ports, send: async () => Promise.reject(new ApiError('unauthorized', 'ufaWithdraw', 401)) });
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow()).toEqual({ phase: 'idle' });
    expect(ports.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.rows).toHaveLength(0);
    t.stop();
  });

  it('a check that cannot reach the server keeps showing checking, and the next one decides', async () => {
    const { server, ports } = fakeServer();
    let reachable = false;
    const t = tab({ ...ports, checkPending: async (g) => (reachable ? ports.checkPending(g) : Promise.reject(new ApiError('offline', 'checkWithdraw'))) });
    server.loseReplies('lostAfterCommit');
    await t.store.set(submitWithdrawAtom, UFA);
    await settle();
    expect(t.flow().phase).toBe('checking');
    reachable = true;
    server.settle('completed');
    await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
    expect(t.flow()).toMatchObject({ phase: 'done', intent: { state: 'completed' } });
    expect(server.calls.send).toBe(1);
    t.stop();
  });
});
