import type { createStore } from 'jotai';
import { createLeaderLock, type LeaderLock } from '../../core/lib/leader-lock';
import { documentVisibility, startPeriodicTask, type Visibility } from '../../core/lib/periodic-task';
import { withdrawSettledSignalAtom } from './state';
import {
  checkWithdrawalAtom,
  startWithdrawalsAtom,
  syncWithdrawalsAtom,
  withdrawFlowsAtom,
  withdrawSettledAtom,
  withdrawWaitingAtom,
  type WithdrawPorts,
} from './withdraw-state';
import { isLocked } from '@member/shared-core/wallet/withdraw-flow';

type Store = ReturnType<typeof createStore>;

/** While a withdrawal is waiting on the server, the server is asked this often (events are not replayed). */
export const PENDING_CHECK_MS = 4000;

export interface WatchOptions {
  store: Store;
  prefix: string;
  ports: WithdrawPorts;
  lock?: LeaderLock;
  visibility?: Visibility;
}

/**
 * The one owner of the withdrawal flow's effects: it resumes stored intents, mirrors other tabs, settles on the
 * channel's MemberTrans, and asks the server every 4 s only while an account is waiting, in the leader tab, while
 * visible. Returns the stop.
 */
export function startWithdrawWatch({ store, prefix, ports, lock, visibility = documentVisibility }: WatchOptions): () => void {
  store.set(startWithdrawalsAtom, ports);
  const stops: Array<() => void> = [];
  stops.push(ports.intents.subscribe(() => store.set(syncWithdrawalsAtom, { resume: false })));
  let lastSignal = store.get(withdrawSettledSignalAtom)?.seq ?? 0;
  stops.push(
    store.sub(withdrawSettledSignalAtom, () => {
      const signal = store.get(withdrawSettledSignalAtom);
      if (!signal || signal.seq === lastSignal) return;
      lastSignal = signal.seq;
      store.set(withdrawSettledAtom, signal);
    }),
  );

  let stopPoll: (() => void) | null = null;
  const askAll = async () => {
    const waiting = Object.entries(store.get(withdrawFlowsAtom)).filter(([, flow]) => isLocked(flow));
    await Promise.all(waiting.map(([gameuser]) => store.set(checkWithdrawalAtom, gameuser)));
  };
  const follow = () => {
    const waiting = store.get(withdrawWaitingAtom);
    if (waiting && !stopPoll) {
      stopPoll = startPeriodicTask({
        intervalMs: PENDING_CHECK_MS,
        run: askAll,
        lock: lock ?? createLeaderLock(`member-withdraw-${prefix}`),
        visibility,
      });
    } else if (!waiting && stopPoll) {
      stopPoll();
      stopPoll = null;
    }
  };
  stops.push(store.sub(withdrawWaitingAtom, follow));
  follow();

  return () => {
    for (const stop of stops) stop();
    stopPoll?.();
    stopPoll = null;
  };
}

// Not in the store: the handle of the running watch (its timers), shared by the hooks that use it; the state it writes is in the store.
let shared: { key: string; users: number; stop: () => void } | null = null;

/**
 * The page's blocks may call the withdraw hook more than once; they share one watch per store and prefix, started
 * by the first and stopped when the last lets go.
 */
export function acquireWithdrawWatch(key: string, start: () => () => void): () => void {
  if (shared && shared.key !== key) {
    shared.stop();
    shared = null;
  }
  shared ??= { key, users: 0, stop: start() };
  const current = shared;
  current.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.users -= 1;
    if (current.users === 0 && shared === current) {
      current.stop();
      shared = null;
    }
  };
}
