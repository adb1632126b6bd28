import {
  SchemaError,
  aBoolean,
  aNonEmptyString,
  aNumber,
  aString,
  arrayOf,
  eitherOf,
  fieldPath,
  mapOf,
  objectOf,
  oneOf,
  optional,
} from '../schema/validate';

/**
 * The parts several calls share. A reply schema is strict on the fields the host reads (their presence on success,
 * and their types whenever they are there) and lenient on everything else, so the operator may add fields.
 */

export const SERVICES = ['GCLUB', 'UFA'] as const;
export const LOGIN_BY = ['phone', 'line'] as const;

export const message = optional(aString);

/**
 * A refusal's name beside its message (`SERVER_MESSAGE_CODES`; any string, an unknown one read as such), or the HTTP
 * status a 401 repeats in its body.
 */
export const code = optional(eitherOf(aNumber, aString));

/** Reasons per field, as a 422 or a refused registration step carries them. */
export const fieldReasons = optional(mapOf(aString));

/**
 * The request of a call that takes the member's access token alone (their own data). `npm run contract` checks every
 * read of the catalogue with this request, or with `noFields`, without naming it.
 */
export const memberTokenRequest = objectOf({ token: aString });

/** The request of a call that takes no field. */
export const noFields = objectOf({});

/** The member's own details: exactly the 8 fields of member_info. */
export const memberInfo = objectOf({
  cid: aNumber,
  account_name: aString,
  account_number: aString,
  phone: aString,
  bank_th: aString,
  bank_en: aString,
  set: aString,
  logo: aString,
});

/** Exactly the 5 fields of profile. */
export const profile = objectOf({
  email: aString,
  name: aString,
  picture: aString,
  lineConnect: aBoolean,
  phoneConnect: aBoolean,
});

export const bankAccount = objectOf({
  account_name: aString,
  account_number: aString,
  bank_th: aString,
  bank_en: aString,
  set: aString,
  logo: aString,
});

/** The club's side of a member: contact, receiving bank and history. */
export const accWeb = objectOf({
  lineID: optional(aString),
  lineLink: optional(aString),
  promoLink: optional(aString),
  bank: bankAccount,
  new: optional(aBoolean),
  /** The site's smallest withdrawal, in baht, where the operator announces one. */
  minWithdraw: optional(aNumber),
});

/** A game-user record as the server sends it. */
export const serverGameUser = objectOf({
  game_user: aNonEmptyString,
  game_password: aString,
  service: oneOf(SERVICES),
  main: aBoolean,
  generate: aBoolean,
});

/** What a member's picture carries in a login or profile reply (each part is checked when present). */
export const memberParts = {
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
export function requireMember(reply: { status: boolean; accounts?: boolean | undefined }, field: string): void {
  if (reply.status !== true || reply.accounts === false) return;
  const r = reply as Record<string, unknown>;
  if (r.member_info === undefined || r.member_info === null) throw new SchemaError(fieldPath(field, 'member_info'), 'is missing');
  if (r.games === undefined || r.games === null) throw new SchemaError(fieldPath(field, 'games'), 'is missing');
}

/** A reply that rotates the token (`refresh_status: true`) must carry the new one. */
export function requireRotatedToken(
  reply: { status: boolean; refresh_status?: boolean | undefined; access_token?: string | undefined },
  field: string,
): void {
  if (reply.status === true && reply.refresh_status === true && reply.access_token === undefined) {
    throw new SchemaError(fieldPath(field, 'access_token'), 'is missing (refresh_status is true)');
  }
}
