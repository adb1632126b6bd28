import type { ComponentType } from 'react';
import { DEFAULT_THEME, remoteAccepted, type LayoutProps, type PageKey, type RemoteManifest, type ThemeName } from '@member/shared-core';
import { configuredThemes, loadExposed, reloadThemeRemote, resetThemeRemote } from './remote-registry';
import { fallbackOrder } from './fallback-order';
import { checkedManifest, ContractRefused, manifestUrlOf, refetchManifest } from './remote-manifest';
import { ReleaseRefused, SignatureRefused } from './remote-signature';
import { breakerStorage, createRemoteBreaker } from './remote-breaker';
import { REMOTE_RESOURCE_TIMEOUT_MS } from './remote-timeout';
import { retryOnce } from '../../core/lib/chunk-guard';
import { reportError } from '../../core/lib/error-report';
import { currentPass, PassMemo } from '../../core/lib/load-pass';
import { releasesRechecked } from './release-recheck';
import { TimeoutError } from './with-timeout';
import { refetchCopies, suspectCopies } from './stored-copies';
import { whileProgressing, type ProgressWatch } from './load-watch';

/** A theme still silent after this long gets the default theme warmed up beside it, in case it is needed. */
export const WARM_FALLBACK_AFTER_MS = 1500;

/** The origin a theme's files come from (its manifest's), whose finished downloads count as its load's progress. */
function originOf(theme: ThemeName): string | null {
  const url = manifestUrlOf(theme);
  return url ? new URL(url).origin : null;
}

export type Exposed = { kind: 'page'; page: PageKey } | { kind: 'layout' };

export interface LoadedComponent<P> {
  Component: ComponentType<P>;
  /** The theme that actually rendered it. */
  theme: ThemeName;
  /** Set when the wanted theme failed and another one stands in. */
  fallbackFrom: ThemeName | null;
}

type ModuleWithDefault<T> = { default: T };

// Not in the store: loaded theme code and the promises React's use() must see again; like the federation runtime they mirror, they outlive any store.
/** Successful loads, kept; a failed one is dropped so the next try asks the remote again. */
const exposedManifests = new Map<ThemeName, Promise<RemoteManifest>>();
const modules = new Map<string, Promise<ComponentType<never>>>();

function exposedPath(what: Exposed): string {
  return what.kind === 'layout' ? 'layout' : `pages/${what.page}`;
}

function keepUnlessFailed<K, V>(map: Map<K, Promise<V>>, key: K, start: () => Promise<V>): Promise<V> {
  let pending = map.get(key);
  if (!pending) {
    const started = start();
    started.catch(() => {
      if (map.get(key) === started) map.delete(key);
    });
    map.set(key, started);
    pending = started;
  }
  return pending;
}

/** The remote's own `./manifest` module: which pages it provides, and its contract once more, from its code. */
function exposedManifestOf(theme: ThemeName): Promise<RemoteManifest> {
  return keepUnlessFailed(exposedManifests, theme, () =>
    loadExposed<ModuleWithDefault<RemoteManifest>>(theme, 'manifest').then((m) => {
      const manifest = m.default;
      if (!remoteAccepted({ contractVersion: manifest?.contractVersion, minHostContract: manifest?.minHostContract })) {
        throw new ContractRefused(theme, manifest?.contractVersion, manifest?.minHostContract);
      }
      return manifest;
    }),
  );
}

/** The theme failed lately and its breaker is open: not asked until a probe finds it up. */
class ThemePassedOver extends Error {
  constructor(theme: ThemeName) {
    super(`theme ${theme} is passed over after a recent failure`);
    this.name = 'ThemePassedOver';
  }
}

/** The theme does not offer this page (its `./manifest` says so): the default theme's page is used, as designed. */
export class PageNotProvided extends Error {
  constructor(theme: ThemeName, page: PageKey) {
    super(`theme ${theme} does not provide the page ${page}`);
    this.name = 'PageNotProvided';
  }
}

/**
 * Not one configured theme could draw the page: each was refused, down, or failed. The host draws its own plain page
 * instead (the brand's logo and name, its own look), saying the site's look could not be loaded; reported once a visit.
 */
export class NoThemeUsable extends Error {
  constructor(
    readonly wanted: ThemeName,
    readonly causes: ReadonlyArray<readonly [ThemeName, string]>,
  ) {
    super(`no theme could draw the page (${causes.map(([theme, cause]) => `${theme}: ${cause}`).join('; ')})`);
    this.name = 'NoThemeUsable';
  }
}

// Not in the store: a once-a-page report of the loaders, which run outside React.
let lookReported = false;

/** The remote's manifest could not be had (refused, unreachable, not answering in time): the remote is down. */
class RemoteUnreachable extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'RemoteUnreachable';
  }
}

/** A manifest's failure as the breaker reads it: a refusal stays one, anything else means the remote is down. */
function manifestStep<T>(step: Promise<T>): Promise<T> {
  return step.catch((error: unknown) => {
    throw error instanceof ContractRefused || error instanceof SignatureRefused ? error : new RemoteUnreachable(error);
  });
}

/**
 * A failure that says the remote is down or refused, not that one page's code is missing: the remote is passed over
 * for a while. (A page chunk that 404s leaves the theme's other pages to be tried.) A release that is unsigned, signed
 * by a key the deployment does not list, or not what was signed is refused like a dead remote.
 */
const remoteIsDown = (error: unknown) =>
  error instanceof ContractRefused ||
  error instanceof SignatureRefused ||
  error instanceof RemoteUnreachable ||
  error instanceof TimeoutError;

const NO_WATCH: ProgressWatch = { progress: () => undefined };

/**
 * Contract first, from the manifest file alone; then the remote's own manifest; only then the page's code. Each step
 * done is progress for the load's watch.
 */
async function componentOf<P>(theme: ThemeName, what: Exposed, watch: ProgressWatch = NO_WATCH): Promise<ComponentType<P>> {
  await manifestStep(checkedManifest(theme));
  watch.progress();
  const key = `${theme}/${exposedPath(what)}`;
  // Side by side with the remote's manifest; a page it turns out not to provide is simply not used.
  const module = keepUnlessFailed(modules, key, () =>
    loadExposed<ModuleWithDefault<ComponentType<never>>>(theme, exposedPath(what)).then((m) => m.default),
  );
  module.catch(() => undefined);
  const manifest = await exposedManifestOf(theme);
  watch.progress();
  if (what.kind === 'page' && !manifest.pages.includes(what.page)) throw new PageNotProvided(theme, what.page);
  const component = await module;
  watch.progress();
  if (typeof component !== 'function' && typeof component !== 'object')
    throw new Error(`theme ${theme} exposes no component at ${exposedPath(what)}`);
  return component as ComponentType<P>;
}

/**
 * The second try after a failed load asks for the manifest again, past the cache: when the remote was
 * redeployed, the runtime is pointed at the new build (whose remoteEntry knows the new chunk names).
 */
async function refreshTheme(theme: ThemeName): Promise<void> {
  if (await manifestStep(refetchManifest(theme))) {
    console.warn(`[theme] ${theme} was redeployed; loading its new build`);
    await reloadThemeRemote(theme);
    for (const key of [...modules.keys()]) if (key.startsWith(`${theme}/`)) modules.delete(key);
    exposedManifests.delete(theme);
  }
}

/**
 * Whether a theme's remote answers again: its manifest, fresh and checked, then its remoteEntry, each within the
 * load's own bound. A new build found on the way is taken.
 */
async function probeTheme(theme: ThemeName): Promise<boolean> {
  await refreshTheme(theme);
  const { entry } = await checkedManifest(theme);
  const response = await fetch(entry, { cache: 'no-cache', signal: AbortSignal.timeout(REMOTE_RESOURCE_TIMEOUT_MS) });
  return response.ok;
}

// Not in the store: the breakers guard the loads of theme code for the page (kept across reloads in session storage), outside React.
/** The page's breakers: a theme that failed is passed over at once, until a probe in the background finds it up. */
const breaker = createRemoteBreaker({
  now: () => Date.now(),
  probe: probeTheme,
  onClosed: (theme) => {
    for (const key of [...modules.keys()]) if (key.startsWith(`${theme}/`)) modules.delete(key);
    exposedManifests.delete(theme);
    // The runtime may hold the failed load of its remoteEntry: the next page registers it afresh.
    resetThemeRemote(theme);
  },
  schedule: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  ...breakerStorage,
});

/**
 * Before the second try: a file of the release the failure names, which arrived whole but did not load (its integrity
 * check refused the copy the browser holds), is fetched once more past every cache. A copy that is wrong fetched afresh
 * too is the release as served: refused, like a tampered file.
 */
async function healStoredCopies(theme: ThemeName, failure: unknown): Promise<void> {
  const { entry, integrity } = await manifestStep(checkedManifest(theme));
  const suspects = suspectCopies(failure, integrity);
  if (suspects.size === 0) return;
  const { healed, stillWrong } = await refetchCopies(suspects, REMOTE_RESOURCE_TIMEOUT_MS);
  if (stillWrong.length > 0)
    throw new SignatureRefused(`${stillWrong.join(', ')} is not the file that was signed, fetched again past the cache too`);
  if (healed.length === 0) return;
  console.warn(`[theme] ${theme}: a stored copy failed its integrity check and was fetched again: ${healed.join(', ')}`);
  reportError(
    'stale-copy-healed',
    `${healed.join(', ')} failed its integrity check as stored; fetched again past the cache, it is the signed file`,
    theme,
  );
  // The runtime may hold the failed remoteEntry; the remote's own loader tries a failed chunk again by itself.
  if (healed.includes(entry)) resetThemeRemote(theme);
}

/**
 * One theme: tried, and once more after a fresh look at its manifest and its stored copies, for as long as its download
 * makes progress (load-watch.ts): a slow phone or link is waited for, a remote that does not answer is given up.
 */
async function attempt<P>(theme: ThemeName, what: Exposed): Promise<ComponentType<P>> {
  let firstFailure: unknown = null;
  try {
    return await whileProgressing(
      (watch) => {
        const load = () => componentOf<P>(theme, what, watch);
        return retryOnce(load, {
          retry: () =>
            refreshTheme(theme)
              .then(() => healStoredCopies(theme, firstFailure))
              .then(load),
          // A refused contract or a page the theme does not offer is a definite answer: asking again changes nothing.
          retryable: (error) => {
            firstFailure = error;
            return !(error instanceof ContractRefused) && !(error instanceof PageNotProvided);
          },
        });
      },
      { what: `theme ${theme}`, origin: originOf(theme) },
    );
  } catch (caught) {
    // A page whose own code already failed (a chunk that 404s), then stalled on its second try, failed for that
    // code: its theme's remote answered, and is not passed over as if it were down.
    const error = caught instanceof TimeoutError && firstFailure !== null && !remoteIsDown(firstFailure) ? firstFailure : caught;
    if (error instanceof PageNotProvided) throw error;
    if (remoteIsDown(error)) breaker.trip(theme, error instanceof Error ? error.message : String(error));
    console.warn(`[theme] ${theme} unavailable for ${exposedPath(what)}: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof ContractRefused) reportError('contract-mismatch', error, theme);
    if (error instanceof ReleaseRefused) reportError('release-refused', error, theme);
    else if (error instanceof SignatureRefused) reportError('signature-refused', error, theme);
    throw error;
  }
}

/**
 * The chosen theme, else the default theme, else any other configured theme that is up (fallbackOrder).
 * Rejects only when all fail; the caller then escalates (reload, then the host's built-in page). A page the
 * chosen theme does not provide comes from the default theme as an expected case: no notice, no report.
 */
export async function loadThemed<P>(theme: ThemeName, what: Exposed): Promise<LoadedComponent<P>> {
  const passedOver = breaker.isOpen(theme);
  const warm =
    theme === DEFAULT_THEME || passedOver
      ? undefined
      : setTimeout(() => componentOf(DEFAULT_THEME, what).catch(() => undefined), WARM_FALLBACK_AFTER_MS);
  try {
    // A theme known to be down is not waited for: its stand-in comes at once, and the report went when it tripped.
    if (passedOver) throw new ThemePassedOver(theme);
    return { Component: await attempt<P>(theme, what), theme, fallbackFrom: null };
  } catch (error) {
    if (error instanceof PageNotProvided && theme !== DEFAULT_THEME) {
      return { Component: await attempt<P>(DEFAULT_THEME, what), theme: DEFAULT_THEME, fallbackFrom: null };
    }
    const describe = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
    const causes: Array<[ThemeName, string]> = [[theme, describe(error)]];
    const standIns = fallbackOrder(theme, configuredThemes()).slice(1);
    // Stand-ins known to be down go last: tried only when no other is left, as the host's own page is the end.
    const ordered = [...standIns.filter((t) => !breaker.isOpen(t)), ...standIns.filter((t) => breaker.isOpen(t))];
    for (const standIn of ordered) {
      try {
        const Component = await attempt<P>(standIn, what);
        if (!(error instanceof ThemePassedOver)) {
          reportError(
            'theme-fallback',
            `theme ${theme} unavailable for ${exposedPath(what)}: ${error instanceof Error ? error.message : String(error)}`,
            theme,
          );
        }
        return { Component, theme: standIn, fallbackFrom: theme };
      } catch (standInError) {
        causes.push([standIn, describe(standInError)]);
      }
    }
    const none = new NoThemeUsable(theme, causes);
    if (!lookReported) {
      lookReported = true;
      reportError('look-unavailable', none, theme);
    }
    throw none;
  } finally {
    clearTimeout(warm);
  }
}

// A page that fell back to the default theme counts as failed: its theme is tried again on the next navigation.
// Not in the store: loaded theme code and the promises React's use() must see again, for the page.
const results = new PassMemo<LoadedComponent<never>>((loaded) => loaded.fallbackFrom !== null);

/** A theme whose release may no longer run: nothing loaded from it is used again; its next page loads it afresh. */
function forgetReleases(themes: readonly ThemeName[]): void {
  if (themes.length === 0) return;
  for (const key of [...modules.keys()]) if (themes.some((theme) => key.startsWith(`${theme}/`))) modules.delete(key);
  for (const theme of themes) exposedManifests.delete(theme);
  for (const key of [...standIns.keys()]) if (themes.some((theme) => key.startsWith(`${theme}/`))) standIns.delete(key);
  // A page of any theme may have been drawn by one of these (a stand-in, a page the theme does not offer).
  results.forget(() => true);
}

// Not in the store: the promises React's use() must see again within a pass (core/lib/load-pass.ts).
/** This navigation's pages, once its releases were judged again (release-recheck.ts): one promise per page and pass. */
let recheckedPass = -1;
const recheckedPages = new Map<string, Promise<LoadedComponent<never>>>();

/**
 * Memoised per theme and exposed module within a pass, so React's `use()` sees one promise per page however
 * often it renders; a failure or a fallback is tried again in the next pass (the next navigation). From the second
 * page on, a page is drawn only once the releases in use were judged again against config.json as it is now.
 */
export function themedComponent<P>(theme: ThemeName, what: Exposed): Promise<LoadedComponent<P>> {
  const key = `${theme}/${exposedPath(what)}`;
  const pass = currentPass();
  const recheck = releasesRechecked(pass);
  if (!recheck) return results.get(key, () => loadThemed<never>(theme, what)) as unknown as Promise<LoadedComponent<P>>;
  if (pass !== recheckedPass) {
    recheckedPass = pass;
    recheckedPages.clear();
  }
  let page = recheckedPages.get(key);
  if (!page) {
    page = recheck.then((dropped) => {
      forgetReleases(dropped);
      return results.get(key, () => loadThemed<never>(theme, what));
    });
    recheckedPages.set(key, page);
  }
  return page as unknown as Promise<LoadedComponent<P>>;
}

export function layoutComponent(theme: ThemeName): Promise<LoadedComponent<LayoutProps>> {
  return themedComponent<LayoutProps>(theme, { kind: 'layout' });
}

/** The next theme to draw a page whose render failed in the themes `failed`: the fallback line, skipping them. */
export function nextStandIn(wanted: ThemeName, failed: readonly ThemeName[]): ThemeName | null {
  const line = fallbackOrder(wanted, configuredThemes());
  return line.find((theme) => !failed.includes(theme) && !breaker.isOpen(theme)) ?? line.find((theme) => !failed.includes(theme)) ?? null;
}

// Not in the store: loaded theme code and the promises React's use() must see again, for the page.
const standIns = new Map<string, Promise<ComponentType | null>>();

/**
 * That one theme's page, for a page another theme failed to draw; null when it cannot be loaded (the caller moves on
 * along the line). One promise per theme and page, so React's `use()` sees the same one on every render.
 */
export function standInComponent(theme: ThemeName, what: Exposed): Promise<ComponentType | null> {
  const key = `${theme}/${exposedPath(what)}`;
  let pending = standIns.get(key);
  if (!pending) {
    pending = whileProgressing((watch) => componentOf<object>(theme, what, watch), {
      what: `theme ${theme}`,
      origin: originOf(theme),
    }).then(
      (component) => component as ComponentType,
      () => {
        // Not kept: a later page asks that theme again.
        standIns.delete(key);
        return null;
      },
    );
    standIns.set(key, pending);
  }
  return pending;
}
