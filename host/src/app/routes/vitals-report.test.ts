// @vitest-environment happy-dom
import type { Metric } from 'web-vitals';
import { APP_VERSION, type Site } from '@member/shared-core';
import { testSite } from '../../core/base/test-member';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VitalsBatch } from './vitals-batch';

// A stand-in for the library: it hands each callback over to the test, so the callbacks show it has been loaded and
// asked for figures (a mocked module is kept across vi.resetModules, so its factory runs once per file).
const fake = vi.hoisted(() => ({ callbacks: new Map<string, (metric: unknown) => void>() }));
vi.mock('web-vitals', () => {
  const on = (name: string) => (callback: (metric: unknown) => void) => fake.callbacks.set(name, callback);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});
vi.mock('../../features/remotes/remote-registry', () => ({
  isConfiguredTheme: (theme: string) => ['default', 'PRE8', 'OSAKA39'].includes(theme),
}));

/** sm88's mix: its login is OSAKA39's, its slot lobby PRE8's, the rest the site's own layout. */
const site: Site = testSite({
  key: 'sm88',
  layout: 'OSAKA39',
  components: [
    { title: 'login', layout: 'OSAKA39' },
    { title: 'slot', layout: 'PRE8' },
    { title: 'deposit', layout: 'default', activeLayout: 'OSAKA39' },
  ],
});
const URL_ = 'https://figures.example/v1/vitals';

const metric = (name: Metric['name'], value: number): Metric =>
  ({ name, value, delta: value, rating: 'good', navigationType: 'navigate', id: `v5-${name}-1`, entries: [] }) as unknown as Metric;

// first-page.ts keeps module state (the first page shows once a visit): a fresh copy of both per test.
async function freshModule() {
  vi.resetModules();
  fake.callbacks.clear();
  return { ...(await import('./vitals-report')), firstPage: await import('../../features/remotes/first-page') };
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

function fetchSpy() {
  const calls: Array<[string, RequestInit]> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return Promise.resolve(new Response(null, { status: 202 }));
  });
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
  window.history.replaceState(null, '', '/');
});

describe('the page and theme of a path', () => {
  it('is the first segment when it names a page, drawn in the site’s theme for it or the one a variant names', async () => {
    const { pageAt } = await freshModule();
    expect(pageAt(site, '/slot')).toEqual({ page: 'slot', theme: 'PRE8' });
    expect(pageAt(site, '/login/theme/PRE8')).toEqual({ page: 'login', theme: 'PRE8' });
    expect(pageAt(site, '/login/theme/NOPE')).toEqual({ page: 'login', theme: 'OSAKA39' });
    expect(pageAt(site, '/deposit/bank')).toEqual({ page: 'deposit', theme: 'default' });
    expect(pageAt(site, '/history')).toEqual({ page: 'history', theme: 'OSAKA39' });
  });
  it('names no page for what is none, and no theme without a site', async () => {
    const { pageAt } = await freshModule();
    expect(pageAt(site, '/')).toEqual({ page: null, theme: 'OSAKA39' });
    expect(pageAt(site, '/0812345678/secret')).toEqual({ page: null, theme: 'OSAKA39' });
    expect(pageAt(null, '/login')).toEqual({ page: 'login', theme: null });
  });
});

describe('field figures on the page', () => {
  it('without a URL loads nothing and sends nothing', async () => {
    const calls = fetchSpy();
    const { startVitalsReport, firstPage } = await freshModule();
    startVitalsReport({ url: undefined, site, version: APP_VERSION });
    firstPage.markFirstPageShown();
    await vi.advanceTimersByTimeAsync(20_000);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.dynamicImportSettled();
    expect(fake.callbacks.size).toBe(0);
    expect(calls).toEqual([]);
  });

  it('loads the library only once the first page has shown and the browser is idle, then posts on hide without credentials', async () => {
    const calls = fetchSpy();
    // What the page knows of the member must not travel: their cookie, the query, anything after the first segment.
    document.cookie = 'token-sm88=eyJhbGciOiJIUzI1NiJ9.secret.sig';
    window.history.replaceState(null, '', '/login/theme/PRE8?prefix=sm88&phone=0812345678#otp');
    const { startVitalsReport, firstPage } = await freshModule();
    startVitalsReport({ url: URL_, site, version: APP_VERSION });
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.dynamicImportSettled();
    expect(fake.callbacks.size).toBe(0);
    firstPage.markFirstPageShown();
    await vi.advanceTimersByTimeAsync(0);
    // The member moves on before the library has come: the figures are still the first page's.
    window.history.replaceState(null, '', '/deposit');
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(fake.callbacks.size).toBe(5));
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

  it('measures anyway when no page shows within its bound', async () => {
    fetchSpy();
    const { startVitalsReport } = await freshModule();
    startVitalsReport({ url: URL_, site, version: APP_VERSION });
    await vi.advanceTimersByTimeAsync(9_000);
    await vi.dynamicImportSettled();
    expect(fake.callbacks.size).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(fake.callbacks.size).toBe(5));
  });
});
