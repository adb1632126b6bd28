import type { AccWeb, BankCode, LoginBy, MemberInfo, Profile, ServerGameUser } from './entities';

/**
 * The operator API as the host expects it (SPEC §7). Every reply body is the envelope
 * `{ "data": "<base64 AES-256-CBC of the JSON reply>" }`; these are the decrypted shapes.
 */

export interface CheckPrefixReply {
  prefix: string;
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
}

export interface GetProfileReply extends LoginReply {
  loginBy?: LoginBy;
  refresh_status?: boolean;
}

export interface VerifyReply {
  status: boolean;
  refresh_status?: boolean;
  access_token?: string;
}

export interface StatusReply {
  status: boolean;
  message?: string;
}

export interface EncryptedEnvelope {
  data: string;
}

/** Faults the simulator can inject per route (`POST /__sim/faults`). */
export interface SimFault {
  route: string;
  status?: number;
  delayMs?: number;
  body?: 'malformed' | 'undecryptable' | 'empty';
  times?: number;
}

/*
 * Requests, error replies, registration and the simulator's control API.
 * In the request types below, a field documented as "(enc)" carries the Base64 AES-256-CBC ciphertext
 * of its UTF-8 string value (ARCHITECTURE §4); every other field travels as plain JSON.
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
}

/** `POST /api/changePassword`: every field (enc); `password` is the new one. Reply: StatusReply. */
export interface ChangePasswordRequest {
  token: string;
  password: string;
  oldpassword: string;
}

/** Affiliate values captured on entry (SPEC §1, §4) and sent with registration step 1. Plain strings, may be empty. */
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
  fields?: Record<string, string>;
}

/** Registration step 3, `POST /api/registerStep3`: `register_token` (enc). Reply: LoginReply (the new member, logged in). */
export interface RegisterStep3Request {
  register_token: string;
}

/** Body of `POST /__sim/sessions/rotate` and `POST /__sim/sessions/revoke`. */
export interface SimMemberTarget {
  prefix: string;
  phone: string;
}

/** One entry of `GET /__sim/requests`: what reached the simulator, with field names only, never values. */
export interface SimRequestRecord {
  seq: number;
  time: string;
  method: string;
  route: string;
  status: number;
  origin: string | null;
  referer: string | null;
  contentType: string | null;
  hasAuthorization: boolean;
  queryFields: string[];
  bodyFields: string[];
}

/** One entry of `GET /__sim/registrations`. */
export interface SimRegistrationRecord {
  id: number;
  time: string;
  prefix: string;
  phone: string;
  step: 1 | 2 | 3;
  completed: boolean;
  cid: number | null;
  viaLine: boolean;
  affiliate: { agent: string; platform: string; channel: string; register: string };
}

/*
 * Game providers (SPEC §3 GCLUB/UFA state, §4 Provider login … UFA session, §7). SPEC §7 marks none of these fields
 * (enc), so every request field below travels as plain JSON; replies are sealed in the envelope like all others.
 * `token` in a GCLUB call is the GCLUB session token (`result.token` of gclubLogin, or `gclubToken` of gclubData);
 * `token` in updateGamePassword, switchMain and gclubData is the member's access token. No token ever goes in a URL.
 * Balances are decimal numbers of baht (e.g. 1520.5).
 */

/**
 * `GET /api/gclubData` with `Authorization: Bearer <member token>`, or `POST /api/gclubData` with this body.
 * SPEC lists no parameters; the member must be known without putting the token in the URL.
 */
export interface GclubDataRequest {
  token?: string;
}

/**
 * The session values the host keeps in local storage for 7 days (SPEC §4): `gclubToken` is a GCLUB session token
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

/** gclubLogin reply. `now_xinyong` is the balance; when it is 0 the host follows with gclubCredit (SPEC §7). */
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
  result: { frontEnd_Maintain: boolean };
}

/** The UFA products of SPEC §3, in the order of the games map. */
export type UfaGameKey = 'lottery' | 'casino' | 'games' | 'gamecock' | 'muaystep' | 'esport' | 'card' | 'fish' | 'slot' | 'itpslot';

/** One UFA product: its launch link and the size of the window to open it in. */
export interface UfaGame {
  url: string;
  title: string;
  w: number;
  h: number;
}

/** The UFA games map (SPEC §3 UFA state). */
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
}

/** `POST /api/ufaCheck`: is this UFA session still the live one? */
export interface UfaCheckRequest {
  username: string;
  accid: string;
  sessions: string;
}

/** ufaCheck reply: `errcode` 0 with text `ok` while the session lives, 1 with text `logged out` otherwise (SPEC §7). */
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
 * both `main` flags flip (SPEC §4). `token` is the member's access token. Reply: StatusReply.
 */
export interface SwitchMainRequest {
  select_gameuser: string;
  switch_gameuser: string;
  token: string;
}

/** Maintenance flags of the two providers (global, not per site). */
export type ProviderMaintenance = Record<ServerGameUser['service'], boolean>;

/** Body of `POST /__sim/maintenance`. */
export interface SimMaintenanceRequest {
  provider: ServerGameUser['service'];
  on: boolean;
}

/** Body of `POST /__sim/balance`: `balance` in baht, at most two decimals. */
export interface SimBalanceRequest {
  gameuser: string;
  balance: number;
}

/** Body of `POST /__sim/provider-sessions/expire`. */
export interface SimExpireProviderSessionRequest {
  gameuser: string;
}

/** Body of `POST /__sim/switch-main/refuse`: the next `times` (default 1) switchMain calls answer `status: false`. */
export interface SimRefuseSwitchMainRequest {
  times?: number;
}

/** One game account in `GET /__sim/provider-state`; never a password or a session secret. */
export interface SimProviderAccountState {
  gameuser: string;
  service: ServerGameUser['service'];
  prefix: string;
  cid: number;
  main: boolean;
  generate: boolean;
  balance: number;
  /** Whether a provider session of this game user lives, and until when (ISO time, the latest when several). */
  session: { alive: boolean; expiresAt: string | null };
  /** ufaShoot calls received for this game user since the reset. */
  shoots: number;
  /** Provider calls received for this game user since the reset, by route name (`gclubLogin`, `ufaCheck`…). */
  calls: Record<string, number>;
}

/** `GET /__sim/provider-state`. */
export interface SimProviderState {
  maintenance: ProviderMaintenance;
  /** Pending refusals of `POST /__sim/switch-main/refuse`. */
  switchMainRefusals: number;
  accounts: SimProviderAccountState[];
}
