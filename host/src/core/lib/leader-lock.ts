/**
 * One tab per member runs the periodic work. The Web Locks API grants a named lock to one tab at
 * a time and frees it when that tab closes or crashes; a tab that is hidden gives it up.
 */
export interface LeaderLock {
  readonly isLeader: boolean;
  claim(): void;
  release(): void;
}

export function createLeaderLock(name: string, locks: LockManager | undefined = globalThis.navigator?.locks): LeaderLock {
  let leader = false;
  let releaseHeld: (() => void) | null = null;
  let waiting: AbortController | null = null;

  if (!locks) {
    // Without Web Locks every tab works alone; correctness holds, only the request count grows.
    return {
      get isLeader() {
        return leader;
      },
      claim: () => {
        leader = true;
      },
      release: () => {
        leader = false;
      },
    };
  }

  return {
    get isLeader() {
      return leader;
    },
    claim() {
      if (leader || waiting) return;
      const controller = new AbortController();
      waiting = controller;
      locks
        .request(name, { signal: controller.signal }, () => {
          waiting = null;
          leader = true;
          return new Promise<void>((resolve) => {
            releaseHeld = resolve;
          });
        })
        .catch(() => {
          // Aborted while queued: this tab went hidden before its turn.
        });
    },
    release() {
      waiting?.abort();
      waiting = null;
      leader = false;
      releaseHeld?.();
      releaseHeld = null;
    },
  };
}

// Not in the store: the tab's Web Locks, one per name whichever store asks.
const named = new Map<string, LeaderLock>();

/** One lock per name in this tab, so every effect asks the same question: is this the member's leading tab? */
export function leaderLock(name: string): LeaderLock {
  let lock = named.get(name);
  if (!lock) {
    lock = createLeaderLock(name);
    named.set(name, lock);
  }
  return lock;
}
