import { reportError } from './error-report';
import { browserReloadGuardDeps, isChunkLoadError, reloadOnChunkError, type ReloadGuardDeps } from './reload-guard';

/**
 * The one rule for every dynamic load (the host's own chunks, its strings, the theme remotes):
 * 1. a load that fails is tried once more (`retryOnce`);
 * 2. when a load the screen waits for still fails, the current path is reloaded, at most once in 10 s (`escalate`);
 * 3. when the reload guard refuses (it reloaded less than 10 s ago), the host gives up and shows its built-in
 *    "this page could not be loaded" page with a reload button, instead of looping or leaving a blank page.
 * Loads nobody waits for (prefetches, live events, dialogs) stop after step 1 and stay off until next needed.
 */

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the host shows its built-in page for: a load failed, was retried, and the page may not reload again yet. */
export class ChunkLoadFailed extends Error {
  constructor(cause: unknown) {
    super(`the page's code could not be loaded: ${describe(cause)}`);
    this.name = 'ChunkLoadFailed';
  }
}

export interface RetryOptions<T> {
  /** The second try; the load itself unless given (a remote fetches its manifest again first). */
  retry?: () => Promise<T>;
  /** Which failures get a second try; a chunk that did not load unless given. */
  retryable?: (error: unknown) => boolean;
}

/** Step 1: runs `load`, and once more (through `retry`) if it fails in a way worth retrying. */
export async function retryOnce<T>(load: () => Promise<T>, options: RetryOptions<T> = {}): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(options.retryable ?? isChunkLoadError)(error)) throw error;
    console.warn('[chunks] a load failed; trying once more:', describe(error));
    return (options.retry ?? load)();
  }
}

export interface ChunkGuard {
  /**
   * Steps 2 and 3 for a load the screen waits for, after its retry failed: reloads the current path and
   * returns a promise that never settles (the page is going away), or, when the reload guard refuses, gives
   * up and rejects with ChunkLoadFailed. Every later call while reloading or after giving up does the same.
   */
  escalate(error: unknown): Promise<never>;
  /**
   * What a render hands to React's `use`: the load, escalated if it fails. One promise per load, so a
   * render that runs again while it is pending or after it failed waits on the same one and starts nothing.
   */
  needed<T>(load: Promise<T>): Promise<T>;
  /** The failure the host gave up on, or null: read by the root, which then shows the built-in page. */
  givenUp(): ChunkLoadFailed | null;
  subscribe(listener: () => void): () => void;
}

export function createChunkGuard(reloadGuard: () => ReloadGuardDeps): ChunkGuard {
  let reloading = false;
  let gaveUp: ChunkLoadFailed | null = null;
  const listeners = new Set<() => void>();
  const escalated = new WeakMap<Promise<unknown>, Promise<unknown>>();

  const guard: ChunkGuard = {
    escalate(error) {
      if (reloading) return new Promise<never>(() => undefined);
      if (!gaveUp) {
        if (reloadOnChunkError(reloadGuard())) {
          reloading = true;
          console.warn('[chunks] reloading the page after a load failed twice:', describe(error));
          reportError('chunk-reload', error);
          return new Promise<never>(() => undefined);
        }
        gaveUp = new ChunkLoadFailed(error);
        console.warn('[chunks] the page reloaded less than 10 s ago and still cannot load; showing the built-in page');
        reportError('chunk-gave-up', error);
        for (const listener of listeners) listener();
      }
      return Promise.reject(gaveUp);
    },
    needed<T>(load: Promise<T>): Promise<T> {
      let pending = escalated.get(load);
      if (!pending) {
        pending = load.catch((error: unknown) => guard.escalate(error));
        escalated.set(load, pending);
      }
      return pending as Promise<T>;
    },
    givenUp: () => gaveUp,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return guard;
}

/**
 * The drawing step's guard, under Node, where there is no page: a load that fails fails the page being drawn (left to
 * the browser then), and nothing is reloaded, reported or kept. The step draws page after page in one process; a
 * guard that gave up once would draw every later brand's page as the built-in failure page.
 */
export function drawingChunkGuard(): ChunkGuard {
  return {
    escalate: (error) => Promise.reject(error),
    needed(load) {
      // A load no render reads once another failed first (a page's frame, when the page itself cannot be drawn) must
      // not end the drawing process as an unhandled rejection; whoever reads it still gets the failure.
      load.catch(() => undefined);
      return load;
    },
    givenUp: () => null,
    subscribe: () => () => undefined,
  };
}

// Not in the store: it guards the loads of code, which run before the store exists and outside React.
/** The page's guard, on sessionStorage (or window.name) and location.reload; the drawing step's under Node. */
export const chunkGuard: ChunkGuard = typeof window === 'undefined' ? drawingChunkGuard() : createChunkGuard(browserReloadGuardDeps);

export interface GuardedChunk<T> {
  /** For code that waits for it: the module, with the full guard. */
  need(): Promise<T>;
  /** Fetches it ahead of need; a failure stays quiet (the next `need` tries again). */
  prefetch(): void;
}

/**
 * A chunk used outside rendering (the API core, the login logic): loaded once and kept; a failed load
 * (after its retry) is forgotten so the next use tries again.
 */
export function guardedChunk<T>(load: () => Promise<T>, guard: ChunkGuard = chunkGuard): GuardedChunk<T> {
  let pending: Promise<T> | null = null;
  const attempt = () => {
    pending ??= retryOnce(load).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return {
    need: () => attempt().catch((error: unknown) => guard.escalate(error)),
    prefetch: () => void attempt().catch(() => undefined),
  };
}
