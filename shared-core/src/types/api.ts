import type { AccWeb, BankCode, LoginBy, MemberInfo, Profile, ServerGameUser } from './entities';

/**
 * The operator API as the host expects it. Every reply body is the envelope
 * `{ "data": "<base64 AES-256-CBC of the JSON reply>" }`; these are the decrypted shapes.
 */

export interface CheckPrefixReply {
  /** The prefix asked about, echoed on success. */
  prefix?: string;
  status: boolean;
}

export interface LoginReply {
  status: boolean;
  accounts?: boolean;
  access_token?: string;
  member_info?: MemberInfo;
  acc_web?: AccWeb;
  profile?: Profile;
  games?: ServerGameUser[];
  message?: string;
  /** A refusal the contract may know by name (`SERVER_MESSAGE_CODES`; any other is read as unknown), or a 401's status. */
  code?: string | number;
}

export interface GetProfileReply extends LoginReply {
  loginBy?: LoginBy;
  refresh_status?: boolean;
  /** With `status: false`: why the session is over, where the operator says (`SESSION_END_REASONS`). */
  reason?: string;
}

/**
 * Why a member's session ended without them logging out, as verify and getProfile may say with `status: false`:
 * they logged in on another device (`elsewhere`), it ran out (`expired`), or the club ended it (`revoked`).
 */
export type SessionEndReason = 'elsewhere' | 'expired' | 'revoked';

export interface VerifyReply {
  status: boolean;
  refresh_status?: boolean;
  access_token?: string;
  /** With `status: false`: why the session is over, where the operator says (`SESSION_END_REASONS`; any other string is unknown). */
  reason?: string;
}

export interface StatusReply {
  status: boolean;
  message?: string;
  /** A refusal the contract may know by name (`SERVER_MESSAGE_CODES`; any other is read as unknown), or a 401's status. */
  code?: string | number;
}

export interface EncryptedEnvelope {
  data: string;
}

/*
 * Requests, error replies, registration and the simulator's control API.
 * In the request types below, a field documented as "(enc)" carries the Base64 AES-256-CBC ciphertext
 * of its UTF-8 string value (docs/architecture.md); every other field travels as plain JSON.
 */

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

/** `POST /api/phoneLogin`: every field (enc). `username` is the 10-digit phone, `state` is `{prefix}.{32 alphanumerics}`. */
export interface PhoneLoginRequest {
  username: string;
  password: string;
  state: string;
  prefix: string;
  divisions: string;
}

/** `POST /api/getProfile`: `token` (enc); `prefix` and `type` plain. */
export interface GetProfileRequest {
  prefix: string;
  type: LoginBy;
  token: string;
}

/** `POST /api/verify`: `token` (enc); `type` plain. */
export interface VerifyRequest {
  token: string;
  type: LoginBy;
}

/** `POST /api/logout`: `token` (enc); `prefix` plain. Reply: StatusReply. */
export interface LogoutRequest {
  prefix: string;
  token: string;
}

/** `GET /api/lineLogin?state&dot` decrypts to this; `data` is the LINE authorize link. */
export interface LineLoginReply {
  status: boolean;
  data?: string;
  message?: string;
}

/** `POST /api/lineConnect`: `token` (enc); `state` and `dot` plain. */
export interface LineConnectRequest {
  state: string;
  token: string;
  dot?: string;
}

export interface LineConnectReply {
  status: boolean;
  link?: string;
  message?: string;
  code?: string | number;
}

/** `POST /api/checkLineConnect`: `token` (enc); `code` plain (the one-time code from the LINE callback). Reply: StatusReply. */
export interface CheckLineConnectRequest {
  token: string;
  code: string;
}

/** `POST /api/phoneConnect`: every field (enc). */
export interface PhoneConnectRequest {
  token: string;
  phone: string;
  password: string;
}

export interface PhoneConnectReply {
  status: boolean;
  phone?: string;
  message?: string;
  code?: string | number;
}

/** `POST /api/changePassword`: every field (enc); `password` is the new one. Reply: StatusReply. */
export interface ChangePasswordRequest {
  token: string;
  password: string;
  oldpassword: string;
}

/** Affiliate values captured on entry and sent with registration step 1. Plain strings, may be empty. */
export interface AffiliateFields {
  agent?: string;
  platform?: string;
  channel?: string;
  register?: string;
}

/**
 * Registration step 1, `POST /api/registerStep1`: `phone`, `password` and `line_token` (enc); `prefix` and the affiliate
 * fields plain. `line_token` is the registration-scoped `access_token` from a `lineProfile` reply with `accounts: false`;
 * with it the new member is bound to that LINE user and `password` may be empty (no phone login until phoneConnect).
 */
export interface RegisterStep1Request extends AffiliateFields {
  prefix: string;
  phone: string;
  password: string;
  line_token?: string;
}

/** Step 1 reply: `register_token` identifies this registration in steps 2 and 3 (valid 30 minutes). */
export interface RegisterStep1Reply {
  status: boolean;
  register_token?: string;
  message?: string;
  code?: string | number;
}

/**
 * Registration step 2, `POST /api/registerStep2`: the member's own bank account. `register_token`, `account_number`
 * and `account_name` (enc); `bank_code` plain, one of BANK_CODES. `account_number` has 10 or 12 digits.
 */
export interface RegisterStep2Request {
  register_token: string;
  bank_code: BankCode;
  account_number: string;
  account_name: string;
}

export interface RegisterStep2Reply {
  status: boolean;
  message?: string;
  code?: string | number;
  fields?: Record<string, string>;
}

/** Registration step 3, `POST /api/registerStep3`: `register_token` (enc). Reply: LoginReply (the new member, logged in). */
export interface RegisterStep3Request {
  register_token: string;
}

/*
 * Game providers. None of these fields is marked
 * (enc), so every request field below travels as plain JSON; replies are sealed in the envelope like all others.
 * `token` in a GCLUB call is the GCLUB session token (`result.token` of gclubLogin, or `gclubToken` of gclubData);
 * `token` in updateGamePassword, switchMain and gclubData is the member's access token. No token ever goes in a URL.
 * Balances are decimal numbers of baht (e.g. 1520.5).
 */

/**
 * `GET /api/gclubData` with `Authorization: Bearer <member token>`, or `POST /api/gclubData` with this body.
 * The published call takes no parameters; the member must be known without putting the token in the URL.
 */
export interface GclubDataRequest {
  token?: string;
}

/**
 * The session values the host keeps in local storage for 7 days: `gclubToken` is a GCLUB session token
 * opened by the operator for the member's GCLUB account (use it with gclubCheckLogged/gclubCredit), `accountInfo` an
 * opaque encrypted value naming that account (sent back as `accInfo` in gclubChangePwd). `expires_in` is the local
 * storage lifetime in seconds (604800); the GCLUB session behind the token may die sooner, which gclubCheckLogged reports.
 */
export interface GclubDataReply {
  status: boolean;
  gclubToken?: string;
  accountInfo?: string;
  /** The GCLUB game user the values belong to. */
  gameuser?: string;
  expires_in?: number;
  message?: string;
}

/** `POST /api/gclubLogin`: the game user and its GCLUB password. */
export interface GclubLoginRequest {
  username: string;
  password: string;
}

/** gclubLogin reply. `now_xinyong` is the balance; when it is 0 the host follows with gclubCredit. */
export interface GclubLoginReply {
  status: boolean;
  result?: { token: string; now_xinyong: number };
  message?: string;
}

/** `POST /api/gclubCheckLogged` and `POST /api/gclubCredit`: the GCLUB session token. */
export interface GclubTokenRequest {
  token: string;
}

/** gclubCheckLogged reply: `status: true` with the balance while the GCLUB session lives, `{status: false}` otherwise. */
export interface GclubCheckLoggedReply {
  status: boolean;
  result?: { now_xinyong: number };
  message?: string;
}

/** gclubCredit reply. A missing or expired GCLUB session answers HTTP 401 (UnauthorizedReply) instead. */
export interface GclubCreditReply {
  status: boolean;
  result?: { totalMoney: number };
  message?: string;
}

/**
 * `POST /api/gclubChangePwd`: `token` is the GCLUB session token, `accInfo` the `accountInfo` of gclubData,
 * `password` the new GCLUB password. Reply: StatusReply. Success ends the GCLUB session; the host then stores the new
 * password with updateGamePassword and logs in again.
 */
export interface GclubChangePwdRequest {
  token: string;
  accInfo: string;
  password: string;
  oldPassword: string;
}

/** `POST /api/gclubMaintain` (empty body). */
export interface GclubMaintainReply {
  status: boolean;
  /** `until`: when the maintenance is planned to end (ISO date and time), where the operator says. */
  result: { frontEnd_Maintain: boolean; until?: string };
}

/** The UFA products , in the order of the games map. */
export type UfaGameKey = 'lottery' | 'casino' | 'games' | 'gamecock' | 'muaystep' | 'esport' | 'card' | 'fish' | 'slot' | 'itpslot';

/** One UFA product: its launch link and the size of the window to open it in. */
export interface UfaGame {
  url: string;
  title: string;
  w: number;
  h: number;
}

/** The UFA games map. */
export type UfaGamesMap = Record<UfaGameKey, UfaGame>;

/** `POST /api/ufaLogin`: the game user and its UFA password. */
export interface UfaLoginRequest {
  username: string;
  password: string;
}

/** ufaLogin and ufaCheckLogged reply. `accid` and `sessions` identify the UFA session (ufaCheck); `credit` is the balance. */
export interface UfaLoginReply {
  status: boolean;
  accid?: string;
  sessions?: string;
  credit?: number;
  games?: UfaGamesMap;
  message?: string;
}

/** ufaCheckLogged has the ufaLogin reply shape. */
export type UfaCheckLoggedReply = UfaLoginReply;

/** `POST /api/ufaCheckLogged`, `/api/ufaCredit`, `/api/ufaShoot`: the UFA game user. */
export interface UfaUserRequest {
  username: string;
}

/** ufaCredit reply. A missing or expired UFA session answers HTTP 401 (UnauthorizedReply) instead. */
export interface UfaCreditReply {
  status: boolean;
  credit?: number;
  message?: string;
}

/** `POST /api/ufaChangePwd`: `password` is the new UFA password. Reply: StatusReply. Success ends the UFA session. */
export interface UfaChangePwdRequest {
  username: string;
  password: string;
  oldPassword: string;
}

/** `POST /api/ufaMaintain` (empty body). */
export interface UfaMaintainReply {
  status: boolean;
  maintain: boolean;
  /** When the maintenance is planned to end (ISO date and time), where the operator says. */
  until?: string;
}

/** `POST /api/ufaCheck`: is this UFA session still the live one? */
export interface UfaCheckRequest {
  username: string;
  accid: string;
  sessions: string;
}

/** ufaCheck reply: `errcode` 0 with text `ok` while the session lives, 1 with text `logged out` otherwise. */
export interface UfaCheckReply {
  status: boolean;
  errcode: 0 | 1;
  text: string;
}

/** `POST /api/ufaShoot`, the UFA keep-alive: extends the UFA session. Reply: StatusReply (`status: false` when no session lives). */
export type UfaShootRequest = UfaUserRequest;

/**
 * `POST /api/updateGamePassword`: stores the operator's copy of a game password after a provider password change
 * (`game_password` of the member's `games`). `token` is the member's access token and must own `gameuser`. Reply: StatusReply.
 */
export interface UpdateGamePasswordRequest {
  gameuser: string;
  password: string;
  token: string;
}

/**
 * `POST /api/switchMain`: both game users belong to the member and exactly one of them is main; on `status: true`
 * both `main` flags flip. `token` is the member's access token. Reply: StatusReply.
 */
export interface SwitchMainRequest {
  select_gameuser: string;
  switch_gameuser: string;
  token: string;
}

/** Maintenance flags of the two providers (global, not per site). */
export type ProviderMaintenance = Record<ServerGameUser['service'], boolean>;

/*
 * Game lists, launching, favourites and recently played. Plain JSON fields like the other provider calls. A brand is named by its menu `url` in gclubGame
 * and gclubOpenGame (GAME_MENU in `games/menu.ts`), and by its `storageKey` everywhere else (`tag`, `brand`).
 */

/** `POST /api/gclubGame`: the brand's menu `url` (`/games/club/1013`). */
export interface GclubGameRequest {
  url: string;
}

/**
 * One game of a brand's list. `id` is the game code gclubOpenGame takes as `code`; `tag` is the brand's storageKey
 * (the host caches a list by it); `imageName` is the absolute URL of the tile image, empty or missing for a game
 * without one (the host filters those out). `name` (display name, Thai or English) is beyond the operator's published calls.
 */
export interface GameListItem {
  imageName?: string;
  id: string;
  tag: string;
  name: string;
}

/** gclubGame reply: `games` may be empty (a brand with no games yet). Unknown `url` → `{status: false, message}`. */
export interface GclubGameReply {
  status: boolean;
  games?: GameListItem[];
  message?: string;
}

/** `POST /api/gclubOpenGame`: `token` is the GCLUB session token, `url` the brand's menu url, `code` a game's `id`. */
export interface GclubOpenGameRequest {
  token: string;
  url: string;
  code: string;
}

/** Body of every GCLUB product open call. */
export type GclubOpenProductRequest = GclubTokenRequest;

/**
 * Reply of gclubOpenGame and the product open calls: `result.urlInfo` is the launch link. It is not trusted by the
 * host: it goes through the safe-URL guard before a window opens. A missing or expired GCLUB session answers HTTP 401
 * (UnauthorizedReply) instead; maintenance, an unknown brand or game, or a brand not open yet → `{status: false, message}`.
 */
export interface GclubOpenReply {
  status: boolean;
  result?: { urlInfo: string };
  message?: string;
}

/** A game by brand (storageKey) and game `id`. */
export interface GameRef {
  brand: string;
  id: string;
}

/** A recently played game; `at` is the ISO time it was opened. */
export interface GameRecentEntry extends GameRef {
  at: string;
}

/** `POST /api/gameFavourites` and `POST /api/gameRecent` (beyond the operator's published calls): the member's access token. */
export interface GameMemberRequest {
  token: string;
}

/** `POST /api/gameFavouriteSet` (beyond the operator's published calls): adds (`on: true`) or removes a favourite of the member. */
export interface GameFavouriteSetRequest extends GameRef {
  token: string;
  on: boolean;
}

/** gameFavourites and gameFavouriteSet reply: the member's favourites, in the order they were added. */
export interface GameFavouritesReply {
  status: boolean;
  favourites?: GameRef[];
  message?: string;
}

/** gameRecent reply: the member's recently opened games, newest first, at most 20, one entry per game. */
export interface GameRecentReply {
  status: boolean;
  recent?: GameRecentEntry[];
  message?: string;
}

/*
 * Money: withdrawals, the withdrawal check, history and the MemberTrans event. Plain JSON fields (none of them encrypted); replies sealed in the envelope.
 * `token` is the member's access token (HTTP 401 UnauthorizedReply when bad). Amounts are baht, at most two decimals.
 */

/** What a money movement is. */
export type MoneyType = 'deposit' | 'withdraw';

/** A withdrawal is `pending` until the operator settles it, then `completed` or `rejected` (refunded). Deposits are `completed`. */
export type MoneyStatus = 'pending' | 'completed' | 'rejected';

/**
 * `POST /api/gclubWithdraw` and `POST /api/ufaWithdraw` (the operator API we expect for UFA; not among the operator's published calls):
 * withdraw `amount` baht (a number, or a decimal string like "500.25") from the member's game user of that provider.
 * Send an `Idempotency-Key` header (any printable ASCII, up to 255 characters, one per withdrawal attempt) so a retry
 * after a timeout or a 5xx cannot withdraw twice.
 */
export interface WithdrawRequest {
  gameuser: string;
  amount: number | string;
  token: string;
}

export type GclubWithdrawRequest = WithdrawRequest;
export type UfaWithdrawRequest = WithdrawRequest;

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

/**
 * Withdraw reply. Accepted: `{status: true, ref, pending: true}`: the amount has left the balance, and the withdrawal
 * settles later with a MemberTrans event (completed, or rejected and refunded). Refused: `{status: false, code, message}`.
 */
export interface WithdrawReply {
  status: boolean;
  ref?: string;
  pending?: boolean;
  code?: WithdrawRefusalCode;
  message?: string;
}

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

/** `POST /api/checkWithdraw`: is a withdrawal of this game user pending? `prefix` is the member's site. */
export interface CheckWithdrawRequest {
  game_user: string;
  prefix: string;
  token: string;
}

/**
 * checkWithdraw reply. `status: true` = no withdrawal of that game user is pending (a new one may be made);
 * `status: false` = one is pending (`pending: true`, its `ref`, and its Idempotency-Key as `key` where the operator
 * sends it: without it, the host cannot tell whether the pending one is the member's own lost one or another device's).
 * The host's withdraw status is true (a withdrawal in progress) when this `status` is false; MemberTrans then sets it
 * false again. A game user that is not the member's → `{status: false, pending: false, code: 'not_your_game_user',
 * message}`.
 */
export interface CheckWithdrawReply {
  status: boolean;
  pending: boolean;
  ref?: string;
  /** The pending withdrawal's Idempotency-Key, where it had one and the operator reports keys. */
  key?: string;
  code?: 'not_your_game_user';
  message?: string;
}

/** `POST /api/history`: one game user's money movements. */
export interface HistoryRequest {
  gameuser: string;
  token: string;
}

/** One movement; `time` is when it was made (ISO). */
export interface HistoryEntry {
  ref: string;
  type: MoneyType;
  amount: number;
  status: MoneyStatus;
  time: string;
  service: ServerGameUser['service'];
  gameuser: string;
  /**
   * The Idempotency-Key a withdrawal was made with, where it had one: how a member's lost reply is matched exactly.
   * An operator whose history carries no keys leaves the host to match by game user, amount and time, which it does only
   * where exactly one row can be the member's (see docs/deploy.md).
   */
  key?: string;
}

/** history reply: newest first. A game user that is not the member's → `{status: false, code: 'not_your_game_user', message}`. */
export interface HistoryReply {
  status: boolean;
  history?: HistoryEntry[];
  code?: 'not_your_game_user';
  message?: string;
}

/**
 * The withdrawal limit the site announces: `acc_web.minWithdraw` (baht) in the login, lineProfile and getProfile
 * replies, beside the AccWeb fields.
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

/** `POST {broadcastAuthBase}/api/member/broadcasting/auth` with `Authorization: Bearer <member token>` (form or JSON). */
export interface BroadcastingAuthRequest {
  socket_id: string;
  channel_name: string;
}

/** broadcasting-auth reply: the `auth` value of `pusher:subscribe`, `{app key}:{hex HMAC-SHA256}`. 403 `{message}` for another member's channel. */
export interface BroadcastingAuthReply {
  auth: string;
}
