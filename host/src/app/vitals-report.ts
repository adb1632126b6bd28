import type * as WebVitalsModule from 'web-vitals';
import type { Metric } from 'web-vitals';
import { isPageKey, type PageKey, type SiteConfig, type ThemeName } from '@member/shared-core';
import { retryOnce } from '../lib/chunk-guard';
import { afterFirstPage, firstPageShown } from '../theme/first-page';
import { isConfiguredTheme } from '../theme/remote-registry';
import { resolvePageThemes } from '../theme/resolve-page-themes';

/**
 * One figure as it goes on the wire. Nothing of the member and nothing of the address but the page's key: no query,
 * no path beyond the first segment, no cookie, no token, no phone.
 */
export interface VitalsRecord {
  name: Metric['name'];
  /** Milliseconds, to a tenth; CLS is a score, to four decimals. */
  value: number;
  rating: Metric['rating'];
  navigationType: Metric['navigationType'];
  /**
   * The same for every figure of one metric on one page load: CLS and INP may be sent again, larger, after the member
   * comes back to the tab, and the later value replaces the earlier one.
   */
  id: string;
  /** The first segment of the path of the page the member landed on, when it names a page. */
  page: PageKey | null;
  /** The theme that page is drawn in, by the site's components (a `/{page}/theme/{THEME}` variant: that theme). */
  theme: ThemeName | null;
  /** The site prefix. */
  site: string | null;
  version: string;
}

/** The body of one POST: the figures gathered since the page was last hidden. */
export interface VitalsBatch {
  vitals: VitalsRecord[];
}

/** A page load sends figures for at most this many metric instances, however often it is restored from the cache. */
export const MAX_VITALS_PER_PAGE = 30;
/** The longest wait for the first page to show before measuring starts anyway: a page that never shows counts too. */
const START_MAX_WAIT_MS = 10_000;

export type WebVitals = Pick<typeof WebVitalsModule, 'onCLS' | 'onFCP' | 'onINP' | 'onLCP' | 'onTTFB'>;

export interface VitalsContext {
  /** `vitalsReportUrl` from /config.json; without it nothing is loaded or sent. */
  url: string | undefined;
  /** The brand: its key is the prefix, its components name each page's theme. */
  site: SiteConfig | null;
  /** The app's version (the contract's APP_VERSION). */
  version: string;
}

export interface VitalsDeps {
  /** Settles when measuring may start. */
  ready: Promise<void>;
  /** Settles once the first page has rendered, with its path in the address bar. */
  landed: Promise<void>;
  load(): Promise<WebVitals>;
  send(url: string, body: string): void;
  pathname(): string;
  visibility(): DocumentVisibilityState;
  /** Where visibilitychange (bubbling from the document) and pageshow arrive: the window. */
  target: Pick<EventTarget, 'addEventListener'>;
}

/** The page a path shows and the theme it is drawn in; only a page key ever leaves the page, never the path. */
export function pageAt(site: SiteConfig | null, pathname: string): { page: PageKey | null; theme: ThemeName | null } {
  const [, first, second, third] = pathname.split('/');
  if (!isPageKey(first)) return { page: null, theme: site?.layout ?? null };
  if (!site) return { page: first, theme: null };
  const variant = second === 'theme' && third !== undefined && isConfiguredTheme(third) ? third : null;
  return { page: first, theme: resolvePageThemes(site, first, variant).page };
}

const rounded = (metric: Metric) =>
  metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value * 10) / 10;

/**
 * Figures are kept per metric instance and sent together when the page is hidden (a tab switch, the app put away, a
 * navigation away), the last moment a page is sure to have: CLS, INP and a late LCP are only final then.
 *
 * Every figure is counted against the page the member landed on, as Chrome's field data counts it: a route change in
 * the app is no new page load, so LCP, FCP and TTFB belong to the first page, and the CLS and INP of the whole visit
 * with them. A page restored from the back/forward cache is a new visit of the page it shows.
 */
export function createVitalsReporter(context: VitalsContext & { url: string }, deps: VitalsDeps): void {
  const queued = new Map<string, VitalsRecord>();
  const counted = new Set<string>();
  let landedPath: string | null = null;
  let flushSoon = false;
  void deps.landed.then(() => {
    landedPath ??= deps.pathname();
  });
  deps.target.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) landedPath = deps.pathname();
  });

  const flush = () => {
    if (queued.size === 0) return;
    const batch: VitalsBatch = { vitals: [...queued.values()] };
    queued.clear();
    deps.send(context.url, JSON.stringify(batch));
  };

  const record = (metric: Metric) => {
    if (!counted.has(metric.id)) {
      if (counted.size >= MAX_VITALS_PER_PAGE) return;
      counted.add(metric.id);
    }
    const { page, theme } = pageAt(context.site, landedPath ?? deps.pathname());
    queued.set(metric.id, {
      name: metric.name,
      value: rounded(metric),
      rating: metric.rating,
      navigationType: metric.navigationType,
      id: metric.id,
      page,
      theme,
      site: context.site?.key ?? null,
      version: context.version,
    });
    // A figure that arrives while the page is already hidden (it loaded in a background tab, or the library's own
    // hide handling) would wait for the next hide, which may never come: it goes in a task of its own. During a hide,
    // the listener below has sent it before that task runs.
    if (deps.visibility() === 'hidden' && !flushSoon) {
      flushSoon = true;
      setTimeout(() => {
        flushSoon = false;
        flush();
      }, 0);
    }
  };

  // Not capturing, on the window: web-vitals hands over its final CLS, INP and LCP in capture-phase listeners of the
  // same event, which all run before this one whatever the order they were added in.
  deps.target.addEventListener('visibilitychange', () => {
    if (deps.visibility() === 'hidden') flush();
  });
  void deps.ready
    .then(deps.load)
    .then((vitals) => {
      // Their observers read the buffered entries: the first page's LCP, FCP and TTFB are there however late this runs.
      for (const on of [vitals.onCLS, vitals.onFCP, vitals.onINP, vitals.onLCP, vitals.onTTFB]) on(record);
    })
    // Figures are optional: a chunk that will not load leaves the page as it was.
    .catch(() => undefined);
}

/**
 * A text/plain POST that outlives the page (keepalive), without credentials or a referrer. Not sendBeacon: it always
 * sends the report origin's cookies (a session cookie where the collector shares the site's host, and on localhost
 * every port's), and a JSON Blob would need a CORS preflight; text/plain needs none.
 */
function postFigures(url: string, body: string): void {
  if (typeof fetch !== 'function') return;
  fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}

/**
 * Measures the page's Core Web Vitals and posts them to `vitalsReportUrl`. The library is fetched once the first page
 * has shown and the browser is idle, so the first screen downloads none of it; without a URL it is never fetched.
 */
export function startVitalsReport(context: VitalsContext): void {
  const { url } = context;
  if (!url) return;
  createVitalsReporter(
    { ...context, url },
    {
      ready: afterFirstPage(START_MAX_WAIT_MS),
      landed: firstPageShown,
      // A load nobody waits for: tried once more, then left off for this page load (lib/chunk-guard.ts).
      load: () => retryOnce(() => import(/* webpackChunkName: "web-vitals" */ 'web-vitals')),
      send: postFigures,
      pathname: () => window.location.pathname,
      visibility: () => document.visibilityState,
      target: window,
    },
  );
}
