import {
  aBoolean,
  aNonEmptyString,
  aNumber,
  aString,
  aTime,
  objectOf,
  oneOf,
  optional,
  statusReply,
  type Checked,
} from '../schema/validate';
import { callGroup, operatorCall, type ReplyOf, type RequestOf } from './call';
import { message, noFields, type SERVICES } from './parts';
import { statusReplySchema } from './session-calls';

/*
 * The game providers and the member's game accounts. None of these fields is encrypted: they travel as plain JSON.
 * `token` in a GCLUB call is the GCLUB session token (`result.token` of gclubLogin, or `gclubToken` of gclubData);
 * `token` in updateGamePassword, switchMain and gclubData is the member's access token. No token ever goes in a URL.
 * Balances are decimal numbers of baht (e.g. 1520.5).
 */

/** The UFA products, in the order of the games map. */
export const UFA_GAME_KEYS = ['lottery', 'casino', 'games', 'gamecock', 'muaystep', 'esport', 'card', 'fish', 'slot', 'itpslot'] as const;

/** One UFA product: its launch link and the size of the window to open it in. */
const ufaGame = objectOf({ url: aString, title: aString, w: aNumber, h: aNumber });
const ufaGamesMap = objectOf(Object.fromEntries(UFA_GAME_KEYS.map((key) => [key, ufaGame])) as Record<UfaGameKey, typeof ufaGame>);

/** ufaLogin and ufaCheckLogged: `accid` and `sessions` name the UFA session (ufaCheck); `credit` is the balance. */
const ufaLoginReply = statusReply(
  { credit: optional(aNumber), games: optional(ufaGamesMap), message },
  { accid: aNonEmptyString, sessions: aNonEmptyString },
);

const gclubToken = objectOf({ token: aString });
const ufaUser = objectOf({ username: aString });

export const PROVIDER_CALLS = callGroup({
  /**
   * The GCLUB session values the host keeps in local storage for 7 days: `gclubToken` is a GCLUB session token the
   * operator opened for the member's GCLUB account (for gclubCheckLogged and gclubCredit), `accountInfo` an opaque
   * encrypted value naming that account (sent back as `accInfo` in gclubChangePwd), `gameuser` the account, and
   * `expires_in` the local storage lifetime in seconds (604800; the GCLUB session may die sooner, which gclubCheckLogged
   * reports). `token` is the member's access token, in the body, never in the URL.
   */
  gclubData: operatorCall({
    path: '/api/gclubData',
    request: objectOf({ token: optional(aString) }),
    reply: statusReply(
      {
        gclubToken: optional(aString),
        accountInfo: optional(aString),
        gameuser: optional(aString),
        expires_in: optional(aNumber),
        message,
      },
      {},
    ),
  }),
  /** The game user and its GCLUB password. `now_xinyong` is the balance; when it is 0 the host follows with gclubCredit. */
  gclubLogin: operatorCall({
    path: '/api/gclubLogin',
    request: objectOf({ username: aString, password: aString }),
    reply: statusReply({ message }, { result: objectOf({ token: aNonEmptyString, now_xinyong: aNumber }) }),
  }),
  /** `status: true` with the balance while the GCLUB session lives, `{status: false}` otherwise. */
  gclubCheckLogged: operatorCall({
    path: '/api/gclubCheckLogged',
    idempotent: true,
    request: gclubToken,
    reply: statusReply({ result: optional(objectOf({ now_xinyong: aNumber })), message }, {}),
  }),
  /** A missing or expired GCLUB session answers HTTP 401 instead. */
  gclubCredit: operatorCall({
    path: '/api/gclubCredit',
    idempotent: true,
    request: gclubToken,
    reply: statusReply({ message }, { result: objectOf({ totalMoney: aNumber }) }),
  }),
  /**
   * `accInfo` is the `accountInfo` of gclubData, `password` the new GCLUB password. Success ends the GCLUB session; the
   * host then stores the new password with updateGamePassword and logs in again. A 409, a 429 or another 4xx says
   * nothing of what became of the change: the flow asks the server instead.
   */
  gclubChangePwd: operatorCall({
    path: '/api/gclubChangePwd',
    repliesOnlyWhenOk: true,
    request: objectOf({ token: aString, accInfo: aString, password: aString, oldPassword: aString }),
    reply: statusReplySchema,
  }),
  /** Read whatever the status: the flag is the answer; `until` is when the maintenance is planned to end, where said. */
  gclubMaintain: operatorCall({
    path: '/api/gclubMaintain',
    idempotent: true,
    request: noFields,
    reply: statusReply({ result: objectOf({ frontEnd_Maintain: aBoolean, until: optional(aTime) }) }, {}),
  }),
  /** The game user and its UFA password. */
  ufaLogin: operatorCall({
    path: '/api/ufaLogin',
    request: objectOf({ username: aString, password: aString }),
    reply: ufaLoginReply,
  }),
  ufaCheckLogged: operatorCall({
    path: '/api/ufaCheckLogged',
    idempotent: true,
    request: ufaUser,
    reply: ufaLoginReply,
  }),
  /** A missing or expired UFA session answers HTTP 401 instead. */
  ufaCredit: operatorCall({
    path: '/api/ufaCredit',
    idempotent: true,
    request: ufaUser,
    reply: statusReply({ message }, { credit: aNumber }),
  }),
  /** `password` is the new UFA password. Success ends the UFA session. */
  ufaChangePwd: operatorCall({
    path: '/api/ufaChangePwd',
    repliesOnlyWhenOk: true,
    request: objectOf({ username: aString, password: aString, oldPassword: aString }),
    reply: statusReplySchema,
  }),
  ufaMaintain: operatorCall({
    path: '/api/ufaMaintain',
    idempotent: true,
    request: noFields,
    reply: statusReply({ maintain: aBoolean, until: optional(aTime) }, {}),
  }),
  /** Is this UFA session still the live one? `errcode` 0 with text `ok` while it lives, 1 with `logged out` otherwise. */
  ufaCheck: operatorCall({
    path: '/api/ufaCheck',
    idempotent: true,
    request: objectOf({ username: aString, accid: aString, sessions: aString }),
    reply: statusReply({ errcode: oneOf([0, 1]), text: aString }, {}),
  }),
  /** The UFA keep-alive: extends the UFA session (`status: false` when none lives). */
  ufaShoot: operatorCall({
    path: '/api/ufaShoot',
    request: ufaUser,
    reply: statusReplySchema,
  }),
  /**
   * Stores the operator's copy of a game password after a provider password change (`game_password` of the member's
   * `games`). `token` is the member's access token and must own `gameuser`.
   */
  updateGamePassword: operatorCall({
    path: '/api/updateGamePassword',
    repliesOnlyWhenOk: true,
    request: objectOf({ gameuser: aString, password: aString, token: aString }),
    reply: statusReplySchema,
  }),
  /**
   * Both game users belong to the member and exactly one of them is main; on `status: true` both `main` flags flip.
   * `token` is the member's access token.
   */
  switchMain: operatorCall({
    path: '/api/switchMain',
    repliesOnlyWhenOk: true,
    request: objectOf({ select_gameuser: aString, switch_gameuser: aString, token: aString }),
    reply: statusReplySchema,
  }),
});

type Calls = typeof PROVIDER_CALLS;

export type UfaGameKey = (typeof UFA_GAME_KEYS)[number];
export type UfaGame = Checked<typeof ufaGame>;
export type UfaGamesMap = Checked<typeof ufaGamesMap>;

export type GclubDataRequest = RequestOf<Calls['gclubData']>;
export type GclubDataReply = ReplyOf<Calls['gclubData']>;
export type GclubLoginRequest = RequestOf<Calls['gclubLogin']>;
export type GclubLoginReply = ReplyOf<Calls['gclubLogin']>;
export type GclubTokenRequest = Checked<typeof gclubToken>;
export type GclubCheckLoggedReply = ReplyOf<Calls['gclubCheckLogged']>;
export type GclubCreditReply = ReplyOf<Calls['gclubCredit']>;
export type GclubChangePwdRequest = RequestOf<Calls['gclubChangePwd']>;
export type GclubMaintainReply = ReplyOf<Calls['gclubMaintain']>;
export type UfaLoginRequest = RequestOf<Calls['ufaLogin']>;
export type UfaLoginReply = ReplyOf<Calls['ufaLogin']>;
export type UfaCheckLoggedReply = ReplyOf<Calls['ufaCheckLogged']>;
export type UfaUserRequest = Checked<typeof ufaUser>;
export type UfaCreditReply = ReplyOf<Calls['ufaCredit']>;
export type UfaChangePwdRequest = RequestOf<Calls['ufaChangePwd']>;
export type UfaMaintainReply = ReplyOf<Calls['ufaMaintain']>;
export type UfaCheckRequest = RequestOf<Calls['ufaCheck']>;
export type UfaCheckReply = ReplyOf<Calls['ufaCheck']>;
export type UfaShootRequest = RequestOf<Calls['ufaShoot']>;
export type UpdateGamePasswordRequest = RequestOf<Calls['updateGamePassword']>;
export type SwitchMainRequest = RequestOf<Calls['switchMain']>;

/** Maintenance flags of the two providers (global, not per site). */
export type ProviderMaintenance = Record<(typeof SERVICES)[number], boolean>;
