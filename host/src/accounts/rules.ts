import type { Service } from '@member/shared-core';

/**
 * Default account: the `selected-game-{prefix}` cookie when it names an account the member
 * has; otherwise UFA when the member has both; otherwise the only one.
 */
export function defaultService(cookie: string | null, services: readonly Service[]): Service | null {
  if ((cookie === 'UFA' || cookie === 'GCLUB') && services.includes(cookie)) return cookie;
  if (services.includes('UFA') && services.includes('GCLUB')) return 'UFA';
  return services[0] ?? null;
}

export type GameUserStep = 'maintenance' | 'login' | 'check' | 'check-then-login';

/**
 * Setting a game user: under maintenance nothing; not generated → log in; generated → check
 * the logged status and log in if that fails, except on the automatic set-up after a login or reload
 * (a generated account is not auto-logged-in).
 */
export function gameUserStep({ maintain, generate, automatic }: { maintain: boolean; generate: boolean; automatic: boolean }): GameUserStep {
  if (maintain) return 'maintenance';
  if (!generate) return 'login';
  return automatic ? 'check' : 'check-then-login';
}

/** UFA session: the keep-alive goes out on the first of every 8 calls. */
export function createKeepAliveCounter(every = 8) {
  let calls = 0;
  return {
    /** Counts one call; true when this call is the first of a group of `every`. */
    next(): boolean {
      const first = calls % every === 0;
      calls += 1;
      return first;
    },
    reset() {
      calls = 0;
    },
  };
}
