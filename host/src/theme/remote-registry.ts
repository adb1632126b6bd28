import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, THEMES, chunkLoadingGlobalOf, type RuntimeConfig, type ThemeName } from '@member/shared-core';
import { setManifestGate } from './plugins/manifest-gate';
import { answerManifestRequest, setManifestUrls } from './remote-manifest';

let entries: RuntimeConfig['remotes'] | null = null;

/**
 * Remotes come from /config.json, so a brand team's new build is picked up without rebuilding the host.
 * The manifest gate goes in first: the runtime reads no manifest the host has not checked.
 */
export function registerThemeRemotes(config: RuntimeConfig): void {
  if (entries) return;
  entries = config.remotes;
  setManifestUrls(config.remotes);
  setManifestGate(answerManifestRequest);
  registerRemotes(THEMES.map((theme) => ({ name: REMOTE_NAMES[theme], entry: config.remotes[theme] })));
}

/**
 * After a redeploy: the runtime drops the remote's old manifest and container, so its next load runs the
 * new remoteEntry, which knows the new chunk names. Pages already on screen keep the old build's code.
 */
export function reloadThemeRemote(theme: ThemeName): void {
  if (!entries) return;
  // The old build's chunks stay listed in this global; the new build's runtime must not take them for its own.
  delete (window as unknown as Record<string, unknown>)[chunkLoadingGlobalOf(theme)];
  registerRemotes([{ name: REMOTE_NAMES[theme], entry: entries[theme] }], { force: true });
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
