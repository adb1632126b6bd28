import { BANK_CODES } from '../types/entities';
import {
  aBoolean,
  aNonEmptyString,
  aString,
  objectOf,
  oneOf,
  optional,
  statusReply,
  type Check,
  type Checked,
  type ShapeOf,
} from '../schema/validate';
import { callGroup, operatorCall, type ReplyOf, type RequestOf } from './call';
import { LOGIN_BY, code, fieldReasons, memberParts, message, requireMember, requireRotatedToken } from './parts';

/*
 * Logging in and out, the session's checks, LINE, the account's password and registration.
 */

const loginShape = statusReply(memberParts, { access_token: aNonEmptyString });

/** A new session: phoneLogin, lineProfile and registerStep3. */
const loginReply: Check<Checked<typeof loginShape>> = (v, field) => {
  const reply = loginShape(v, field);
  requireMember(reply, field);
  return reply;
};

const profileShape = statusReply(
  {
    ...memberParts,
    loginBy: optional(oneOf(LOGIN_BY)),
    refresh_status: optional(aBoolean),
    access_token: optional(aNonEmptyString),
    /** With `status: false`: why the session is over, where the operator says (`SESSION_END_REASONS`). */
    reason: optional(aString),
  },
  {},
);

const verifyShape = statusReply(
  {
    refresh_status: optional(aBoolean),
    access_token: optional(aNonEmptyString),
    /** With `status: false`: why the session is over, where the operator says (`SESSION_END_REASONS`; any other string is unknown). */
    reason: optional(aString),
  },
  {},
);

/** The plain `{status, message?, code?}` of calls whose only answer is yes or no. */
export const statusReplySchema = statusReply({ message, code }, {});

/** Affiliate values captured on entry and sent with registration step 1. Plain strings, may be empty. */
const affiliateFields = { agent: optional(aString), platform: optional(aString), channel: optional(aString), register: optional(aString) };

export const SESSION_CALLS = callGroup({
  /** Does the operator know this site? The reply echoes the prefix. One of the first screen's early calls. */
  checkPrefix: operatorCall({
    method: 'get',
    path: '/api/checkPrefix',
    idempotent: true,
    timeout: 'quick',
    request: objectOf({ prefix: aString, divisions: oneOf(['true', 'false']) }),
    reply: statusReply({}, { prefix: aString }),
  }),
  /** `username` is the 10-digit phone, `state` is `{prefix}.{32 alphanumerics}`. */
  phoneLogin: operatorCall({
    path: '/api/phoneLogin',
    encrypted: ['username', 'password', 'state', 'prefix', 'divisions'],
    request: objectOf({ username: aString, password: aString, state: aString, prefix: aString, divisions: aString }),
    reply: loginReply,
  }),
  /** The member's picture; a rotated token comes with `refresh_status: true`. One of the first screen's early calls. */
  getProfile: operatorCall({
    path: '/api/getProfile',
    encrypted: ['token'],
    idempotent: true,
    request: objectOf({ prefix: aString, type: oneOf(LOGIN_BY), token: aString }),
    reply: (v, field) => {
      const reply = profileShape(v, field);
      requireMember(reply, field);
      requireRotatedToken(reply, field);
      return reply;
    },
  }),
  /** Is the session still live? `status: false` with the `reason` it ended, where the operator says. */
  verify: operatorCall({
    path: '/api/verify',
    encrypted: ['token'],
    timeout: 'quick',
    request: objectOf({ token: aString, type: oneOf(LOGIN_BY) }),
    reply: (v, field) => {
      const reply = verifyShape(v, field);
      requireRotatedToken(reply, field);
      return reply;
    },
  }),
  logout: operatorCall({
    path: '/api/logout',
    encrypted: ['token'],
    timeout: 'parting',
    request: objectOf({ prefix: aString, token: aString }),
    reply: statusReplySchema,
  }),
  /** The LINE authorize link, as `data`. */
  lineLogin: operatorCall({
    method: 'get',
    path: '/api/lineLogin',
    idempotent: true,
    request: objectOf({ state: aString, dot: aString }),
    reply: statusReply({ message }, { data: aNonEmptyString }),
  }),
  /** A LINE user's session from the LINE callback's one-time `code`: single use, so never retried. */
  lineProfile: operatorCall({
    method: 'get',
    path: '/api/lineProfile',
    request: objectOf({ prefix: aString, code: aString, dot: aString }),
    reply: loginReply,
  }),
  lineConnect: operatorCall({
    path: '/api/lineConnect',
    encrypted: ['token'],
    request: objectOf({ state: aString, token: aString, dot: optional(aString) }),
    reply: statusReply({ message, code }, { link: aNonEmptyString }),
  }),
  /** `code` is the one-time code from the LINE callback. */
  checkLineConnect: operatorCall({
    path: '/api/checkLineConnect',
    encrypted: ['token'],
    request: objectOf({ token: aString, code: aString }),
    reply: statusReplySchema,
  }),
  phoneConnect: operatorCall({
    path: '/api/phoneConnect',
    encrypted: ['token', 'phone', 'password'],
    request: objectOf({ token: aString, phone: aString, password: aString }),
    reply: statusReply({ phone: optional(aString), message, code, fields: fieldReasons }, {}),
  }),
  /** `password` is the new one. */
  changePassword: operatorCall({
    path: '/api/changePassword',
    encrypted: ['token', 'password', 'oldpassword'],
    request: objectOf({ token: aString, password: aString, oldpassword: aString }),
    reply: statusReplySchema,
  }),
  /**
   * Registration step 1. `line_token` is the registration-scoped `access_token` from a `lineProfile` reply with
   * `accounts: false`; with it the new member is bound to that LINE user and `password` may be empty (no phone login
   * until phoneConnect). The reply's `register_token` names this registration in steps 2 and 3 (valid 30 minutes).
   */
  registerStep1: operatorCall({
    path: '/api/registerStep1',
    encrypted: ['phone', 'password', 'line_token'],
    request: objectOf({ prefix: aString, phone: aString, password: aString, line_token: optional(aString), ...affiliateFields }),
    reply: statusReply({ message, code, fields: fieldReasons }, { register_token: aNonEmptyString }),
  }),
  /** Registration step 2: the member's own bank account; `account_number` has 10 or 12 digits. */
  registerStep2: operatorCall({
    path: '/api/registerStep2',
    encrypted: ['register_token', 'account_number', 'account_name'],
    request: objectOf({ register_token: aString, bank_code: oneOf(BANK_CODES), account_number: aString, account_name: aString }),
    reply: statusReply({ message, code, fields: fieldReasons }, {}),
  }),
  /** Registration step 3: the new member, logged in. */
  registerStep3: operatorCall({
    path: '/api/registerStep3',
    encrypted: ['register_token'],
    request: objectOf({ register_token: aString }),
    reply: loginReply,
  }),
});

type Calls = typeof SESSION_CALLS;

export type StatusReply = Checked<typeof statusReplySchema>;
export type CheckPrefixReply = ReplyOf<Calls['checkPrefix']>;
export type LoginReply = ReplyOf<Calls['phoneLogin']>;
export type GetProfileReply = ReplyOf<Calls['getProfile']>;
export type VerifyReply = ReplyOf<Calls['verify']>;
export type LineLoginReply = ReplyOf<Calls['lineLogin']>;
export type LineConnectReply = ReplyOf<Calls['lineConnect']>;
export type PhoneConnectReply = ReplyOf<Calls['phoneConnect']>;
export type RegisterStep1Reply = ReplyOf<Calls['registerStep1']>;
export type RegisterStep2Reply = ReplyOf<Calls['registerStep2']>;

export type CheckPrefixRequest = RequestOf<Calls['checkPrefix']>;
export type PhoneLoginRequest = RequestOf<Calls['phoneLogin']>;
export type GetProfileRequest = RequestOf<Calls['getProfile']>;
export type VerifyRequest = RequestOf<Calls['verify']>;
export type LogoutRequest = RequestOf<Calls['logout']>;
export type LineLoginRequest = RequestOf<Calls['lineLogin']>;
export type LineProfileRequest = RequestOf<Calls['lineProfile']>;
export type LineConnectRequest = RequestOf<Calls['lineConnect']>;
export type CheckLineConnectRequest = RequestOf<Calls['checkLineConnect']>;
export type PhoneConnectRequest = RequestOf<Calls['phoneConnect']>;
export type ChangePasswordRequest = RequestOf<Calls['changePassword']>;
export type AffiliateFields = ShapeOf<typeof affiliateFields>;
export type RegisterStep1Request = RequestOf<Calls['registerStep1']>;
export type RegisterStep2Request = RequestOf<Calls['registerStep2']>;
export type RegisterStep3Request = RequestOf<Calls['registerStep3']>;
