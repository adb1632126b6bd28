import { atom } from 'jotai';
import type { SessionEndReason } from '@member/shared-core';

/**
 * Why the member's last session ended without them asking: a reason the server gave (another device, ran out, ended
 * by the club), or `ended` when it gave none (a verify that said no, a 401). Null after a logout of their own. The
 * login screen says it; a new login clears it. Small on purpose: the login form, on a guest's first screen, reads it.
 */
export type LogoutReason = SessionEndReason | 'ended';

const reasonBase = atom<LogoutReason | null>(null);

export const logoutReasonAtom = atom((get) => get(reasonBase));

export const setLogoutReasonAtom = atom(null, (_get, set, reason: LogoutReason | null) => set(reasonBase, reason));

/** What the login screen says for each reason (i18n keys). */
export const LOGOUT_REASON_KEYS: Readonly<Record<LogoutReason, string>> = {
  elsewhere: 'login.ended.elsewhere',
  expired: 'login.ended.expired',
  revoked: 'login.ended.revoked',
  ended: 'login.ended.ended',
};
