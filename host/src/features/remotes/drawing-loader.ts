import type { ComponentType } from 'react';
import { DEFAULT_THEME, type LayoutProps, type PageKey, type RemoteManifest, type ThemeName } from '@member/shared-core';
import type { DrawingBundle } from '@member/shared-core/drawing';

/**
 * What theme-loader.ts is in the browser, for the drawing step under Node (the drawing build puts this module in its
 * place): a theme's components come from its server build, which the step verified against the theme's signed list
 * and loaded before drawing, never from the network. A page its theme does not provide comes from the default theme,
 * as in the browser; a theme with no server build given cannot be drawn (the drawing step then leaves the page to the
 * browser), so nothing stands in for it here.
 */

export type Exposed = { kind: 'page'; page: PageKey } | { kind: 'layout' };

export interface LoadedComponent<P> {
  Component: ComponentType<P>;
  theme: ThemeName;
  fallbackFrom: ThemeName | null;
}

// Not in the store: the drawing step under Node has no app store; it draws one page at a time (app/routes/draw-page.tsx).
let drawings: Readonly<Record<ThemeName, DrawingBundle>> = {};
/** The themes each exposed module was drawn from, in the order they were asked for: their stylesheets go into the page. */
const used: { theme: ThemeName; exposed: string }[] = [];

/** The server builds of the themes this drawing may use, by theme; the record of what was used starts afresh. */
export function setDrawings(bundles: Readonly<Record<ThemeName, DrawingBundle>>): void {
  drawings = bundles;
  used.length = 0;
  loads.clear();
}

/** The exposed modules the last drawing rendered, each with its theme. */
export function usedExposes(): readonly { theme: ThemeName; exposed: string }[] {
  return [...used];
}

/** A theme the drawing step has no server build of: the page cannot be drawn. */
export class NotDrawable extends Error {
  constructor(theme: ThemeName, exposed: string) {
    super(`theme ${theme} has no server build to draw ${exposed} with`);
    this.name = 'NotDrawable';
  }
}

/**
 * What the browser's loader throws when no theme can be used at all (the app's plain pages then). Never thrown here: a
 * page the drawing cannot draw is NotDrawable, and left to the browser. Exported as the browser's loader exports it, so
 * the app's modules read the same names whichever loader they are built with.
 */
export class NoThemeUsable extends Error {}

function exposedPath(what: Exposed): string {
  return what.kind === 'layout' ? 'layout' : `pages/${what.page}`;
}

function moduleOf(theme: ThemeName, exposed: string): unknown {
  const module = drawings[theme]?.exposes[`./${exposed}`];
  if (!module) throw new NotDrawable(theme, exposed);
  return module.default;
}

function provides(theme: ThemeName, what: Exposed): boolean {
  if (what.kind === 'layout') return true;
  const manifest = moduleOf(theme, 'manifest') as RemoteManifest | undefined;
  return Array.isArray(manifest?.pages) && manifest.pages.includes(what.page);
}

function load<P>(theme: ThemeName, what: Exposed): LoadedComponent<P> {
  const drawnBy = provides(theme, what) ? theme : DEFAULT_THEME;
  const Component = moduleOf(drawnBy, exposedPath(what));
  if (typeof Component !== 'function' && typeof Component !== 'object') throw new NotDrawable(drawnBy, exposedPath(what));
  used.push({ theme: drawnBy, exposed: exposedPath(what) });
  return { Component: Component as ComponentType<P>, theme: drawnBy, fallbackFrom: null };
}

// Not in the store: the drawing's loads, the promises React's use() must see again; no app store under Node.
const loads = new Map<string, Promise<LoadedComponent<never>>>();

/** One settled promise per theme and module for a drawing, so React's `use` sees the same one on every render. */
export function themedComponent<P>(theme: ThemeName, what: Exposed): Promise<LoadedComponent<P>> {
  const key = `${theme}/${exposedPath(what)}`;
  let pending = loads.get(key);
  if (!pending) {
    try {
      pending = Promise.resolve(load<never>(theme, what));
    } catch (error) {
      pending = Promise.reject(error);
      pending.catch(() => undefined);
    }
    loads.set(key, pending);
  }
  return pending as unknown as Promise<LoadedComponent<P>>;
}

export function layoutComponent(theme: ThemeName): Promise<LoadedComponent<LayoutProps>> {
  return themedComponent<LayoutProps>(theme, { kind: 'layout' });
}

/** A page whose render failed is not drawn: no stand-in. */
export function nextStandIn(): ThemeName | null {
  return null;
}

export function standInComponent(): Promise<ComponentType | null> {
  return Promise.resolve(null);
}
