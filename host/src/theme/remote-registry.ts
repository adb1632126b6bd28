import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { chunkLoadingGlobalOf, type RuntimeConfig, type ThemeName } from '@member/shared-core';
import { setManifestGate } from './plugins/manifest-gate';
import { answerManifestRequest, checkedManifest, manifestUrlOf, setManifestUrls } from './remote-manifest';

let entries: RuntimeConfig['remotes'] | null = null;
/** Remote name → the manifest URL it was registered with. */
const registered = new Map<string, string>();

/**
 * Remotes come from /config.json, so a brand team's new build (or a new theme) is picked up without
 * rebuilding the host. The manifest gate goes in first: the runtime reads no manifest the host has not checked.
 * A remote is registered with the runtime only once its manifest has been checked, under the name it states.
 */
export function registerThemeRemotes(config: RuntimeConfig): void {
  if (entries) return;
  entries = config.remotes;
  setManifestUrls(config.remotes);
  setManifestGate(answerManifestRequest);
}

/** Every theme the deployment configured, in the order `/config.json` lists them. */
export function configuredThemes(): ThemeName[] {
  return entries ? Object.keys(entries) : [];
}

export function isConfiguredTheme(theme: string): boolean {
  return entries !== null && Object.hasOwn(entries, theme);
}

/**
 * The Module Federation name of a theme's remote, from its checked manifest, registered with the runtime on
 * first use. Two theme names may share one remote (one URL); two URLs may not share one name.
 */
async function remoteFor(theme: ThemeName): Promise<string> {
  const url = manifestUrlOf(theme);
  if (!url) throw new Error(`theme ${theme} is not in config.json remotes`);
  const { name } = await checkedManifest(theme);
  const known = registered.get(name);
  if (known === undefined) {
    registerRemotes([{ name, entry: url }]);
    registered.set(name, url);
  } else if (known !== url) {
    throw new Error(`theme ${theme}'s remote is named ${name}, a name already used by the remote at ${known}`);
  }
  return name;
}

/**
 * After a redeploy: the runtime drops the remote's old manifest and container, so its next load runs the
 * new remoteEntry, which knows the new chunk names. Pages already on screen keep the old build's code.
 */
export async function reloadThemeRemote(theme: ThemeName): Promise<void> {
  const url = manifestUrlOf(theme);
  if (!url) return;
  const { name } = await checkedManifest(theme);
  // The old build's chunks stay listed in this global; the new build's runtime must not take them for its own.
  delete (window as unknown as Record<string, unknown>)[chunkLoadingGlobalOf(name)];
  registerRemotes([{ name, entry: url }], { force: true });
  registered.set(name, url);
}

export async function loadExposed<T>(theme: ThemeName, exposed: string): Promise<T> {
  const name = await remoteFor(theme);
  const module = await loadRemote<T>(`${name}/${exposed}`);
  if (module === null || module === undefined) throw new Error(`${name}/${exposed} resolved to nothing`);
  return module;
}

/** Fetches a theme's exposed chunks as soon as its manifest is known, in parallel with its remoteEntry. */
export function preloadExposed(theme: ThemeName, exposed: readonly string[]): void {
  remoteFor(theme)
    .then((name) => preloadRemote([{ nameOrAlias: name, exposes: exposed.map((e) => `./${e}`), resourceCategory: 'sync' }]))
    .catch((error: unknown) => console.warn(`[theme] preload of ${theme} failed`, error instanceof Error ? error.message : error));
}
