import type { RuntimeConfig, ThemeName } from '@member/shared-core';

// Not in the store: the drawing step under Node has no app store; it draws one page at a time (app/routes/draw-page.tsx).
/**
 * What remote-registry.ts is in the browser, for the drawing step under Node (the drawing build puts this module in
 * its place): the themes config.json configures, without the federation runtime, which a drawing never uses (its
 * components come from drawing-loader.ts).
 */
let entries: RuntimeConfig['remotes'] | null = null;

export function registerThemeRemotes(config: RuntimeConfig): void {
  entries = config.remotes;
}

export function configuredThemes(): ThemeName[] {
  return entries ? Object.keys(entries) : [];
}

export function isConfiguredTheme(theme: string): boolean {
  return entries !== null && Object.hasOwn(entries, theme);
}
