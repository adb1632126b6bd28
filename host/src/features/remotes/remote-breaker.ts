import type { ThemeName } from '@member/shared-core';
import { session } from '../../core/lib/safe-storage';

/** A theme that failed is passed over for this long before it is probed; each failed probe doubles it, up to the cap. */
export const BREAKER_COOL_DOWN_MS = 30_000;
export const BREAKER_MAX_COOL_DOWN_MS = 5 * 60_000;
const STORAGE_KEY = 'member-theme-breaker';

interface Open {
  /** Device time (ms) the next probe is due. */
  until: number;
  coolDownMs: number;
  /** What tripped it (a refusal's or a failure's message), for whoever reads the tab's breakers. */
  reason?: string;
}

export interface BreakerDeps {
  now(): number;
  /** Asks the remote, in the background, whether it answers again; rejects (or resolves false) when it does not. */
  probe(theme: ThemeName): Promise<boolean>;
  /** Told when a probe found the theme up again: its failed loads may be forgotten. */
  onClosed(theme: ThemeName): void;
  schedule(run: () => void, ms: number): () => void;
  read(): string | null;
  write(value: string): void;
}

export interface RemoteBreaker {
  /** The theme failed lately and is not to be waited for: pages go to their stand-in at once. */
  isOpen(theme: ThemeName): boolean;
  /** The theme timed out or was refused: passed over from now on until a probe finds it up; `reason` says why. */
  trip(theme: ThemeName, reason?: string): void;
}

/**
 * A circuit breaker per theme remote. A page whose theme timed out or was refused is not the last: every later page
 * of the visit (reloads of the tab included, through session storage) would wait for the same dead remote. Once
 * tripped, the theme is skipped at once, and probed in the background after a cool-down; a probe that gets an
 * answer closes it, so the next page asks the theme again.
 */
export function createRemoteBreaker(deps: BreakerDeps): RemoteBreaker {
  const open = new Map<ThemeName, Open>();
  const timers = new Map<ThemeName, () => void>();

  const save = () => deps.write(JSON.stringify(Object.fromEntries(open)));
  const scheduleProbe = (theme: ThemeName, state: Open) => {
    timers.get(theme)?.();
    timers.set(
      theme,
      deps.schedule(
        () => {
          timers.delete(theme);
          deps
            .probe(theme)
            .catch(() => false)
            .then((up) => {
              if (up) {
                open.delete(theme);
                save();
                deps.onClosed(theme);
              } else {
                const coolDownMs = Math.min(state.coolDownMs * 2, BREAKER_MAX_COOL_DOWN_MS);
                const next: Open = {
                  until: deps.now() + coolDownMs,
                  coolDownMs,
                  ...(state.reason === undefined ? {} : { reason: state.reason }),
                };
                open.set(theme, next);
                save();
                scheduleProbe(theme, next);
              }
            });
        },
        Math.max(0, state.until - deps.now()),
      ),
    );
  };

  try {
    const stored = JSON.parse(deps.read() ?? '{}') as Record<string, Partial<Open>>;
    for (const [theme, value] of Object.entries(stored)) {
      if (typeof value?.until !== 'number' || typeof value.coolDownMs !== 'number') continue;
      const state: Open = {
        until: value.until,
        coolDownMs: Math.min(value.coolDownMs, BREAKER_MAX_COOL_DOWN_MS),
        ...(typeof value.reason === 'string' ? { reason: value.reason } : {}),
      };
      open.set(theme, state);
      scheduleProbe(theme, state);
    }
  } catch {
    // Nothing readable stored: every theme starts closed.
  }

  return {
    isOpen: (theme) => open.has(theme),
    trip(theme, reason) {
      if (open.has(theme)) return;
      const state: Open = {
        until: deps.now() + BREAKER_COOL_DOWN_MS,
        coolDownMs: BREAKER_COOL_DOWN_MS,
        ...(reason === undefined ? {} : { reason }),
      };
      open.set(theme, state);
      save();
      scheduleProbe(theme, state);
    },
  };
}

/** Where the page keeps its breakers across reloads of the tab. */
export const breakerStorage = {
  read: () => session.get(STORAGE_KEY),
  write: (value: string) => void session.set(STORAGE_KEY, value),
};
