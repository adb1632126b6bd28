import i18next from 'i18next';
import { atom } from 'jotai';
import type { ServerGameUser, Service } from '@member/shared-core';
import { serverIsoNow, serverNow } from '../lib/server-clock';
import { setWithdrawStatusAtom } from '../accounts/state';
import { updateGamesAtom } from '../session/state';
import { setLastDepositAtom, signalWithdrawSettledAtom } from '../wallet/state';
import { setRefreshAtAtom } from '../lobby/state';
import { refreshBalanceAtom } from '../accounts/game-actions';
import { retryOnce } from '../lib/chunk-guard';

/** MemberTrans payload. */
export interface MemberTrans {
  status: boolean;
  gameuser: string;
  type: 'withdraw' | 'deposit';
  service: Service;
}

export const TOAST_MS = 4500;
export const CREDIT_COUNTDOWN_MS = 5000;

export function isMemberTrans(data: unknown): data is MemberTrans {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return typeof d.status === 'boolean' && typeof d.gameuser === 'string' && (d.type === 'withdraw' || d.type === 'deposit') && (d.service === 'GCLUB' || d.service === 'UFA');
}

/** Game user + translated withdrawSuccess / depositwSuccess, top-end, 4.5 s, no confirm button. */
async function toast(text: string): Promise<void> {
  const { default: Swal } = await retryOnce(() => import(/* webpackChunkName: "dialogs" */ '../lib/sweetalert'));
  void Swal.fire({
    toast: true,
    position: 'top-end',
    icon: 'success',
    title: text,
    timer: TOAST_MS,
    showConfirmButton: false,
    didOpen: (popup) => popup.setAttribute('data-testid', 'member-toast'),
  });
}

/**
 * MemberTrans: status false does nothing. Status true: toast; a withdrawal settles the
 * member's withdrawal of that game user (the button lock goes); the provider's credit is fetched again (by this tab only when `refetch` — one tab
 * per member), a 5-second countdown starts and the withdraw status goes false.
 */
export const memberTransAtom = atom(null, (_get, set, data: unknown, { refetch }: { refetch: boolean }): boolean => {
  if (!isMemberTrans(data) || !data.status) return false;
  void toast(`${data.gameuser} ${i18next.t(data.type === 'withdraw' ? 'realtime.withdrawSuccess' : 'realtime.depositwSuccess')}`);
  if (data.type === 'withdraw') set(signalWithdrawSettledAtom, data.gameuser);
  else set(setLastDepositAtom, { gameuser: data.gameuser, at: serverIsoNow() });
  set(setRefreshAtAtom, serverNow() + CREDIT_COUNTDOWN_MS);
  set(setWithdrawStatusAtom, data.service, false);
  if (refetch) void set(refreshBalanceAtom, data.service);
  return true;
});

/** MemberGameStatus's data is applied as a game update (one record, or the whole list). */
export const memberGameStatusAtom = atom(null, (_get, set, data: unknown): void => {
  const isRecord = (g: unknown): g is ServerGameUser =>
    typeof g === 'object' && g !== null && typeof (g as ServerGameUser).game_user === 'string' && ((g as ServerGameUser).service === 'GCLUB' || (g as ServerGameUser).service === 'UFA');
  const payload = typeof data === 'object' && data !== null && 'data' in data ? (data as { data: unknown }).data : data;
  if (Array.isArray(payload) && payload.every(isRecord)) {
    set(updateGamesAtom, () => payload);
    return;
  }
  if (isRecord(payload)) {
    set(updateGamesAtom, (games) => games.map((g) => (g.game_user === payload.game_user ? { ...g, ...payload } : g)));
  }
});
