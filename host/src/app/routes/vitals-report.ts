import { isPageKey, pagePathOf, type Site } from '@member/shared-core';
import { retryOnce } from '../../core/lib/chunk-guard';
import { afterFirstPage, firstPageShown } from '../../features/remotes/first-page';
import { isConfiguredTheme } from '../../features/remotes/remote-registry';
import { resolvePageThemes } from '../../features/remotes/resolve-page-themes';
import type { PageNames } from './vitals-batch';

/** The longest wait for the first page to show before measuring starts anyway: a page that never shows counts too. */
const START_MAX_WAIT_MS = 10_000;

export interface VitalsContext {
  /** `vitalsReportUrl` from /config.json; without it nothing is loaded or sent. */
  url: string | undefined;
  /** The brand: its key is the prefix, its components name each page's theme. */
  site: Site | null;
  /** The app's version (the contract's APP_VERSION). */
  version: string;
}

/** The page a path shows and the theme it is drawn in; only a page key ever leaves the page, never the path. */
export function pageAt(site: Site | null, pathname: string): PageNames {
  const { page: first, variant: named } = pagePathOf(pathname);
  if (!isPageKey(first)) return { page: null, theme: site?.theme ?? null };
  if (!site) return { page: first, theme: null };
  const variant = named !== null && isConfiguredTheme(named) ? named : null;
  return { page: first, theme: resolvePageThemes(site, first, variant).page };
}

/**
 * Measures the Core Web Vitals members get and posts them to `vitalsReportUrl` (vitals-batch.ts says what and when).
 * Only this much is on the first screen: the library and the batching are loaded together once the first page has
 * shown and the browser is idle, and without a URL never.
 */
export function startVitalsReport(context: VitalsContext): void {
  const { url, site } = context;
  if (!url) return;
  // Noted at once: by the time the chunk has come, the member may have moved on from the page the figures are about.
  let landed: string | null = null;
  void firstPageShown.then(() => {
    landed = window.location.pathname;
  });
  void afterFirstPage(START_MAX_WAIT_MS)
    // A load nobody waits for: tried once more, then left off for this page load (core/lib/chunk-guard.ts).
    .then(() => retryOnce(() => import(/* webpackChunkName: "web-vitals" */ './vitals-batch')))
    .then(({ startBatch }) =>
      startBatch({ url, site: site?.key ?? null, version: context.version, landed: () => landed, describe: (path) => pageAt(site, path) }),
    )
    // Figures are optional: a chunk that will not load leaves the page as it was.
    .catch(() => undefined);
}
