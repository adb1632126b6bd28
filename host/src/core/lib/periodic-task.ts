import type { LeaderLock } from './leader-lock';

export interface Visibility {
  isVisible(): boolean;
  subscribe(onChange: (visible: boolean) => void): () => void;
}

export const documentVisibility: Visibility = {
  isVisible: () => document.visibilityState !== 'hidden',
  subscribe(onChange) {
    const handler = () => onChange(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', handler);
    return () => document.removeEventListener('visibilitychange', handler);
  },
};

export interface PeriodicTaskOptions {
  intervalMs: number;
  run(): Promise<void> | void;
  lock: LeaderLock;
  visibility?: Visibility;
}

/**
 * Runs `run` every `intervalMs` in the leader tab while it is visible. A hidden tab runs nothing and
 * gives up the lead; shown again, it runs once at once and queues for the lead. Never overlaps runs.
 */
export function startPeriodicTask({ intervalMs, run, lock, visibility = documentVisibility }: PeriodicTaskOptions): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;
  let stopped = false;

  const runOnce = async (force: boolean) => {
    if (stopped || running || !visibility.isVisible() || (!force && !lock.isLeader)) return;
    running = true;
    try {
      await run();
    } catch (error) {
      console.warn('[periodic] run failed', error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };

  const resume = () => {
    clearInterval(timer);
    lock.claim();
    timer = setInterval(() => void runOnce(false), intervalMs);
  };
  const pause = () => {
    clearInterval(timer);
    timer = undefined;
    lock.release();
  };

  const unsubscribe = visibility.subscribe((visible) => {
    if (stopped) return;
    if (visible) {
      resume();
      void runOnce(true);
    } else {
      pause();
    }
  });
  if (visibility.isVisible()) resume();

  return () => {
    stopped = true;
    unsubscribe();
    pause();
  };
}
