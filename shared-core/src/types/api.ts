import type { ServerGameUser } from './entities';
import type { MoneyType } from '../api/money-calls';

/**
 * The operator API as the host expects it. Every reply body is the envelope
 * `{ "data": "<base64 AES-256-CBC of the JSON reply>" }`. The requests and decrypted replies of the calls are typed
 * from their schemas in the catalogue (`api/calls.ts`); here are the shapes no call's schema describes: the envelope,
 * the error replies, the final refusals of a withdrawal and the realtime events.
 */

export type {
  AffiliateFields,
  ChangePasswordRequest,
  CheckLineConnectRequest,
  CheckPrefixReply,
  CheckPrefixRequest,
  GetProfileReply,
  GetProfileRequest,
  LineConnectReply,
  LineConnectRequest,
  LineLoginReply,
  LineLoginRequest,
  LineProfileRequest,
  LoginReply,
  LogoutRequest,
  PhoneConnectReply,
  PhoneConnectRequest,
  PhoneLoginRequest,
  RegisterStep1Reply,
  RegisterStep1Request,
  RegisterStep2Reply,
  RegisterStep2Request,
  RegisterStep3Request,
  StatusReply,
  VerifyReply,
  VerifyRequest,
} from '../api/session-calls';
export type {
  GclubChangePwdRequest,
  GclubCheckLoggedReply,
  GclubCreditReply,
  GclubDataReply,
  GclubDataRequest,
  GclubLoginReply,
  GclubLoginRequest,
  GclubMaintainReply,
  GclubTokenRequest,
  ProviderMaintenance,
  SwitchMainRequest,
  UfaChangePwdRequest,
  UfaCheckLoggedReply,
  UfaCheckReply,
  UfaCheckRequest,
  UfaCreditReply,
  UfaGame,
  UfaGameKey,
  UfaGamesMap,
  UfaLoginReply,
  UfaLoginRequest,
  UfaMaintainReply,
  UfaShootRequest,
  UfaUserRequest,
  UpdateGamePasswordRequest,
} from '../api/provider-calls';
export type {
  GameFavouriteSetRequest,
  GameFavouritesReply,
  GameListItem,
  GameMemberRequest,
  GameRecentEntry,
  GameRecentReply,
  GameRef,
  GclubGameReply,
  GclubGameRequest,
  GclubOpenGameRequest,
  GclubOpenProductRequest,
  GclubOpenReply,
} from '../api/game-calls';
export type {
  CheckWithdrawReply,
  CheckWithdrawRequest,
  GclubWithdrawRequest,
  HistoryEntry,
  HistoryReply,
  HistoryRequest,
  MoneyStatus,
  MoneyType,
  UfaWithdrawRequest,
  WithdrawReply,
  WithdrawRequest,
} from '../api/money-calls';
export type { CallName, CallReply, CallRequest, OperatorCall, TimeoutClass } from '../api/calls';

/**
 * Why a member's session ended without them logging out, as verify and getProfile may say with `status: false`:
 * they logged in on another device (`elsewhere`), it ran out (`expired`), or the club ended it (`revoked`).
 */
export type SessionEndReason = 'elsewhere' | 'expired' | 'revoked';

export interface EncryptedEnvelope {
  data: string;
}

/** HTTP 422: a field is missing, empty or malformed. `fields` maps each bad field name to a reason. */
export interface ValidationErrorReply {
  status: false;
  message: string;
  fields: Record<string, string>;
}

/** HTTP 401 from any call that takes a token, when the token is unknown, revoked or expired. */
export interface UnauthorizedReply {
  status: false;
  code: 401;
  message: 'Unauthorized';
  /** Why the token no longer works, where the operator says (`SessionEndReason`; any other string is unknown). */
  reason?: string;
}

export { FINAL_WITHDRAW_REFUSALS, type WithdrawRefusalCode } from '../api/money-calls';

/**
 * The `Idempotency-Key` errors of a money call: HTTP 422 `idempotency_mismatch` (the key was used with another body),
 * HTTP 409 `in_flight` (the first request with the key is still being processed: retry later), HTTP 400
 * `invalid_idempotency_key` (empty, too long or not printable ASCII). None of them says what became of the key. An
 * operator that must shed load answers HTTP 429 with a `Retry-After` header (seconds), which the host honours before it
 * sends the key again.
 */
export interface IdempotencyErrorReply {
  status: false;
  code: 'idempotency_mismatch' | 'in_flight' | 'invalid_idempotency_key';
  message: string;
}

/**
 * The withdrawal limit the site announces: `acc_web.minWithdraw` (baht) in the login, lineProfile and getProfile
 * replies, beside the other AccWeb fields.
 */
export interface AccWebWithdrawLimit {
  minWithdraw: number;
}

/**
 * Realtime: event `MemberTrans` on the member's private channel `private-member.{cid}` (Laravel Echo
 * `private('member.{cid}')`; the event name carries no namespace, so listen to `.MemberTrans` or set `namespace:
 * false`). `status: true` = the deposit or withdrawal completed; `status: false` = it was rejected (nothing to show).
 * Every event the host listens to: `MEMBER_EVENTS` (`realtime/member-events`).
 */
export interface MemberTransPayload {
  status: boolean;
  gameuser: string;
  type: MoneyType;
  service: ServerGameUser['service'];
  /** The amount in baht, where the operator's event carries it (the toast then names it). */
  amount?: number;
  /**
   * A withdrawal's Idempotency-Key, where it had one and the operator sends it: the host settles the member's withdrawal
   * by it. An event without it settles nothing by itself: the host asks the server about its own withdrawal instead.
   */
  key?: string;
}

/** One game account's change: `game_user` and `service` name it; any other field given replaces the one the host holds. */
export type MemberGameStatusRecord = Pick<ServerGameUser, 'game_user' | 'service'> & Partial<ServerGameUser>;

/**
 * Realtime: event `MemberGameStatus` on the same channel: the member's game accounts changed. Either the whole list
 * (every field of every account: it replaces the list the login or getProfile reply gave), or one account's change
 * (merged into the account with that `game_user`; one the host does not hold is ignored). Either may come wrapped as
 * `{data: …}` (what a Laravel event's `broadcastWith()` returns for a list). Anything else is ignored.
 */
export type MemberGameStatusPayload = ServerGameUser[] | MemberGameStatusRecord | { data: ServerGameUser[] | MemberGameStatusRecord };

/** `POST {broadcastAuthBase}/api/member/broadcasting/auth` (BROADCAST_AUTH_PATH) with `Authorization: Bearer <member token>` (form or JSON). */
export interface BroadcastingAuthRequest {
  socket_id: string;
  channel_name: string;
}

/** broadcasting-auth reply: the `auth` value of `pusher:subscribe`, `{app key}:{hex HMAC-SHA256}`. 403 `{message}` for another member's channel. */
export interface BroadcastingAuthReply {
  auth: string;
}
