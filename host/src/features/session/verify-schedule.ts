import type { createStore } from 'jotai';
import type { LeaderLock } from '../../core/lib/leader-lock';
import { startPeriodicTask, type Visibility } from '../../core/lib/periodic-task';
import { verifyOnceAtom } from './session-actions';

export const VERIFY_INTERVAL_MS = 20_000;

export interface VerifyScheduleOptions {
  store: ReturnType<typeof createStore>;
  /** One lock per brand: of all the member's tabs, only the leader verifies. */
  lock: LeaderLock;
  visibility?: Visibility;
}

/** While logged in, one tab (the leader) verifies the session every 20 s; a hidden tab verifies nothing. Returns the stop. */
export function startVerifySchedule({ store, lock, visibility }: VerifyScheduleOptions): () => void {
  return startPeriodicTask({
    intervalMs: VERIFY_INTERVAL_MS,
    run: () => store.set(verifyOnceAtom),
    lock,
    ...(visibility ? { visibility } : {}),
  });
}
