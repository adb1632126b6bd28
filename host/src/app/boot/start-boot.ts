import type { PageKey, SitesFile, ThemeName } from '@member/shared-core';
import { isLobbyPage } from '../../features/lobby/lobby-pages';
import { APP_VERSION, PAGE_KEYS, isPageKey, pagePathOf } from '@member/shared-core';
import { loadBootConfig } from '../../core/config/load-boot-config';
import { resolvePrefix } from '../../core/config/resolve-prefix';
import { callApi, configureApi } from '../../core/api/api';
import { isConfiguredTheme, preloadExposed, registerThemeRemotes } from '../../features/remotes/remote-registry';
import { afterFirstInteraction, afterFirstPage } from '../../features/remotes/first-page';
import { mirrorPreferenceCookies } from '../../core/base/preferences';
import { loadHookChunk, loadPageHooks } from '../bridge/page-hooks';
import { layoutComponent, themedComponent } from '../../features/remotes/theme-loader';
import { resolvePageThemes } from '../../features/remotes/resolve-page-themes';
import { atom, type Setter } from 'jotai';
import { errorReporter, installGlobalErrorReports } from '../../core/lib/error-report';
import { startVitalsReport } from '../routes/vitals-report';
import { startServiceWorker } from '../routes/worker-start';
import { bootFailedAtom, bootReadyAtom, setPrefixStatusAtom } from '../../core/base/boot-state';
import { sessionCheckingAtom } from '../../core/base/session-state';
import { prefetchSessionActions } from '../../features/session/load-session-actions';
import { startSessionCheckAtom } from '../../features/session/start-session-check';
import { captureAffiliate, hasStoredSession } from '../../core/base/session-cookies';
import { watchInstallOfferAtom } from '../../core/base/install-offer';
import { rememberSite } from '../../core/base/known-sites';

/** A member opening a lobby by its address: its list is asked for beside the session check (features/lobby/list-prefetch.ts). */
function prefetchLobbyList(prefix: string, pathname: string, search: string): void {
  const page = pathname.split('/')[1];
  if (!isLobbyPage(page)) return;
  // Optional: a chunk or a reply that fails here leaves the lobby to ask for itself.
  void import(/* webpackChunkName: "lobby-prefetch" */ '../../features/lobby/list-prefetch')
    .then((m) => m.prefetchLobbyList(prefix, page, search))
    .catch(() => undefined);
}

/** A guest who has not touched the page by then gets the login and the page after it fetched anyway. */
const GUEST_PREFETCH_MAX_WAIT_MS = 15_000;

/** Starts loading the page (and frame) the first route will need, while the rest of boot goes on. */
function preloadFirstPage(sites: SitesFile, prefix: string | null, pathname: string, rootRedirect: string): void {
  const site = sites.sites.find((s) => s.key === prefix);
  if (!site) return;
  const path = pathname === '/' ? rootRedirect : pathname;
  const { page: first, variant: named } = pagePathOf(path);
  if (!isPageKey(first)) return;
  const page: PageKey = first;
  const variant: ThemeName | null = named !== null && isConfiguredTheme(named) ? named : null;
  const { page: pageTheme, frame: frameTheme } = resolvePageThemes(site, page, variant);
  preloadExposed(pageTheme, frameTheme === pageTheme ? ['manifest', `pages/${page}`, 'layout'] : ['manifest', `pages/${page}`]);
  if (frameTheme && frameTheme !== pageTheme) preloadExposed(frameTheme, ['manifest', 'layout']);
  themedComponent(pageTheme, { kind: 'page', page });
  void loadPageHooks(page)?.catch(() => undefined);
  if (frameTheme) layoutComponent(frameTheme);
}

async function verifyPrefix(set: Setter, sites: SitesFile, prefix: string): Promise<void> {
  const site = sites.sites.find((s) => s.key === prefix);
  try {
    const reply = await callApi('checkPrefix', { prefix, divisions: site?.divided ? 'true' : 'false' });
    set(setPrefixStatusAtom, reply.status === true && reply.prefix === prefix ? 'valid' : 'invalid');
  } catch (error) {
    // The brand is known locally; an unreachable check must not lock members out of a working site.
    console.warn('[boot] prefix check failed', error instanceof Error ? error.message : error);
    set(setPrefixStatusAtom, 'valid');
  }
}

/**
 * Boot order: config.json and sites.json together; then, at once and side by side, the first page's
 * theme remote, the prefix check and the rest of the app.
 */
export const startBootAtom = atom(null, async (_get, set): Promise<void> => {
  installGlobalErrorReports();
  mirrorPreferenceCookies();
  // Before the app links the site's manifest, which is what lets the browser offer installation.
  set(watchInstallOfferAtom);
  const result = await loadBootConfig();
  if (!result.ok) {
    set(bootFailedAtom, result.failure);
    return;
  }
  const { config, sites } = result.value;
  const invalidKeys = (sites.invalid ?? []).flatMap((site) => (site.key === null ? [] : [site.key]));
  const prefix = resolvePrefix(window.location.search, document.cookie, [...sites.sites.map((s) => s.key), ...invalidKeys]);
  // A brand whose own entry is broken gets its error page; every other brand boots as usual.
  const broken =
    prefix === null || sites.sites.some((s) => s.key === prefix) ? undefined : sites.invalid?.find((site) => site.key === prefix);
  if (broken) {
    console.error(`[boot] sites.json entry "${prefix}" is invalid`, broken.problems);
    set(bootFailedAtom, { kind: 'invalid', file: 'sites.json', problems: broken.problems });
    return;
  }
  errorReporter.configure({
    url: config.errorReportUrl,
    site: prefix,
    theme: sites.sites.find((s) => s.key === prefix)?.theme ?? null,
    version: APP_VERSION,
    pages: PAGE_KEYS,
  });
  registerThemeRemotes(config);
  startVitalsReport({ url: config.vitalsReportUrl, site: sites.sites.find((s) => s.key === prefix) ?? null, version: APP_VERSION });
  configureApi(config);
  preloadFirstPage(sites, prefix, window.location.pathname, config.rootRedirect);
  // Guards must see "checking", not "guest", while a stored session is being confirmed.
  if (prefix !== null && hasStoredSession(prefix)) set(sessionCheckingAtom);
  set(bootReadyAtom, { config, sites, prefix });
  startServiceWorker(set, { prefix, logo: sites.sites.find((s) => s.key === prefix)?.brand.logo ?? null });
  if (prefix === null) return;
  // Where a page with no club of its own can send the member later (core/base/known-sites.ts).
  rememberSite(prefix);
  captureAffiliate(prefix, window.location.search);
  // The login itself and the page after it: fetched while the member is typing. A guest who has not touched
  // the page yet needs neither, so their first screen downloads only what it shows.
  const stored = hasStoredSession(prefix);
  const memberStarts = stored ? afterFirstPage(1500) : afterFirstInteraction(GUEST_PREFETCH_MAX_WAIT_MS);
  void memberStarts.then(() => {
    prefetchSessionActions();
    loadHookChunk('games').catch(() => undefined);
  });
  if (stored) {
    void set(startSessionCheckAtom, prefix);
    void verifyPrefix(set, sites, prefix);
    prefetchLobbyList(prefix, window.location.pathname, window.location.search);
  } else {
    // A guest's first screen needs no API. The server's word on the brand is validation that can wait: it is
    // asked (with the encrypted client it needs) when the guest starts to use the page, as the login is.
    void memberStarts.then(() => verifyPrefix(set, sites, prefix));
  }
});
