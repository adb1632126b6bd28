import type { SessionEnd } from '../../core/base/session-end';
import { local } from '../../core/lib/safe-storage';
import { announceIntentsChanged, walletClearedAtom, WITHDRAW_INTENTS_KEY } from './state';

/**
 * The wallet's answer to the end of a session: the announcements go, and so do the withdrawal intents stored on the
 * device (game users, amounts, keys). The withdrawal flows, loaded with the money pages, answer for themselves once
 * the wallet's hooks chunk has started them (withdraw-state.ts). A withdrawal still unresolved stays the server's to
 * answer: its pending check holds the account after the next login.
 */
export function walletOnSessionEnd({ set, prefix }: SessionEnd): void {
  set(walletClearedAtom);
  local.remove(`${WITHDRAW_INTENTS_KEY}${prefix}`);
  announceIntentsChanged();
}
