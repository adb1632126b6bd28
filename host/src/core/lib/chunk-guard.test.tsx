// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense, use, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { ChunkLoadFailed, createChunkGuard, drawingChunkGuard, retryOnce, type ChunkGuard } from './chunk-guard';
import { enterPath, PassMemo } from './load-pass';
import { RELOAD_GUARD_MS, type ReloadGuardDeps } from './reload-guard';
import { ErrorBoundary } from '../base/error-boundary';

function chunkLoadError(): Error {
  const error = new Error('Loading chunk hooks-wallet failed.\n(error: http://localhost/static/js/async/hooks-wallet.js)');
  error.name = 'ChunkLoadError';
  return error;
}

/** One browser tab: its sessionStorage survives reloads; every page load gets a new guard on it. */
function tab() {
  const storage = new Map<string, string>();
  const reloads = vi.fn();
  const deps: ReloadGuardDeps = {
    now: () => Date.now(),
    readSession: () => storage.get('guard') ?? null,
    writeSession: (value) => void storage.set('guard', value),
    readWindowName: () => '',
    writeWindowName: () => undefined,
    reload: reloads,
  };
  return { reloads, pageLoad: (): ChunkGuard => createChunkGuard(() => deps) };
}

/**
 * Lets the loads and React's renders settle. Only Date is faked: React reveals what a suspended boundary
 * waited for on its own (real) timers, throttled to 300 ms.
 */
function settle() {
  return new Promise((resolve) => setTimeout(resolve, 500));
}

let root: Root | null = null;
let container: HTMLElement;

/** Moves the faked clock on (the reload guard reads Date.now); the guard itself runs no timers. */
function later(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // React renders here as in the browser, on its own schedule.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  root?.unmount();
  root = null;
  container.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryOnce', () => {
  it('tries a chunk that failed once more, and only once', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkLoadError()).mockResolvedValueOnce('module');
    await expect(retryOnce(load)).resolves.toBe('module');
    const failing = vi.fn(() => Promise.reject(chunkLoadError()));
    await expect(retryOnce(failing)).rejects.toThrow('Loading chunk');
    expect(load).toHaveBeenCalledTimes(2);
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('does not retry what a retry cannot fix, and retries through `retry` when given', async () => {
    const broken = vi.fn(() => Promise.reject(new TypeError('x is not a function')));
    await expect(retryOnce(broken)).rejects.toThrow(TypeError);
    expect(broken).toHaveBeenCalledTimes(1);
    const retry = vi.fn(() => Promise.resolve('fresh'));
    await expect(retryOnce(() => Promise.reject(chunkLoadError()), { retry })).resolves.toBe('fresh');
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('escalate: reload once per 10 s, then the built-in page', () => {
  it('reloads on the first failure; a failure in the reloaded page within 10 s gives up instead', async () => {
    const { reloads, pageLoad } = tab();
    const first = pageLoad();
    const reloading = vi.fn();
    void first.escalate(chunkLoadError()).then(reloading, reloading);
    await settle();
    expect(reloads).toHaveBeenCalledTimes(1);
    // The page is going away: nothing settles, so nothing flashes the built-in page meanwhile.
    expect(reloading).not.toHaveBeenCalled();
    await expect(Promise.race([first.escalate(chunkLoadError()), Promise.resolve('still reloading')])).resolves.toBe('still reloading');
    expect(reloads).toHaveBeenCalledTimes(1);

    later(3_000);
    const second = pageLoad();
    const gaveUp = vi.fn();
    second.subscribe(gaveUp);
    await expect(second.escalate(chunkLoadError())).rejects.toBeInstanceOf(ChunkLoadFailed);
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(second.givenUp()).toBeInstanceOf(ChunkLoadFailed);
    expect(gaveUp).toHaveBeenCalledTimes(1);
    // Given up stays given up: no reload however often it is asked.
    await expect(second.escalate(chunkLoadError())).rejects.toBeInstanceOf(ChunkLoadFailed);
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(gaveUp).toHaveBeenCalledTimes(1);
  });

  it("the drawing step's guard fails the page being drawn with the load's own error, and keeps nothing for the next", async () => {
    const guard = drawingChunkGuard();
    const error = chunkLoadError();
    await expect(guard.escalate(error)).rejects.toBe(error);
    await expect(guard.escalate(chunkLoadError())).rejects.toHaveProperty('name', 'ChunkLoadError');
    expect(guard.givenUp()).toBeNull();
    const load = Promise.resolve('page');
    expect(guard.needed(load)).toBe(load);
    // A failed load nobody reads is not an unhandled rejection (which ends a Node process); a reader still gets it.
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const failed = guard.needed(Promise.reject(error));
    await settle();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await expect(failed).rejects.toBe(error);
  });

  it('reloads again once 10 s have passed since the last reload', async () => {
    const { reloads, pageLoad } = tab();
    void pageLoad().escalate(chunkLoadError());
    later(RELOAD_GUARD_MS);
    void pageLoad().escalate(chunkLoadError());
    await settle();
    expect(reloads).toHaveBeenCalledTimes(2);
  });
});

/** A page that needs a chunk, the way the host's pages do: one promise per pass, handed to `use`. */
function harness(guard: ChunkGuard, load: () => Promise<string>) {
  const loads = new PassMemo<string>();
  let rerender: () => void = () => undefined;
  function NeedsChunk() {
    const text = use(guard.needed(loads.get('wallet', () => retryOnce(load))));
    return <p>{text}</p>;
  }
  function Page({ children }: { children: ReactNode }) {
    const [, setCount] = useState(0);
    rerender = () => setCount((c) => c + 1);
    return <>{children}</>;
  }
  root = createRoot(container);
  root.render(
    <Page>
      <ErrorBoundary resetKey="page" fallback={<p>built-in page</p>}>
        <Suspense fallback={<p>loading</p>}>
          <NeedsChunk />
        </Suspense>
      </ErrorBoundary>
    </Page>,
  );
  return { rerender: () => flushSync(rerender), shown: () => container.textContent };
}

describe('a page whose chunk cannot load', () => {
  it('loads it twice, reloads once, and starts no other load however often it renders', async () => {
    const { reloads, pageLoad } = tab();
    const load = vi.fn(() => Promise.reject(chunkLoadError()));
    const page = harness(pageLoad(), load);
    await settle();
    for (let i = 0; i < 20; i += 1) page.rerender();
    later(30_000);
    for (let i = 0; i < 20; i += 1) page.rerender();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(page.shown()).toBe('loading');
  });

  it('in the page reloaded within 10 s: two loads, no reload, the built-in page, and nothing more while it re-renders', async () => {
    const { reloads, pageLoad } = tab();
    // The page before this one reloaded two seconds ago.
    void pageLoad().escalate(chunkLoadError());
    expect(reloads).toHaveBeenCalledTimes(1);
    later(2_000);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(chunkLoadError()));
    const page = harness(pageLoad(), load);
    await settle();
    expect(page.shown()).toBe('built-in page');
    for (let i = 0; i < 20; i += 1) page.rerender();
    later(30_000);
    for (let i = 0; i < 20; i += 1) page.rerender();
    await settle();
    expect(page.shown()).toBe('built-in page');
    expect(load).toHaveBeenCalledTimes(2);
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('a chunk that fails once is shown after its retry, without a reload', async () => {
    const { reloads, pageLoad } = tab();
    const load = vi.fn().mockRejectedValueOnce(chunkLoadError()).mockResolvedValue('withdraw form');
    const page = harness(pageLoad(), load);
    await settle();
    expect(page.shown()).toBe('withdraw form');
    expect(load).toHaveBeenCalledTimes(2);
    expect(reloads).not.toHaveBeenCalled();
  });
});

describe('PassMemo', () => {
  it('keeps a failure for the rest of its pass and starts again on the next path', async () => {
    enterPath('/withdraw');
    const memo = new PassMemo<string>();
    const start = vi.fn(() => Promise.reject(chunkLoadError()));
    const first = memo.get('wallet', start);
    await expect(first).rejects.toThrow();
    expect(memo.get('wallet', start)).toBe(first);
    enterPath('/withdraw');
    expect(memo.get('wallet', start)).toBe(first);
    expect(start).toHaveBeenCalledTimes(1);
    enterPath('/profile');
    const again = memo.get('wallet', start);
    expect(again).not.toBe(first);
    await expect(again).rejects.toThrow();
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('keeps a success across passes, and counts a value `failedWhen` marks as a failure', async () => {
    enterPath('/slot');
    const memo = new PassMemo<{ fellBack: boolean }>((v) => v.fellBack);
    const start = vi.fn(() => Promise.resolve({ fellBack: true }));
    const ok = vi.fn(() => Promise.resolve({ fellBack: false }));
    const fallback = memo.get('PRE8/pages/slot', start);
    const done = memo.get('default/layout', ok);
    await Promise.all([fallback, done]);
    enterPath('/fish');
    expect(memo.get('default/layout', ok)).toBe(done);
    expect(memo.get('PRE8/pages/slot', start)).not.toBe(fallback);
    expect(start).toHaveBeenCalledTimes(2);
    expect(ok).toHaveBeenCalledTimes(1);
  });
});
