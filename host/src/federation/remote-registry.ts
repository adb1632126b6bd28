import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, THEMES, type RuntimeConfig, type ThemeName } from '@member/shared-core';

let registered = false;

/** Remotes come from /config.json, so a brand team's new build is picked up without rebuilding the host. */
export function registerThemeRemotes(config: RuntimeConfig): void {
  if (registered) return;
  registerRemotes(THEMES.map((theme) => ({ name: REMOTE_NAMES[theme], entry: config.remotes[theme] })));
  registered = true;
}

export function loadExposed<T>(theme: ThemeName, exposed: string): Promise<T> {
  return loadRemote<T>(`${REMOTE_NAMES[theme]}/${exposed}`).then((module) => {
    if (module === null || module === undefined) throw new Error(`${REMOTE_NAMES[theme]}/${exposed} resolved to nothing`);
    return module;
  });
}

/** Fetches a theme's exposed chunks as soon as its manifest is known, in parallel with its remoteEntry. */
export function preloadExposed(theme: ThemeName, exposed: readonly string[]): void {
  preloadRemote([{ nameOrAlias: REMOTE_NAMES[theme], exposes: exposed.map((e) => `./${e}`), resourceCategory: 'sync' }]).catch((error: unknown) =>
    console.warn(`[theme] preload of ${theme} failed`, error instanceof Error ? error.message : error),
  );
}
