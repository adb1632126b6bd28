// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { registerWorker, UPDATE_TAKEOVER_WAIT_MS, type UpdateHold, type WorkerBrand, type WorkerEnvironment } from './register-worker';
import { applyUpdateAtom, updateApplyingAtom, updateOfferAtom } from './update-state';
import { UPDATE_CHECK_INTERVAL_MS } from './update-rule';

/** A worker whose state the test moves, as the browser would. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  move(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/**
 * `controlled`: a worker controls the page when the app registers; `workerStart`: the page's navigation entry, with the
 * moment a worker began answering its request (0: none did), or none at all.
 */
function fakeBrowser({ controlled = true, workerStart }: { controlled?: boolean; workerStart?: number } = {}) {
  const registration = Object.assign(new EventTarget(), {
    installing: null as FakeWorker | null,
    waiting: null as FakeWorker | null,
    active: new FakeWorker(),
    update: vi.fn(() => Promise.resolve()),
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    register: vi.fn(() => Promise.resolve(registration)),
    ready: Promise.resolve(registration),
  });
  const reload = vi.fn();
  const scrollTo = vi.fn();
  let now = 0;
  const win = {
    setInterval,
    clearInterval,
    setTimeout,
    scrollTo,
    navigator: { onLine: true },
    location: { reload },
    localStorage,
    performance: {
      getEntriesByType: (type: string) =>
        type === 'navigation' && workerStart !== undefined ? [{ name: 'https://members.example.com/slot?prefix=pre8', workerStart }] : [],
    },
  } as unknown as Window;
  const env: WorkerEnvironment = { container: container as unknown as ServiceWorkerContainer, document, window: win, now: () => now };
  /** A new worker found by an update check: it installs beside the one in control and waits. */
  const newVersion = () => {
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    registration.waiting = worker;
    worker.move('installed');
    return worker;
  };
  return { registration, container, env, reload, scrollTo, newVersion, advance: (ms: number) => (now += ms) };
}

/** Registers on `browser` with `brand` and lets the first worker's messages go out (the container's ready, one turn). */
async function registerAsFirstPage(browser: ReturnType<typeof fakeBrowser>, brand: WorkerBrand): Promise<void> {
  await registerWorker(createStore().set, fakeHold().hold, brand, browser.env);
  await browser.container.ready;
  await Promise.resolve();
}

function fakeHold(initially = false) {
  let unresolved = initially;
  let listener = () => undefined as void;
  const hold: UpdateHold = { unresolved: () => unresolved, watch: (onChange) => ((listener = onChange), () => undefined) };
  return {
    hold,
    /** A tab's change that is announced (storage event, the wallet's own). */
    set: (value: boolean) => ((unresolved = value), listener()),
    /** A change not announced yet when the member presses. */
    quietly: (value: boolean) => (unresolved = value),
  };
}

/** A page whose offer the member has pressed, a new version waiting, on fake timers. */
async function pressedOnANewVersion() {
  vi.useFakeTimers();
  const store = createStore();
  const browser = fakeBrowser();
  await registerWorker(store.set, fakeHold().hold, { prefix: 'pre8', logo: null }, browser.env);
  const worker = browser.newVersion();
  store.set(applyUpdateAtom);
  return { store, browser, worker };
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the update offer', () => {
  it('comes when a new worker waits beside the one in control, and the press tells it to take over and reloads this tab', async () => {
    const store = createStore();
    const browser = fakeBrowser();
    await registerWorker(store.set, fakeHold().hold, { prefix: 'pre8', logo: null }, browser.env);
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    expect(store.get(updateOfferAtom)).toBe('none');
    const worker = browser.newVersion();
    expect(store.get(updateOfferAtom)).toBe('offered');
    expect(store.get(updateApplyingAtom)).toBe(false);
    store.set(applyUpdateAtom);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // The offer says the new version is loading while the takeover comes.
    expect(store.get(updateApplyingAtom)).toBe(true);
    expect(browser.reload).not.toHaveBeenCalled();
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).toHaveBeenCalledTimes(1);
    // At the top of the page, not where the member was.
    expect(browser.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('one press is enough: it tells the worker waiting now, and reloads even when no worker takes over', async () => {
    vi.useFakeTimers();
    const store = createStore();
    const browser = fakeBrowser();
    await registerWorker(store.set, fakeHold().hold, { prefix: 'pre8', logo: null }, browser.env);
    const first = browser.newVersion();
    // A newer build installed meanwhile: the first one will never take over.
    const newer = browser.newVersion();
    store.set(applyUpdateAtom);
    expect(newer.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(first.postMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(UPDATE_TAKEOVER_WAIT_MS);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('a takeover that comes after the early reload reloads again, once: that load may wait on the replaced worker', async () => {
    const { browser } = await pressedOnANewVersion();
    await vi.advanceTimersByTimeAsync(UPDATE_TAKEOVER_WAIT_MS);
    expect(browser.reload).toHaveBeenCalledTimes(1);
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).toHaveBeenCalledTimes(2);
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).toHaveBeenCalledTimes(2);
  });

  it('a press again while the new version comes tells nothing more and starts no second wait', async () => {
    const { store, browser, worker } = await pressedOnANewVersion();
    store.set(applyUpdateAtom);
    expect(worker.postMessage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_TAKEOVER_WAIT_MS);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('a takeover within the wait reloads once: the wait running out afterwards reloads nothing', async () => {
    const { browser } = await pressedOnANewVersion();
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_TAKEOVER_WAIT_MS);
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('waits while a withdrawal is unresolved, comes when it resolves, and a press while one is unresolved does nothing', async () => {
    const store = createStore();
    const browser = fakeBrowser();
    const { hold, set, quietly } = fakeHold(true);
    await registerWorker(store.set, hold, { prefix: 'pre8', logo: null }, browser.env);
    const worker = browser.newVersion();
    expect(store.get(updateOfferAtom)).toBe('deferred');
    set(false);
    expect(store.get(updateOfferAtom)).toBe('offered');
    // A withdrawal started meanwhile (not announced yet): the press reads the intents again and holds back.
    quietly(true);
    store.set(applyUpdateAtom);
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(store.get(updateOfferAtom)).toBe('deferred');
    expect(store.get(updateApplyingAtom)).toBe(false);
  });

  it('another tab taking the new version in place does not reload this one: its offer goes', async () => {
    const store = createStore();
    const browser = fakeBrowser();
    await registerWorker(store.set, fakeHold().hold, { prefix: 'pre8', logo: null }, browser.env);
    browser.newVersion();
    browser.registration.waiting = null;
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(browser.reload).not.toHaveBeenCalled();
    expect(store.get(updateOfferAtom)).toBe('none');
  });

  it('the first worker of a page activates without an offer', async () => {
    const store = createStore();
    const browser = fakeBrowser({ controlled: false });
    await registerWorker(store.set, fakeHold().hold, { prefix: 'pre8', logo: null }, browser.env);
    browser.newVersion();
    expect(store.get(updateOfferAtom)).toBe('none');
  });
});

describe('update checks and the first worker', () => {
  it('checks hourly while in view, and not again within 15 minutes when shown again', async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser();
    await registerWorker(createStore().set, fakeHold().hold, { prefix: null, logo: null }, browser.env);
    browser.advance(10 * 60_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(browser.registration.update).not.toHaveBeenCalled();
    browser.advance(UPDATE_CHECK_INTERVAL_MS - 10 * 60_000);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
    browser.advance(60_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
  });

  it('asks the first worker to store the run-time files and the brand’s logo; a controlled page asks nothing', async () => {
    const first = fakeBrowser({ controlled: false });
    await registerAsFirstPage(first, { prefix: 'pre8', logo: '/logos/pre8.svg' });
    expect(first.registration.active.postMessage).toHaveBeenCalledWith({
      type: 'CACHE_URLS',
      payload: { urlsToCache: ['/config.json', '/sites.json', '/logos/pre8.svg'] },
    });
    const later = fakeBrowser();
    await registerWorker(createStore().set, fakeHold().hold, { prefix: 'pre8', logo: 'https://cdn.example/logo.svg' }, later.env);
    await Promise.resolve();
    expect(later.registration.active.postMessage).not.toHaveBeenCalled();
  });

  it("on a member's frame drawn in the HTML, asks the first worker to keep it by the address the page came from", async () => {
    const first = fakeBrowser({ controlled: false });
    (first.env.window as unknown as { location: { href: string } }).location.href =
      'https://members.example.com/slot?prefix=pre8&brand=RSG';
    document.documentElement.setAttribute('data-drawn-kind', 'member');
    try {
      await registerAsFirstPage(first, { prefix: 'pre8', logo: null });
      expect(first.registration.active.postMessage).toHaveBeenCalledWith({
        type: 'member-keep-frame',
        url: 'https://members.example.com/slot?prefix=pre8&brand=RSG',
      });
    } finally {
      document.documentElement.removeAttribute('data-drawn-kind');
    }
    const guest = fakeBrowser({ controlled: false });
    await registerAsFirstPage(guest, { prefix: 'pre8', logo: null });
    expect(guest.registration.active.postMessage).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'member-keep-frame' }));
  });

  it('a page that came before the worker was active asks it, though the worker controls the page by now; a page it answered asks nothing', async () => {
    document.documentElement.setAttribute('data-drawn-kind', 'member');
    try {
      const before = fakeBrowser({ controlled: true, workerStart: 0 });
      await registerAsFirstPage(before, { prefix: 'pre8', logo: null });
      expect(before.registration.active.postMessage).toHaveBeenCalledWith({
        type: 'member-keep-frame',
        url: 'https://members.example.com/slot?prefix=pre8',
      });
      const answered = fakeBrowser({ controlled: true, workerStart: 35.2 });
      await registerAsFirstPage(answered, { prefix: 'pre8', logo: null });
      expect(answered.registration.active.postMessage).not.toHaveBeenCalled();
    } finally {
      document.documentElement.removeAttribute('data-drawn-kind');
    }
  });
});
