import type { Metric } from 'web-vitals';
import { APP_VERSION, type PageKey, type ThemeName } from '@member/shared-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchVitals, MAX_VITALS_PER_PAGE, type PageNames, type VitalsBatch, type WebVitals } from './vitals-batch';

/** A site whose login is OSAKA39's and whose slot lobby is PRE8's (vitals-report.ts reads a real site's). */
const THEMES: Record<string, ThemeName> = { login: 'OSAKA39', slot: 'PRE8' };
const describePath = (path: string): PageNames => {
  const first = path.split('/')[1] ?? '';
  return THEMES[first] ? { page: first as PageKey, theme: THEMES[first] } : { page: null, theme: 'OSAKA39' };
};

const URL_ = 'https://figures.example/v1/vitals';

const metric = (name: Metric['name'], value: number, extra: Partial<Metric> = {}): Metric =>
  ({ name, value, delta: value, rating: 'good', navigationType: 'navigate', id: `v5-${name}-1`, entries: [], ...extra }) as Metric;

/** A batch over a stand-in library (each callback handed to the test), a settable path, visibility and first page. */
function setUp(options: { path?: string; landed?: string } = {}) {
  const sent: Array<{ url: string; batch: VitalsBatch }> = [];
  const callbacks = new Map<string, (metric: Metric) => void>();
  const on = (name: string) => (callback: (metric: Metric) => void) => void callbacks.set(name, callback);
  const vitals = { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') } as unknown as WebVitals;
  const state = { path: options.path ?? '/login', landed: options.landed ?? null, visibility: 'visible' as DocumentVisibilityState };
  const target = new EventTarget();
  batchVitals(
    { url: URL_, site: 'sm88', version: APP_VERSION, landed: () => state.landed, describe: describePath },
    {
      vitals,
      send: (url, body) => sent.push({ url, batch: JSON.parse(body) as VitalsBatch }),
      pathname: () => state.path,
      visibility: () => state.visibility,
      target,
    },
  );
  const emit = (m: Metric) => callbacks.get(m.name)!(m);
  const hide = () => {
    state.visibility = 'hidden';
    target.dispatchEvent(new Event('visibilitychange'));
  };
  const show = () => {
    state.visibility = 'visible';
    target.dispatchEvent(new Event('visibilitychange'));
  };
  return { sent, emit, hide, show, state, target, callbacks };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('field figures: the batch', () => {
  it('asks the library for all five metrics at once', () => {
    expect([...setUp().callbacks.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  });

  it('keeps each figure until the page is hidden, then sends them all in one body of the agreed shape', () => {
    const r = setUp({ path: '/login', landed: '/login' });
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

  it('sends one figure per metric instance: a later value of the same id replaces the one not yet sent, and goes again once it has', () => {
    const r = setUp();
    r.emit(metric('CLS', 0.01));
    r.emit(metric('CLS', 0.02));
    r.hide();
    expect(r.sent.map((s) => s.batch.vitals.map((v) => [v.name, v.value]))).toEqual([[['CLS', 0.02]]]);
    r.show();
    r.emit(metric('CLS', 0.05));
    r.emit(metric('INP', 184, { rating: 'good' }));
    r.hide();
    expect(r.sent[1]!.batch.vitals.map((v) => [v.name, v.value, v.id])).toEqual([
      ['CLS', 0.05, 'v5-CLS-1'],
      ['INP', 184, 'v5-INP-1'],
    ]);
  });

  it('sends a figure that arrives while the page is already hidden in a task of its own', async () => {
    vi.useFakeTimers();
    const r = setUp();
    r.state.visibility = 'hidden';
    r.emit(metric('FCP', 300));
    r.emit(metric('TTFB', 20));
    expect(r.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.sent.map((s) => s.batch.vitals.map((v) => v.name))).toEqual([['FCP', 'TTFB']]);
  });

  it('stops counting new metric instances past the cap', () => {
    const r = setUp();
    for (let i = 0; i < MAX_VITALS_PER_PAGE + 5; i += 1) r.emit(metric('LCP', 100 + i, { id: `v5-LCP-${i}` }));
    r.hide();
    expect(r.sent[0]!.batch.vitals).toHaveLength(MAX_VITALS_PER_PAGE);
  });
});

describe('field figures: the page and its theme', () => {
  it('counts every figure against the page the member landed on, by its first segment, whatever they moved on to', () => {
    const r = setUp({ landed: '/slot', path: '/deposit/bank' });
    r.emit(metric('LCP', 900));
    r.emit(metric('CLS', 0));
    r.hide();
    expect(r.sent[0]!.batch.vitals.map((v) => [v.name, v.page, v.theme])).toEqual([
      ['LCP', 'slot', 'PRE8'],
      ['CLS', 'slot', 'PRE8'],
    ]);
  });

  it('before the first page has shown, the page in the address bar', () => {
    const r = setUp({ path: '/slot' });
    r.emit(metric('TTFB', 30));
    r.hide();
    expect(r.sent[0]!.batch.vitals[0]).toMatchObject({ page: 'slot', theme: 'PRE8' });
  });

  it('a page restored from the back/forward cache is a new visit of the page it shows', () => {
    const r = setUp({ landed: '/login' });
    r.state.path = '/slot';
    r.target.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    r.emit(metric('LCP', 120, { navigationType: 'back-forward-cache', id: 'v5-LCP-2' }));
    r.hide();
    expect(r.sent[0]!.batch.vitals[0]).toMatchObject({ page: 'slot', theme: 'PRE8', navigationType: 'back-forward-cache' });
  });
});
