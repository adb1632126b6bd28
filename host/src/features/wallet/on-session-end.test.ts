// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { local } from '../../core/lib/safe-storage';
import type { LeaderLock } from '../../core/lib/leader-lock';
import type { Visibility } from '../../core/lib/periodic-task';
import { lastDepositAtom, setLastDepositAtom, signalWithdrawSettledAtom, withdrawSettledSignalAtom } from './state';
import { intentsKey } from './withdraw-intents';
import { answerSessionEndInWithdrawals, submitWithdrawAtom, withdrawFlowsAtom } from './withdraw-state';
import { startWithdrawWatch } from './withdraw-watch';
import { walletOnSessionEnd } from './on-session-end';
import { answerSessionEnd, sessionEndedAtom } from '../../core/base/session-end';
import { fakeWithdrawPorts } from './test-withdraw-ports';

const PREFIX = 'pre8';
const alwaysLeader: LeaderLock = { isLeader: true, claim() {}, release() {} };
const visible: Visibility = { isVisible: () => true, subscribe: () => () => {} };

afterEach(() => localStorage.clear());

function memberWithAWithdrawalUnderWay() {
  const store = createStore();
  const ports = fakeWithdrawPorts(PREFIX, { checkPending: async () => ({ pending: true }) });
  const stop = startWithdrawWatch({ store, prefix: PREFIX, ports, lock: alwaysLeader, visibility: visible });
  return { store, stop };
}

describe('the wallet at the end of a session', () => {
  it("forgets the member's withdrawal flows, announcements and stored withdrawal intents", async () => {
    const { store, stop } = memberWithAWithdrawalUnderWay();
    await store.set(submitWithdrawAtom, { gameuser: 'pre8u1', service: 'UFA', amount: 300 });
    store.set(setLastDepositAtom, { gameuser: 'pre8u1', at: '2026-11-27T00:00:00Z' });
    store.set(signalWithdrawSettledAtom, { gameuser: 'pre8u2' });
    expect(Object.keys(store.get(withdrawFlowsAtom))).toEqual(['pre8u1']);
    expect(local.get(intentsKey(PREFIX))).not.toBeNull();
    stop();

    // As the app wires it: the wallet's answer, and the flows' own (started when the wallet's hooks chunk loaded).
    const stopAnswering = answerSessionEnd(walletOnSessionEnd);
    const stopWithdrawalsAnswering = answerSessionEndInWithdrawals();
    store.set(sessionEndedAtom, PREFIX);
    stopAnswering();
    stopWithdrawalsAnswering();

    expect(store.get(withdrawFlowsAtom)).toEqual({});
    expect(store.get(lastDepositAtom)).toBeNull();
    expect(store.get(withdrawSettledSignalAtom)).toBeNull();
    expect(local.get(intentsKey(PREFIX))).toBeNull();
  });
});
