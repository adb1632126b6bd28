import type { ComponentType } from 'react';
import { isContractCompatible, type LayoutProps, type PageKey, type RemoteManifest, type ThemeName } from '@member/shared-core';
import { loadExposed } from './remote-registry';
import { withTimeout } from './with-timeout';

/** A theme that cannot answer within this long is given up for the visit (budget: fallback inside 6 s). */
export const THEME_LOAD_TIMEOUT_MS = 3500;
/** A theme still silent after this long gets the default theme warmed up beside it, in case it is needed. */
export const WARM_FALLBACK_AFTER_MS = 1500;

export type Exposed = { kind: 'page'; page: PageKey } | { kind: 'layout' };

export interface LoadedComponent<P> {
  Component: ComponentType<P>;
  /** The theme that actually rendered it. */
  theme: ThemeName;
  /** Set when the wanted theme failed and another one stands in. */
  fallbackFrom: ThemeName | null;
}

type ModuleWithDefault<T> = { default: T };

const manifests = new Map<ThemeName, Promise<RemoteManifest>>();
const modules = new Map<string, Promise<ComponentType<never>>>();
const deadThemes = new Map<ThemeName, string>();

function exposedPath(what: Exposed): string {
  return what.kind === 'layout' ? 'layout' : `pages/${what.page}`;
}

function manifestOf(theme: ThemeName): Promise<RemoteManifest> {
  let pending = manifests.get(theme);
  if (!pending) {
    pending = loadExposed<ModuleWithDefault<RemoteManifest>>(theme, 'manifest').then((m) => {
      const manifest = m.default;
      if (!isContractCompatible(manifest?.contractVersion)) {
        throw new Error(`theme ${theme} speaks contract ${String(manifest?.contractVersion)}, the host needs a compatible major`);
      }
      return manifest;
    });
    manifests.set(theme, pending);
  }
  return pending;
}

function componentOf<P>(theme: ThemeName, what: Exposed): Promise<ComponentType<P>> {
  const key = `${theme}/${exposedPath(what)}`;
  let pending = modules.get(key);
  if (!pending) {
    // Manifest and module load side by side; the module is only used once the contract checks out.
    const module = loadExposed<ModuleWithDefault<ComponentType<never>>>(theme, exposedPath(what));
    pending = Promise.all([manifestOf(theme), module]).then(([manifest, loaded]) => {
      if (what.kind === 'page' && !manifest.pages.includes(what.page)) throw new Error(`theme ${theme} does not provide the page ${what.page}`);
      if (typeof loaded.default !== 'function' && typeof loaded.default !== 'object') {
        throw new Error(`theme ${theme} exposes no component at ${exposedPath(what)}`);
      }
      return loaded.default;
    });
    modules.set(key, pending);
  }
  return pending as Promise<ComponentType<P>>;
}

async function attempt<P>(theme: ThemeName, what: Exposed): Promise<ComponentType<P>> {
  const dead = deadThemes.get(theme);
  if (dead) throw new Error(dead);
  try {
    return await withTimeout(componentOf<P>(theme, what), THEME_LOAD_TIMEOUT_MS, `theme ${theme}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deadThemes.set(theme, reason);
    console.warn(`[theme] ${theme} unavailable for ${exposedPath(what)}: ${reason}`);
    throw error;
  }
}

/**
 * The chosen theme, else the default theme. Rejects only when both fail; the caller then shows
 * the host's built-in page.
 */
export async function loadThemed<P>(theme: ThemeName, what: Exposed): Promise<LoadedComponent<P>> {
  const warm = theme === 'default' ? undefined : setTimeout(() => componentOf('default', what).catch(() => undefined), WARM_FALLBACK_AFTER_MS);
  try {
    return { Component: await attempt<P>(theme, what), theme, fallbackFrom: null };
  } catch (error) {
    if (theme === 'default') throw error;
    const Component = await attempt<P>('default', what);
    return { Component, theme: 'default', fallbackFrom: theme };
  } finally {
    clearTimeout(warm);
  }
}

const results = new Map<string, Promise<LoadedComponent<never>>>();

/** Memoised per theme and exposed module, so React's `use()` sees one promise per page. */
export function themedComponent<P>(theme: ThemeName, what: Exposed): Promise<LoadedComponent<P>> {
  const key = `${theme}/${exposedPath(what)}`;
  let pending = results.get(key);
  if (!pending) {
    pending = loadThemed<never>(theme, what);
    // An unhandled rejection here is expected when both themes fail; the page boundary reports it.
    pending.catch(() => undefined);
    results.set(key, pending);
  }
  return pending as unknown as Promise<LoadedComponent<P>>;
}

export function layoutComponent(theme: ThemeName): Promise<LoadedComponent<LayoutProps>> {
  return themedComponent<LayoutProps>(theme, { kind: 'layout' });
}
