import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { chunkLoadingGlobalOf, type RuntimeConfig, type ThemeName } from '@member/shared-core';
import { checkedManifest, manifestUrlOf, setManifestUrls } from './remote-manifest';

// Not in the store: it mirrors what the page's one federation runtime has registered, which no store can reset.
let entries: RuntimeConfig['remotes'] | null = null;
/** Remote name → the manifest it was registered from: its URL, and its text (which tells one build from the next). */
const registered = new Map<string, { url: string; text: string }>();
/** Remote names to register again over what the runtime holds of them (a failed remoteEntry). */
const reregister = new Set<string>();

/**
 * Remotes come from /config.json, so a brand team's new build (or a new theme) is picked up without
 * rebuilding the host. The host reads each manifest itself (remote-manifest.ts) and hands the federation runtime
 * only the remoteEntry of one whose contract it accepts, under the name the manifest states: the runtime never
 * reads a manifest, so it is built without its manifest and preload code.
 */
export function registerThemeRemotes(config: RuntimeConfig): void {
  if (entries) return;
  entries = config.remotes;
  setManifestUrls(config);
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
  const { name, entry, text } = await checkedManifest(theme);
  const known = registered.get(name);
  if (known === undefined) {
    if (reregister.delete(name)) registerRemotes([{ name, entry }], { force: true });
    else registerRemotes([{ name, entry }]);
    registered.set(name, { url, text });
  } else if (known.url !== url) {
    throw new Error(`theme ${theme}'s remote is named ${name}, a name already used by the remote at ${known.url}`);
  } else if (known.text !== text) {
    // Another release than the one the runtime holds (the one in use was dropped, and its theme checked afresh): the
    // runtime loads the new remoteEntry rather than answering from the old container.
    await reloadThemeRemote(theme);
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
  const { name, entry, text } = await checkedManifest(theme);
  // Two pages that failed at once both ask: the build is loaded again once, not once per page.
  if (registered.get(name)?.text === text) return;
  // The old build's chunks stay listed in this global; the new build's runtime must not take them for its own.
  delete (window as unknown as Record<string, unknown>)[chunkLoadingGlobalOf(name)];
  registerRemotes([{ name, entry }], { force: true });
  registered.set(name, { url, text });
}

/**
 * A theme found up again after its breaker was open: the runtime may hold its failed remoteEntry, so its next load
 * registers it afresh (with the manifest in use) rather than answering from that failure.
 */
export function resetThemeRemote(theme: ThemeName): void {
  const url = manifestUrlOf(theme);
  for (const [name, known] of registered) {
    if (known.url !== url) continue;
    delete (window as unknown as Record<string, unknown>)[chunkLoadingGlobalOf(name)];
    registered.delete(name);
    reregister.add(name);
  }
}

export async function loadExposed<T>(theme: ThemeName, exposed: string): Promise<T> {
  const name = await remoteFor(theme);
  const module = await loadRemote<T>(`${name}/${exposed}`);
  if (module === null || module === undefined) throw new Error(`${name}/${exposed} resolved to nothing`);
  return module;
}

/**
 * Asks the browser for a file it will need soon, once: the early start may have asked already. In CORS mode and with
 * the signed hash, like the script and stylesheet tags that will use it (the runtime's, and the remote's own chunk
 * loader), so the preloaded response is the one they take.
 */
function preload(href: string, as: 'script' | 'style', integrity: string | undefined): void {
  // A file the signed list does not name is never asked for (the manifest check refuses such a remote anyway).
  if (!integrity) return;
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')) if (link.href === href) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  link.crossOrigin = 'anonymous';
  link.integrity = integrity;
  document.head.appendChild(link);
}

/**
 * Fetches a theme's remoteEntry and the chunks of the exposed modules named, as soon as its manifest and signed list are checked,
 * so the chunks come in parallel with the remoteEntry rather than after it. A refused or unreachable remote
 * preloads nothing; its load fails on its own and falls back.
 */
export function preloadExposed(theme: ThemeName, exposed: readonly string[]): void {
  checkedManifest(theme)
    .then(({ entry, exposes, integrity }) => {
      preload(entry, 'script', integrity.get(entry));
      for (const name of exposed) {
        for (const file of exposes[name]?.css ?? []) preload(file, 'style', integrity.get(file));
        for (const file of exposes[name]?.js ?? []) preload(file, 'script', integrity.get(file));
      }
    })
    .catch((error: unknown) => console.warn(`[theme] preload of ${theme} failed`, error instanceof Error ? error.message : error));
}
