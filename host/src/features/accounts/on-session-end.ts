import type { SessionEnd } from '../../core/base/session-end';
import { local } from '../../core/lib/safe-storage';
import { gamesClearedAtom } from './state';
import { PROVIDER_KEYS, UFA_SHOTS_KEY } from './provider-storage';
import { KEPT_BALANCES_KEY } from './kept-balances';

/** The game accounts' answer to the end of a session: providers, balances and selection go, and so do the provider sessions and balances stored on the device. */
export function accountsOnSessionEnd({ set, prefix }: SessionEnd): void {
  set(gamesClearedAtom);
  for (const key of [...PROVIDER_KEYS, UFA_SHOTS_KEY, KEPT_BALANCES_KEY]) local.remove(`${key}${prefix}`);
}
