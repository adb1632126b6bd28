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
