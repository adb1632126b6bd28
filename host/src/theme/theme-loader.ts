import type { ComponentType } from 'react';
import { DEFAULT_THEME, remoteAccepted, type LayoutProps, type PageKey, type RemoteManifest, type ThemeName } from '@member/shared-core';
import { configuredThemes, loadExposed, reloadThemeRemote, resetThemeRemote } from './remote-registry';
import { fallbackOrder } from './fallback-order';
import { checkedManifest, ContractRefused, manifestUrlOf, refetchManifest } from './remote-manifest';
import { SignatureRefused } from './remote-signature';
import { breakerStorage, createRemoteBreaker } from './remote-breaker';
import { REMOTE_RESOURCE_TIMEOUT_MS } from './remote-timeout';
import { retryOnce } from '../lib/chunk-guard';
import { reportError } from '../lib/error-report';
import { PassMemo } from '../lib/load-pass';
import { TimeoutError } from './with-timeout';
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
  error instanceof ContractRefused || error instanceof SignatureRefused || error instanceof RemoteUnreachable || error instanceof TimeoutError;

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
  const module = keepUnlessFailed(modules, key, () => loadExposed<ModuleWithDefault<ComponentType<never>>>(theme, exposedPath(what)).then((m) => m.default));
  module.catch(() => undefined);
  const manifest = await exposedManifestOf(theme);
  watch.progress();
  if (what.kind === 'page' && !manifest.pages.includes(what.page)) throw new PageNotProvided(theme, what.page);
  const component = await module;
  watch.progress();
  if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`theme ${theme} exposes no component at ${exposedPath(what)}`);
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
 * One theme: tried, and once more after a fresh look at its manifest, for as long as its download makes progress
 * (load-watch.ts): a slow phone or link is waited for, a remote that does not answer is given up.
 */
async function attempt<P>(theme: ThemeName, what: Exposed): Promise<ComponentType<P>> {
  try {
    return await whileProgressing(
      (watch) => {
        const load = () => componentOf<P>(theme, what, watch);
        return retryOnce(load, {
          retry: () => refreshTheme(theme).then(load),
          // A refused contract or a page the theme does not offer is a definite answer: asking again changes nothing.
          retryable: (error) => !(error instanceof ContractRefused) && !(error instanceof PageNotProvided),
        });
      },
      { what: `theme ${theme}`, origin: originOf(theme) },
    );
  } catch (error) {
    if (error instanceof PageNotProvided) throw error;
    if (remoteIsDown(error)) breaker.trip(theme);
    console.warn(`[theme] ${theme} unavailable for ${exposedPath(what)}: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof ContractRefused) reportError('contract-mismatch', error, theme);
    if (error instanceof SignatureRefused) reportError('signature-refused', error, theme);
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
    theme === DEFAULT_THEME || passedOver ? undefined : setTimeout(() => componentOf(DEFAULT_THEME, what).catch(() => undefined), WARM_FALLBACK_AFTER_MS);
  try {
    // A theme known to be down is not waited for: its stand-in comes at once, and the report went when it tripped.
    if (passedOver) throw new ThemePassedOver(theme);
    return { Component: await attempt<P>(theme, what), theme, fallbackFrom: null };
  } catch (error) {
    if (error instanceof PageNotProvided && theme !== DEFAULT_THEME) {
      return { Component: await attempt<P>(DEFAULT_THEME, what), theme: DEFAULT_THEME, fallbackFrom: null };
    }
    let lastError: unknown = error;
    const standIns = fallbackOrder(theme, configuredThemes()).slice(1);
    // Stand-ins known to be down go last: tried only when no other is left, as the host's own page is the end.
    const ordered = [...standIns.filter((t) => !breaker.isOpen(t)), ...standIns.filter((t) => breaker.isOpen(t))];
    for (const standIn of ordered) {
      try {
        const Component = await attempt<P>(standIn, what);
        if (!(error instanceof ThemePassedOver)) {
          reportError('theme-fallback', `theme ${theme} unavailable for ${exposedPath(what)}: ${error instanceof Error ? error.message : String(error)}`, theme);
        }
        return { Component, theme: standIn, fallbackFrom: theme };
      } catch (standInError) {
        lastError = standInError;
      }
    }
    throw lastError;
  } finally {
    clearTimeout(warm);
  }
}

// A page that fell back to the default theme counts as failed: its theme is tried again on the next navigation.
const results = new PassMemo<LoadedComponent<never>>((loaded) => loaded.fallbackFrom !== null);

/**
 * Memoised per theme and exposed module within a pass, so React's `use()` sees one promise per page however
 * often it renders; a failure or a fallback is tried again in the next pass (the next navigation).
 */
export function themedComponent<P>(theme: ThemeName, what: Exposed): Promise<LoadedComponent<P>> {
  return results.get(`${theme}/${exposedPath(what)}`, () => loadThemed<never>(theme, what)) as unknown as Promise<LoadedComponent<P>>;
}

export function layoutComponent(theme: ThemeName): Promise<LoadedComponent<LayoutProps>> {
  return themedComponent<LayoutProps>(theme, { kind: 'layout' });
}

/** The next theme to draw a page whose render failed in the themes `failed`: the fallback line, skipping them. */
export function nextStandIn(wanted: ThemeName, failed: readonly ThemeName[]): ThemeName | null {
  const line = fallbackOrder(wanted, configuredThemes());
  return line.find((theme) => !failed.includes(theme) && !breaker.isOpen(theme)) ?? line.find((theme) => !failed.includes(theme)) ?? null;
}

const standIns = new Map<string, Promise<ComponentType | null>>();

/**
 * That one theme's page, for a page another theme failed to draw; null when it cannot be loaded (the caller moves on
 * along the line). One promise per theme and page, so React's `use()` sees the same one on every render.
 */
export function standInComponent(theme: ThemeName, what: Exposed): Promise<ComponentType | null> {
  const key = `${theme}/${exposedPath(what)}`;
  let pending = standIns.get(key);
  if (!pending) {
    pending = whileProgressing((watch) => componentOf<object>(theme, what, watch), { what: `theme ${theme}`, origin: originOf(theme) }).then(
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
