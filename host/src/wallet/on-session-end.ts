import type { SessionEnd } from '../core/session-end';
import { local } from '../lib/safe-storage';
import { walletClearedAtom, WITHDRAW_INTENTS_KEY } from './state';
import { withdrawalsClearedAtom } from './withdraw-state';

/**
 * The wallet's answer to the end of a session: the announcements and the withdrawal flows go, and so do the
 * withdrawal intents stored on the device (game users, amounts, keys). A withdrawal still unresolved stays the
 * server's to answer: its pending check holds the account after the next login.
 */
export function walletOnSessionEnd({ set, prefix }: SessionEnd): void {
  set(walletClearedAtom);
  set(withdrawalsClearedAtom);
  local.remove(`${WITHDRAW_INTENTS_KEY}${prefix}`);
}
