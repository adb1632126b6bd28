export type GameUserStep = 'maintenance' | 'login' | 'check' | 'check-then-login';

/**
 * Setting a game user: under maintenance nothing; not generated → log in; generated → check
 * the logged status and log in if that fails, except on the automatic set-up after a login or reload
 * (a generated account is not auto-logged-in).
 */
export function gameUserStep({
  maintain,
  generate,
  automatic,
}: {
  maintain: boolean;
  generate: boolean;
  automatic: boolean;
}): GameUserStep {
  if (maintain) return 'maintenance';
  if (!generate) return 'login';
  return automatic ? 'check' : 'check-then-login';
}

/** UFA session: the keep-alive goes out on the first of every 8 balance calls. */
export const UFA_KEEP_ALIVE_EVERY = 8;

/** True when the call that follows `callsSoFar` calls (counted per member, across tabs) is the one that keeps the session alive. */
export function keepAliveDue(callsSoFar: number, every = UFA_KEEP_ALIVE_EVERY): boolean {
  return callsSoFar % every === 0;
}
