// @vitest-environment happy-dom
import type { Metric } from 'web-vitals';
import { APP_VERSION, type SiteConfig } from '@member/shared-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VitalsBatch, VitalsDeps, WebVitals } from './vitals-report';

// A stand-in for the library: it hands each callback over to the test instead of observing the page.
const fake = vi.hoisted(() => ({ imports: 0, callbacks: new Map<string, (metric: unknown) => void>() }));
vi.mock('web-vitals', () => {
  fake.imports += 1;
  const on = (name: string) => (callback: (metric: unknown) => void) => fake.callbacks.set(name, callback);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});
vi.mock('../theme/remote-registry', () => ({ isConfiguredTheme: (theme: string) => ['default', 'PRE8', 'OSAKA39'].includes(theme) }));

/** sm88's mix: its login is OSAKA39's, its slot lobby PRE8's, the rest the site's own layout. */
const site = {
  key: 'sm88',
  layout: 'OSAKA39',
  components: [
    { title: 'login', layout: 'OSAKA39' },
    { title: 'slot', layout: 'PRE8' },
    { title: 'deposit', layout: 'default', activeLayout: 'OSAKA39' },
  ],
} as unknown as SiteConfig;

const URL_ = 'https://figures.example/v1/vitals';

const metric = (name: Metric['name'], value: number, extra: Partial<Metric> = {}): Metric =>
  ({ name, value, delta: value, rating: 'good', navigationType: 'navigate', id: `v5-${name}-1`, entries: [], ...extra }) as Metric;

// The module keeps no state of its own between reporters, but first-page.ts does (the first page shows once a visit).
async function freshModule() {
  vi.resetModules();
  fake.imports = 0;
  fake.callbacks.clear();
  return { ...(await import('./vitals-report')), firstPage: await import('../theme/first-page') };
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** A reporter over a fake library, a settable path and visibility, its sends collected. */
async function setUp(options: { path?: string } = {}) {
  const { createVitalsReporter, MAX_VITALS_PER_PAGE } = await freshModule();
  const sent: Array<{ url: string; batch: VitalsBatch }> = [];
  const callbacks = new Map<string, (metric: Metric) => void>();
  const on = (name: string) => (callback: (metric: Metric) => void) => void callbacks.set(name, callback);
  const vitals = { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') } as unknown as WebVitals;
  const state = { path: options.path ?? '/login', visibility: 'visible' as DocumentVisibilityState };
  let land: () => void = () => undefined;
  const target = new EventTarget();
  const deps: VitalsDeps = {
    ready: Promise.resolve(),
    landed: new Promise<void>((resolve) => {
      land = resolve;
    }),
    load: () => Promise.resolve(vitals),
    send: (url, body) => sent.push({ url, batch: JSON.parse(body) as VitalsBatch }),
    pathname: () => state.path,
    visibility: () => state.visibility,
    target,
  };
  createVitalsReporter({ url: URL_, site, version: APP_VERSION }, deps);
  await vi.waitFor(() => expect(callbacks.size).toBe(5));
  const emit = (m: Metric) => callbacks.get(m.name)!(m);
  const hide = () => {
    state.visibility = 'hidden';
    target.dispatchEvent(new Event('visibilitychange'));
  };
  const show = () => {
    state.visibility = 'visible';
    target.dispatchEvent(new Event('visibilitychange'));
  };
  const landed = async () => {
    land();
    await Promise.resolve();
  };
  return { sent, emit, hide, show, state, landed, target, max: MAX_VITALS_PER_PAGE };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
  window.history.replaceState(null, '', '/');
});

describe('field figures: the batch', () => {
  it('keeps each figure until the page is hidden, then sends them all in one body of the agreed shape', async () => {
    const r = await setUp({ path: '/login' });
    await r.landed();
    r.emit(metric('TTFB', 41.234));
    r.emit(metric('FCP', 512.06, { rating: 'good' }));
    r.emit(metric('LCP', 2712.45, { rating: 'needs-improvement' }));
    r.emit(metric('CLS', 0.123456, { rating: 'needs-improvement', navigationType: 'reload' }));
    expect(r.sent).toEqual([]);
    r.hide();
    const common = { page: 'login', theme: 'OSAKA39', site: 'sm88', version: APP_VERSION };
    expect(r.sent).toEqual([
      {
        url: URL_,
        batch: {
          vitals: [
            { name: 'TTFB', value: 41.2, rating: 'good', navigationType: 'navigate', id: 'v5-TTFB-1', ...common },
            { name: 'FCP', value: 512.1, rating: 'good', navigationType: 'navigate', id: 'v5-FCP-1', ...common },
            { name: 'LCP', value: 2712.5, rating: 'needs-improvement', navigationType: 'navigate', id: 'v5-LCP-1', ...common },
            { name: 'CLS', value: 0.1235, rating: 'needs-improvement', navigationType: 'reload', id: 'v5-CLS-1', ...common },
          ],
        },
      },
    ]);
    // Nothing is left to send on the next hide.
    r.show();
    r.hide();
    expect(r.sent).toHaveLength(1);
  });

  it('sends one figure per metric instance: a later value of the same id replaces the one not yet sent, and goes again once it has', async () => {
    const r = await setUp();
    r.emit(metric('CLS', 0.01));
    r.emit(metric('CLS', 0.02));
    r.hide();
    expect(r.sent.map((s) => s.batch.vitals.map((v) => [v.name, v.value]))).toEqual([[['CLS', 0.02]]]);
    r.show();
    r.emit(metric('CLS', 0.05));
    r.emit(metric('INP', 184, { rating: 'good' }));
    r.hide();
    expect(r.sent[1]!.batch.vitals.map((v) => [v.name, v.value, v.id])).toEqual([['CLS', 0.05, 'v5-CLS-1'], ['INP', 184, 'v5-INP-1']]);
  });

  it('sends a figure that arrives while the page is already hidden in a task of its own', async () => {
    vi.useFakeTimers();
    const r = await setUp();
    r.state.visibility = 'hidden';
    r.emit(metric('FCP', 300));
    r.emit(metric('TTFB', 20));
    expect(r.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.sent.map((s) => s.batch.vitals.map((v) => v.name))).toEqual([['FCP', 'TTFB']]);
  });

  it('stops counting new metric instances past the cap', async () => {
    const r = await setUp();
    for (let i = 0; i < r.max + 5; i += 1) r.emit(metric('LCP', 100 + i, { id: `v5-LCP-${i}` }));
    r.hide();
    expect(r.sent[0]!.batch.vitals).toHaveLength(r.max);
  });
});

describe('field figures: the page and its theme', () => {
  it('counts every figure against the page the member landed on, by its first segment, whatever they moved on to', async () => {
    const r = await setUp({ path: '/slot' });
    await r.landed();
    r.state.path = '/deposit/bank';
    r.emit(metric('LCP', 900));
    r.emit(metric('CLS', 0));
    r.hide();
    expect(r.sent[0]!.batch.vitals.map((v) => [v.name, v.page, v.theme])).toEqual([['LCP', 'slot', 'PRE8'], ['CLS', 'slot', 'PRE8']]);
  });

  it('takes the theme a variant path names, and the site layout for what is no page', async () => {
    const { pageAt } = await freshModule();
    expect(pageAt(site, '/login/theme/PRE8')).toEqual({ page: 'login', theme: 'PRE8' });
    expect(pageAt(site, '/login/theme/NOPE')).toEqual({ page: 'login', theme: 'OSAKA39' });
    expect(pageAt(site, '/deposit/bank')).toEqual({ page: 'deposit', theme: 'default' });
    expect(pageAt(site, '/')).toEqual({ page: null, theme: 'OSAKA39' });
    expect(pageAt(site, '/0812345678/secret')).toEqual({ page: null, theme: 'OSAKA39' });
    expect(pageAt(null, '/login')).toEqual({ page: 'login', theme: null });
  });

  it('before the first page has shown, the page in the address bar', async () => {
    const r = await setUp({ path: '/history' });
    r.emit(metric('TTFB', 30));
    r.hide();
    expect(r.sent[0]!.batch.vitals[0]).toMatchObject({ page: 'history', theme: 'OSAKA39' });
  });

  it('a page restored from the back/forward cache is a new visit of the page it shows', async () => {
    const r = await setUp({ path: '/login' });
    await r.landed();
    r.state.path = '/slot';
    const restored = Object.assign(new Event('pageshow'), { persisted: true });
    r.target.dispatchEvent(restored);
    r.emit(metric('LCP', 120, { navigationType: 'back-forward-cache', id: 'v5-LCP-2' }));
    r.hide();
    expect(r.sent[0]!.batch.vitals[0]).toMatchObject({ page: 'slot', theme: 'PRE8', navigationType: 'back-forward-cache' });
  });
});

describe('field figures on the page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  const fetchSpy = () => {
    const calls: Array<[string, RequestInit]> = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve(new Response(null, { status: 202 }));
    });
    return calls;
  };

  it('without a URL loads nothing and sends nothing', async () => {
    const calls = fetchSpy();
    const { startVitalsReport, firstPage } = await freshModule();
    startVitalsReport({ url: undefined, site, version: APP_VERSION });
    firstPage.markFirstPageShown();
    await vi.advanceTimersByTimeAsync(20_000);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.imports).toBe(0);
    expect(calls).toEqual([]);
  });

  it('loads the library only once the first page has shown and the browser is idle, then posts on hide without credentials', async () => {
    const calls = fetchSpy();
    // What the page knows of the member must not travel: their cookie, the query, anything after the first segment.
    document.cookie = 'token_sm88=eyJhbGciOiJIUzI1NiJ9.secret.sig';
    window.history.replaceState(null, '', '/login/theme/PRE8?prefix=sm88&phone=0812345678#otp');
    const { startVitalsReport, firstPage } = await freshModule();
    startVitalsReport({ url: URL_, site, version: APP_VERSION });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.imports).toBe(0);
    firstPage.markFirstPageShown();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.imports).toBe(1);
    expect([...fake.callbacks.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    fake.callbacks.get('LCP')!(metric('LCP', 800));
    fake.callbacks.get('TTFB')!(metric('TTFB', 12));
    expect(calls).toEqual([]);

    setHidden(true);
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe(URL_);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', referrerPolicy: 'no-referrer' });
    expect(new Headers(init.headers).get('content-type')).toBe('text/plain;charset=UTF-8');
    const body = init.body as string;
    expect((JSON.parse(body) as VitalsBatch).vitals.map((v) => [v.name, v.page, v.theme, v.site])).toEqual([
      ['LCP', 'login', 'PRE8', 'sm88'],
      ['TTFB', 'login', 'PRE8', 'sm88'],
    ]);
    for (const secret of ['?', 'prefix=', '0812345678', 'phone', 'otp', 'eyJ', 'token', '/login']) expect(body).not.toContain(secret);
  });
});
