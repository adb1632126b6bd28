import { TimeoutError } from './with-timeout';

/**
 * Slow is not dead. A theme's code is waited for as long as its download makes progress, and given up only when
 * nothing of it has moved for a while: a slow phone or a slow link keeps the theme, a remote that does not answer
 * falls back.
 *
 * Progress is a step of the load done (the manifest checked, the remote's own manifest, the page's module) or any
 * file of the remote's origin finished (the browser's resource timing: the remoteEntry, a chunk, a stylesheet). The
 * quiet time is counted in the watch's own ticks, not on the wall clock: on a phone whose main thread is busy the
 * ticks come late, so the busy time is not held against the remote, and neither is the time the browser took to
 * run what it had already received.
 */

/** A tick of the watch. */
export const LOAD_WATCH_TICK_MS = 750;
/** Quiet time (in ticks' worth) after which a remote counts as not answering: 4 ticks. */
export const LOAD_STALL_MS = 3000;
/** However it progresses, a load is given up after this long (in ticks' worth): a remote that trickles forever is down too. */
export const LOAD_CAP_MS = 30_000;

export interface ProgressWatch {
  /** A step of the load is done: the quiet time starts again. */
  progress(): void;
}

export interface LoadWatchDeps {
  setInterval(run: () => void, ms: number): () => void;
  /** Calls `onFile` whenever a file whose address starts with `origin` has finished downloading; returns the undo. */
  watchFiles(origin: string, onFile: () => void): () => void;
}

function browserWatchFiles(origin: string, onFile: () => void): () => void {
  const Observer = typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver;
  if (!Observer || !(Observer.supportedEntryTypes ?? []).includes('resource')) return () => undefined;
  const observer = new Observer((list) => {
    if (list.getEntries().some((entry) => entry.name.startsWith(origin))) onFile();
  });
  observer.observe({ type: 'resource' });
  return () => observer.disconnect();
}

const browserDeps: LoadWatchDeps = {
  setInterval: (run, ms) => {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
  watchFiles: browserWatchFiles,
};

export interface LoadWatchOptions {
  /** What is loading, for the error (`theme PRE8`). */
  what: string;
  /** The remote's origin: its finished files count as progress. Null when none is known (the load's steps still count). */
  origin: string | null;
  stallMs?: number;
  capMs?: number;
  tickMs?: number;
}

/**
 * Runs `load` (given the watch, to tell its steps) and settles as it does, unless it stops making progress for
 * `stallMs` or runs past `capMs` (both counted in ticks), when it rejects with a TimeoutError.
 */
export function whileProgressing<T>(
  load: (watch: ProgressWatch) => Promise<T>,
  options: LoadWatchOptions,
  deps: LoadWatchDeps = browserDeps,
): Promise<T> {
  const { what, origin, stallMs = LOAD_STALL_MS, capMs = LOAD_CAP_MS, tickMs = LOAD_WATCH_TICK_MS } = options;
  let quiet = 0;
  let total = 0;
  const watch: ProgressWatch = {
    progress: () => {
      quiet = 0;
    },
  };
  let stopTicks = () => undefined as void;
  let stopFiles = () => undefined as void;
  const given = new Promise<never>((_, reject) => {
    stopTicks = deps.setInterval(() => {
      quiet += tickMs;
      total += tickMs;
      if (quiet >= stallMs) reject(new TimeoutError(`${what} (no progress)`, stallMs));
      else if (total >= capMs) reject(new TimeoutError(what, capMs));
    }, tickMs);
  });
  if (origin) stopFiles = deps.watchFiles(origin, watch.progress);
  return Promise.race([load(watch), given]).finally(() => {
    stopTicks();
    stopFiles();
  });
}
