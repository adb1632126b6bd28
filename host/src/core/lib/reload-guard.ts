/** A chunk-load failure reloads the current path, at most once every 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'member-reload-guard';
const NAME_MARK = 'member-reload-guard:';

export interface ReloadGuardDeps {
  now(): number;
  readSession(): string | null;
  writeSession(value: string): void;
  readWindowName(): string;
  writeWindowName(value: string): void;
  reload(): void;
}

function lastReloadAt(deps: ReloadGuardDeps): number | 'unknown' {
  let stored: string | null;
  try {
    stored = deps.readSession();
  } catch {
    stored = null;
  }
  if (stored !== null) return Number(stored) || 0;
  // window.name survives a reload of the same tab when sessionStorage is locked away.
  try {
    const name = deps.readWindowName();
    if (name.startsWith(NAME_MARK)) return Number(name.slice(NAME_MARK.length)) || 0;
  } catch {
    return 'unknown';
  }
  return 0;
}

function remember(deps: ReloadGuardDeps, at: number): boolean {
  let saved: boolean;
  try {
    deps.writeSession(String(at));
    saved = deps.readSession() === String(at);
  } catch {
    saved = false;
  }
  try {
    deps.writeWindowName(`${NAME_MARK}${at}`);
    saved = saved || deps.readWindowName() === `${NAME_MARK}${at}`;
  } catch {
    // Both stores refused: nothing remembers the reload, so none may happen.
  }
  return saved;
}

/**
 * Reloads when the last guarded reload is older than 10 s and the time of this one could be kept
 * somewhere; otherwise does nothing, so a broken deploy can never send a tab into a reload loop.
 */
export function reloadOnChunkError(deps: ReloadGuardDeps): boolean {
  const last = lastReloadAt(deps);
  if (last === 'unknown') return false;
  const now = deps.now();
  if (now - last < RELOAD_GUARD_MS) return false;
  if (!remember(deps, now)) return false;
  deps.reload();
  return true;
}

export function browserReloadGuardDeps(): ReloadGuardDeps {
  return {
    now: () => Date.now(),
    readSession: () => window.sessionStorage.getItem(KEY),
    writeSession: (value) => window.sessionStorage.setItem(KEY, value),
    readWindowName: () => window.name,
    writeWindowName: (value) => {
      window.name = value;
    },
    reload: () => window.location.reload(),
  };
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module/i.test(error.message)
  );
}
