/**
 * Version of the host ↔ remote contract. A remote whose major differs is refused, and so is one that needs a
 * newer minor than the host offers (see `remoteAccepted`).
 */
export const CONTRACT_VERSION = '2.5.0';

export const APP_VERSION = '1.062';

/**
 * A theme is whatever the deployment's `/config.json` `remotes` names: the host keeps no list of them.
 * `default` is the one every deployment must have.
 */
export type ThemeName = string;
export const DEFAULT_THEME = 'default';

export const PAGE_KEYS = [
  'login',
  'register',
  'profile',
  'deposit',
  'withdraw',
  'history',
  'promotion',
  'gameuser',
  'logout',
  'slot',
  'fish',
  'cards',
  'info',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/**
 * The key, in the `metaData` of a remote's `mf-manifest.json`, that carries the contract version the remote
 * was built against. The host reads it before it loads any of the remote's code.
 */
export const MANIFEST_CONTRACT_KEY = 'contractVersion';

/** The key, next to `contractVersion`, that carries the lowest host contract the remote runs on. */
export const MANIFEST_MIN_HOST_KEY = 'minHostContract';

/**
 * The global array a remote's chunks register through, derived from the Module Federation name in its
 * `mf-manifest.json`. Named per remote, so a remote loaded anew after a redeploy can be given a fresh one
 * instead of the old build's chunks.
 */
export function chunkLoadingGlobalOf(remoteName: string): string {
  return `chunk_${remoteName}`;
}

/** What every remote exposes as `./manifest`. */
export interface RemoteManifest {
  contractVersion: string;
  /** The lowest host contract this remote runs on (it may use hooks added in that minor). */
  minHostContract: string;
  /** The theme this remote was built as; a deployment may register it under any name. */
  theme: ThemeName;
  /** The pages it provides; any other page renders from the default theme. */
  pages: readonly PageKey[];
}

/** A theme name as `/config.json` may use it: letters, digits, `_` and `-`, starting with a letter. */
export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && /^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(value);
}

export function isPageKey(value: unknown): value is PageKey {
  return typeof value === 'string' && (PAGE_KEYS as readonly string[]).includes(value);
}

/** `major.minor.patch` as numbers, or null for anything else (a pre-release tag is ignored). */
export function parseContractVersion(version: unknown): [number, number, number] | null {
  if (typeof version !== 'string') return null;
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** A remote built against this contract version shares our major. */
export function isContractCompatible(remoteVersion: unknown, hostVersion: string = CONTRACT_VERSION): boolean {
  const remote = parseContractVersion(remoteVersion);
  const host = parseContractVersion(hostVersion);
  return remote !== null && host !== null && remote[0] === host[0];
}

/**
 * Both directions: the remote speaks our major, and the host offers at least the minor (and patch) the
 * remote needs. A remote that needs a newer host is refused before any of its code runs, as another major
 * is. A remote that does not declare what it needs is taken to need only its own major (`x.0.0`).
 */
export function remoteAccepted(
  remote: { contractVersion: unknown; minHostContract?: unknown },
  hostVersion: string = CONTRACT_VERSION,
): boolean {
  if (!isContractCompatible(remote.contractVersion, hostVersion)) return false;
  if (remote.minHostContract === undefined) return true;
  const needed = parseContractVersion(remote.minHostContract);
  const host = parseContractVersion(hostVersion);
  if (needed === null || host === null || needed[0] !== host[0]) return false;
  if (needed[1] !== host[1]) return needed[1] < host[1];
  return needed[2] <= host[2];
}
