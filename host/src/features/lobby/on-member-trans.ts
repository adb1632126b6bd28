import type { MemberTransArrival } from '../../core/base/member-trans';
import { serverNow } from '../../core/lib/server-clock';
import { setRefreshAtAtom } from './state';

/** How long the lobby counts down before the credit a MemberTrans announced is shown. */
export const CREDIT_COUNTDOWN_MS = 5000;

/** A completed deposit or withdrawal starts the lobby's countdown to the fresh credit. */
export function lobbyOnMemberTrans({ set }: MemberTransArrival): void {
  set(setRefreshAtAtom, serverNow() + CREDIT_COUNTDOWN_MS);
}
