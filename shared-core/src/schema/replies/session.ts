import type { GetProfileReply, LineConnectReply, LineLoginReply, LoginReply, PhoneConnectReply, RegisterStep1Reply, RegisterStep2Reply, VerifyReply } from '../../types/api';
import { SchemaError, aBoolean, aNonEmptyString, aNumber, aString, arrayOf, fieldPath, objectOf, oneOf, optional, statusReply } from '../validate';
import { SERVICES, code, message, fieldReasons, type ReplySchema } from './parts';

const memberInfo = objectOf({
  cid: aNumber,
  account_name: aString,
  account_number: aString,
  phone: aString,
  bank_th: aString,
  bank_en: aString,
  set: aString,
  logo: aString,
});

const profile = objectOf({
  email: aString,
  name: aString,
  picture: aString,
  lineConnect: aBoolean,
  phoneConnect: aBoolean,
});

const bankAccount = objectOf({
  account_name: aString,
  account_number: aString,
  bank_th: aString,
  bank_en: aString,
  set: aString,
  logo: aString,
});

const accWeb = objectOf({
  lineID: optional(aString),
  lineLink: optional(aString),
  promoLink: optional(aString),
  bank: bankAccount,
  new: optional(aBoolean),
  minWithdraw: optional(aNumber),
});

const serverGameUser = objectOf({
  game_user: aNonEmptyString,
  game_password: aString,
  service: oneOf(SERVICES),
  main: aBoolean,
  generate: aBoolean,
});

/** What a member's picture carries in a login or profile reply (each part is checked when present). */
const memberParts = {
  accounts: optional(aBoolean),
  member_info: optional(memberInfo),
  profile: optional(profile),
  acc_web: optional(accWeb),
  games: optional(arrayOf(serverGameUser)),
  message,
  code,
  fields: fieldReasons,
};

/**
 * A registered member (`accounts` not false) must come with member_info and games: without them the host cannot
 * tell who logged in or which game accounts to open. A LINE user still registering (`accounts: false`) has neither.
 */
function requireMember(reply: { status: boolean; accounts?: boolean | undefined }, field: string): void {
  if (reply.status !== true || reply.accounts === false) return;
  const r = reply as Record<string, unknown>;
  if (r.member_info === undefined || r.member_info === null) throw new SchemaError(fieldPath(field, 'member_info'), 'is missing');
  if (r.games === undefined || r.games === null) throw new SchemaError(fieldPath(field, 'games'), 'is missing');
}

const loginShape = statusReply(memberParts, { access_token: aNonEmptyString });

/** phoneLogin, lineProfile and registerStep3: a new session. */
export const loginReplySchema: ReplySchema<LoginReply> = (v, field) => {
  const reply = loginShape(v, field);
  requireMember(reply, field);
  return reply;
};

const profileShape = statusReply(
  { ...memberParts, loginBy: optional(oneOf(['phone', 'line'] as const)), refresh_status: optional(aBoolean), access_token: optional(aNonEmptyString), reason: optional(aString) },
  {},
);

/** getProfile: the member's picture; a rotated token comes with `refresh_status: true`. */
export const getProfileReplySchema: ReplySchema<GetProfileReply> = (v, field) => {
  const reply = profileShape(v, field);
  requireMember(reply, field);
  if (reply.status === true && reply.refresh_status === true && reply.access_token === undefined) {
    throw new SchemaError(fieldPath(field, 'access_token'), 'is missing (refresh_status is true)');
  }
  return reply;
};

const verifyShape = statusReply({ refresh_status: optional(aBoolean), access_token: optional(aNonEmptyString), reason: optional(aString) }, {});

export const verifyReplySchema: ReplySchema<VerifyReply> = (v, field) => {
  const reply = verifyShape(v, field);
  if (reply.status === true && reply.refresh_status === true && reply.access_token === undefined) {
    throw new SchemaError(fieldPath(field, 'access_token'), 'is missing (refresh_status is true)');
  }
  return reply;
};

export const lineLoginReplySchema: ReplySchema<LineLoginReply> = statusReply({ message }, { data: aNonEmptyString });
export const lineConnectReplySchema: ReplySchema<LineConnectReply> = statusReply({ message, code }, { link: aNonEmptyString });
export const phoneConnectReplySchema: ReplySchema<PhoneConnectReply> = statusReply({ phone: optional(aString), message, code, fields: fieldReasons }, {});

export const registerStep1ReplySchema: ReplySchema<RegisterStep1Reply> = statusReply({ message, code, fields: fieldReasons }, { register_token: aNonEmptyString });
export const registerStep2ReplySchema: ReplySchema<RegisterStep2Reply> = statusReply({ message, code, fields: fieldReasons }, {});
