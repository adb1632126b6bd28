import {
  aBoolean,
  aNonEmptyString,
  aNumber,
  aString,
  aTime,
  arrayOf,
  eitherOf,
  objectOf,
  oneOf,
  optional,
  statusReply,
  type Check,
  type Checked,
} from '../schema/validate';
import { callGroup, operatorCall, type ReplyOf, type RequestOf } from './call';
import { code, message, SERVICES } from './parts';

/**
 * The refusals of a withdrawal the contract defines as final (HTTP 200 `{status: false, code}`, or the same body with a
 * 4xx other than 409 and 429): the server did not book this Idempotency-Key and never will, so the member is told
 * "not made" with the reason. `not_your_game_user`: not the member's game user of that provider; `maintenance`: the
 * provider is under maintenance; `pending`: another withdrawal of that game user is being processed;
 * `below_minimum`: under the site's minimum; `insufficient_balance`: more than the balance; `limit_exceeded`: over a
 * daily or per-withdrawal limit of the operator's; `account_locked`: the member's or the game user's account is locked.
 * Any other code, or none, is not final: the member is told the withdrawal is being checked and the key is asked
 * again.
 */
export const FINAL_WITHDRAW_REFUSALS = [
  'not_your_game_user',
  'maintenance',
  'pending',
  'below_minimum',
  'insufficient_balance',
  'limit_exceeded',
  'account_locked',
] as const;

/** Why a withdrawal was refused, finally (see FINAL_WITHDRAW_REFUSALS). */
export type WithdrawRefusalCode = (typeof FINAL_WITHDRAW_REFUSALS)[number];

/*
 * Money: withdrawals, the withdrawal check and the history. Plain JSON fields (none of them encrypted). `token` is the
 * member's access token (HTTP 401 when bad). Amounts are baht, at most two decimals.
 */

/**
 * Any string where the type names known codes: a refusal or an Idempotency-Key error (HTTP 409/422) may carry codes
 * beyond the list, and the host looks every code up with a fallback.
 */
const refusalCode = optional(aString) as Check<WithdrawRefusalCode | undefined>;

/**
 * Withdraw `amount` baht (a number, or a decimal string like "500.25") from the member's game user of that provider.
 * Send an `Idempotency-Key` header (any printable ASCII, up to 255 characters, one per withdrawal attempt) so a retry
 * after a timeout or a 5xx cannot withdraw twice. Accepted: `{status: true, ref, pending: true}`: the amount has left
 * the balance, and the withdrawal settles later with a MemberTrans event (completed, or rejected and refunded).
 * Refused: `{status: false, code, message}`. Only a 2xx answer is its reply: a 409 or a 429 says nothing of what became
 * of the key.
 */
const withdrawCall = () =>
  operatorCall({
    path: '/api/gclubWithdraw',
    timeout: 'bank',
    repliesOnlyWhenOk: true,
    request: objectOf({ gameuser: aString, amount: eitherOf(aNumber, aString), token: aString }),
    reply: statusReply({ ref: optional(aString), pending: optional(aBoolean), code: refusalCode, message }, {}),
  });

/** One movement; `time` is when it was made (ISO). */
const historyEntry = objectOf({
  ref: aNonEmptyString,
  type: oneOf(['deposit', 'withdraw']),
  amount: aNumber,
  status: oneOf(['pending', 'completed', 'rejected']),
  time: aTime,
  service: oneOf(SERVICES),
  gameuser: aString,
  /**
   * The Idempotency-Key a withdrawal was made with, where it had one: how a member's lost reply is matched exactly.
   * An operator whose history carries no keys leaves the host to match by game user, amount and time, which it does only
   * where exactly one row can be the member's (see docs/deploy.md).
   */
  key: optional(aString),
});

export const MONEY_CALLS = callGroup({
  /** A withdrawal from the member's GCLUB game user. */
  gclubWithdraw: withdrawCall(),
  /**
   * The UFA withdrawal: the operator publishes only gclubWithdraw; this is the call we expect for UFA, the same shape
   * and rules for the member's UFA game user.
   */
  ufaWithdraw: { ...withdrawCall(), path: '/api/ufaWithdraw' },
  /**
   * Is a withdrawal of this game user pending? `status: true`: none is (a new one may be made); `status: false`: one is
   * (`pending: true`, its `ref`, and its Idempotency-Key as `key` where the operator sends it: without it, the host
   * cannot tell whether the pending one is the member's own lost one or another device's). A game user that is not
   * the member's → `{status: false, pending: false, code: 'not_your_game_user', message}`.
   */
  checkWithdraw: operatorCall({
    path: '/api/checkWithdraw',
    idempotent: true,
    request: objectOf({ game_user: aString, prefix: aString, token: aString }),
    reply: statusReply({ pending: aBoolean, ref: optional(aString), key: optional(aString), code, message }, {}),
  }),
  /** One game user's money movements, newest first; another's → `{status: false, code: 'not_your_game_user', message}`. */
  history: operatorCall({
    path: '/api/history',
    idempotent: true,
    request: objectOf({ gameuser: aString, token: aString }),
    reply: statusReply({ code, message }, { history: arrayOf(historyEntry) }),
  }),
});

type Calls = typeof MONEY_CALLS;

export type HistoryEntry = Checked<typeof historyEntry>;
export type MoneyType = HistoryEntry['type'];
export type MoneyStatus = HistoryEntry['status'];
export type WithdrawRequest = RequestOf<Calls['gclubWithdraw']>;
export type GclubWithdrawRequest = WithdrawRequest;
export type UfaWithdrawRequest = RequestOf<Calls['ufaWithdraw']>;
export type WithdrawReply = ReplyOf<Calls['gclubWithdraw']>;
export type CheckWithdrawRequest = RequestOf<Calls['checkWithdraw']>;
export type CheckWithdrawReply = ReplyOf<Calls['checkWithdraw']>;
export type HistoryRequest = RequestOf<Calls['history']>;
export type HistoryReply = ReplyOf<Calls['history']>;
