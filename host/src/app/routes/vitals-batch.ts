// The part of the field figures that waits for the first page to be idle: it is loaded together with the library.
// It imports none of the host's modules: one shared with the app's chunk would cost that chunk its scope hoisting.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { PageKey, ThemeName } from '@member/shared-core';
import { postReport } from '../../core/lib/post-report';

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

export interface WebVitals {
  onCLS: typeof onCLS;
  onFCP: typeof onFCP;
  onINP: typeof onINP;
  onLCP: typeof onLCP;
  onTTFB: typeof onTTFB;
}

/** A page's key and its theme, as the figures name them. */
export interface PageNames {
  page: PageKey | null;
  theme: ThemeName | null;
}

export interface BatchContext {
  /** Where the figures go (`vitalsReportUrl`). */
  url: string;
  /** The site prefix. */
  site: string | null;
  /** The app's version (the contract's APP_VERSION). */
  version: string;
  /** The path of the first page shown, once it has shown; null until then. */
  landed(): string | null;
  /** The page a path shows and the theme it is drawn in. */
  describe(pathname: string): PageNames;
}

export interface BatchDeps {
  vitals: WebVitals;
  send(url: string, body: string): void;
  pathname(): string;
  visibility(): DocumentVisibilityState;
  /** Where visibilitychange (bubbling from the document) and pageshow arrive: the window. */
  target: Pick<EventTarget, 'addEventListener'>;
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
export function batchVitals(context: BatchContext, deps: BatchDeps): void {
  const queued = new Map<string, VitalsRecord>();
  const counted = new Set<string>();
  let restoredPath: string | null = null;
  let flushSoon = false;
  deps.target.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) restoredPath = deps.pathname();
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
    const { page, theme } = context.describe(restoredPath ?? context.landed() ?? deps.pathname());
    queued.set(metric.id, {
      name: metric.name,
      value: rounded(metric),
      rating: metric.rating,
      navigationType: metric.navigationType,
      id: metric.id,
      page,
      theme,
      site: context.site,
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
  // Their observers read the buffered entries: the first page's LCP, FCP and TTFB are there however late this runs.
  const { vitals } = deps;
  for (const on of [vitals.onCLS, vitals.onFCP, vitals.onINP, vitals.onLCP, vitals.onTTFB]) on(record);
}

/** The page's figures, from now until it is closed. */
export function startBatch(context: BatchContext): void {
  batchVitals(context, {
    vitals: { onCLS, onFCP, onINP, onLCP, onTTFB },
    send: postReport,
    pathname: () => window.location.pathname,
    visibility: () => document.visibilityState,
    target: window,
  });
}
