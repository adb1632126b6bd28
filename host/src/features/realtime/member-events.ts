import i18next from 'i18next';
import { atom } from 'jotai';
import { testIds, type MemberTransPayload, type ServerGameUser } from '@member/shared-core';
import { formatMoney } from '@member/shared-core/helpers/format';
import { updateGamesAtom } from '../../core/base/session-state';
import { isMemberTrans, memberTransArrivedAtom, transAmount } from '../../core/base/member-trans';
import { retryOnce } from '../../core/lib/chunk-guard';

export const TOAST_MS = 4500;

/**
 * Game user + translated withdrawSuccess / depositSuccess, top-end (under the frame's top bar), 4.5 s, no confirm
 * button; under it, where the event carries it, the amount and the provider. It never states a balance: the balance on
 * the page is the providers' word, read again after the event.
 */
async function toast(title: string, detail: string | null): Promise<void> {
  const { default: Swal } = await retryOnce(() => import(/* webpackChunkName: "dialogs" */ '../../core/lib/sweetalert'));
  void Swal.fire({
    toast: true,
    position: 'top-end',
    icon: 'success',
    title,
    ...(detail ? { text: detail } : {}),
    timer: TOAST_MS,
    showConfirmButton: false,
    customClass: { container: 'mc-dialog mc-toast' },
    didOpen: (popup) => popup.setAttribute('data-testid', testIds.memberToast),
  });
}

/** "฿500.00 into GCLUB" / "฿500.00 from UFA", in the member's language; null when the event carries no amount. */
function amountLine(trans: MemberTransPayload): string | null {
  const amount = transAmount(trans);
  if (amount === undefined) return null;
  const locale = i18next.language === 'en' ? 'en' : 'th';
  return i18next.t(trans.type === 'withdraw' ? 'realtime.withdrawAmount' : 'realtime.depositAmount', {
    amount: formatMoney(amount, locale),
    service: trans.service,
  });
}

/**
 * MemberTrans: status false does nothing. Status true: the toast, and the arrival is announced: the wallet settles
 * the withdrawal of that game user, the accounts fetch the credit again (this tab only when `refetch`: one tab per
 * member) and the lobby counts down to it (core/base/member-trans).
 */
export const memberTransAtom = atom(null, (_get, set, data: unknown, { refetch }: { refetch: boolean }): boolean => {
  if (!isMemberTrans(data) || !data.status) return false;
  void toast(
    `${data.gameuser} ${i18next.t(data.type === 'withdraw' ? 'realtime.withdrawSuccess' : 'realtime.depositSuccess')}`,
    amountLine(data),
  );
  set(memberTransArrivedAtom, data, { refetch });
  return true;
});

/**
 * MemberGameStatus (`MemberGameStatusPayload`): the whole list of game accounts replaces the held one; one account's
 * change is merged into the account with that game_user; either may come as `{data: …}`. Anything else is ignored.
 */
export const memberGameStatusAtom = atom(null, (_get, set, data: unknown): void => {
  const isRecord = (g: unknown): g is ServerGameUser =>
    typeof g === 'object' &&
    g !== null &&
    typeof (g as ServerGameUser).game_user === 'string' &&
    ((g as ServerGameUser).service === 'GCLUB' || (g as ServerGameUser).service === 'UFA');
  const payload = typeof data === 'object' && data !== null && 'data' in data ? (data as { data: unknown }).data : data;
  if (Array.isArray(payload) && payload.every(isRecord)) {
    set(updateGamesAtom, () => payload);
    return;
  }
  if (isRecord(payload)) {
    set(updateGamesAtom, (games) => games.map((g) => (g.game_user === payload.game_user ? { ...g, ...payload } : g)));
  }
});
