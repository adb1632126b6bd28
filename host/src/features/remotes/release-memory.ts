import { local } from '../../core/lib/safe-storage';

/** Theme (as its releases name it) → the newest release sequence this device has run. */
const STORAGE_KEY = 'member-theme-releases';

function read(): Record<string, number> {
  try {
    const stored = JSON.parse(local.get(STORAGE_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The newest release of a theme this device has run: a release older than it is refused (a rollback), whatever a
 * brand host serves. Kept across visits and across the device's brands; nothing of the member is in it.
 */
export function newestRelease(theme: string): number | null {
  const value = read()[theme];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/** A release about to run: the newest from now on, unless a newer one was run already. */
export function rememberRelease(theme: string, sequence: number): void {
  const releases = read();
  if (typeof releases[theme] === 'number' && releases[theme] >= sequence) return;
  local.set(STORAGE_KEY, JSON.stringify({ ...releases, [theme]: sequence }));
}

/** Where the early start (core/config/early-start.ts) reads the same record. */
export const RELEASE_MEMORY_KEY = STORAGE_KEY;
