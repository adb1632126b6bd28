/** Version of the host ↔ remote contract. A remote whose major differs is refused. */
export const CONTRACT_VERSION = '1.0.0';

export const APP_VERSION = '1.062';

export const THEMES = ['default', 'PRE8', 'OSAKA39'] as const;
export type ThemeName = (typeof THEMES)[number];

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

/** Module Federation remote name of each theme (also the `name` in its build). */
export const REMOTE_NAMES: Record<ThemeName, string> = {
  default: 'remote_default',
  PRE8: 'remote_pre8',
  OSAKA39: 'remote_osaka39',
};

/**
 * The key, in the `metaData` of a remote's `mf-manifest.json`, that carries the contract version the remote
 * was built against. The host reads it before it loads any of the remote's code.
 */
export const MANIFEST_CONTRACT_KEY = 'contractVersion';

/**
 * The global array a remote's chunks register through. Named per remote, so a remote loaded anew after a
 * redeploy can be given a fresh one instead of the old build's chunks.
 */
export function chunkLoadingGlobalOf(theme: ThemeName): string {
  return `chunk_${REMOTE_NAMES[theme]}`;
}

/** What every remote exposes as `./manifest`. */
export interface RemoteManifest {
  contractVersion: string;
  theme: ThemeName;
  pages: readonly PageKey[];
}

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function isPageKey(value: unknown): value is PageKey {
  return typeof value === 'string' && (PAGE_KEYS as readonly string[]).includes(value);
}

function major(version: string): number | null {
  const match = /^(\d+)\.\d+\.\d+/.exec(version);
  return match ? Number(match[1]) : null;
}

/** A remote is usable when its contract major equals ours. */
export function isContractCompatible(remoteVersion: unknown, hostVersion: string = CONTRACT_VERSION): boolean {
  if (typeof remoteVersion !== 'string') return false;
  const remote = major(remoteVersion);
  return remote !== null && remote === major(hostVersion);
}
