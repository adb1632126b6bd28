import type {
  CheckPrefixReply, CheckWithdrawReply, GameFavouritesReply, GameRecentReply, GclubCheckLoggedReply, GclubCreditReply, GclubDataReply,
  GclubGameReply, GclubLoginReply, GclubMaintainReply, GclubOpenReply, GetProfileReply, HistoryReply, LineConnectReply, LineLoginReply,
  LoginReply, PhoneConnectReply, RegisterStep1Reply, RegisterStep2Reply, StatusReply, UfaCheckReply, UfaCreditReply, UfaGameKey, UfaLoginReply,
  UfaMaintainReply, VerifyReply, WithdrawRefusalCode, WithdrawReply,
} from '../types/api';
import {
  SchemaError, aBoolean, aNonEmptyString, aNumber, aString, aTime, arrayOf, fieldPath, mapOf, objectOf, oneOf, optional, statusReply,
  type Check,
} from './validate';

/**
 * One schema per operator call: what the host checks in a decrypted reply before it reads it. Strict on the fields
 * the host reads (their presence on success, and their types whenever they are there); lenient on everything else,
 * so the operator may add fields. Each schema is typed against its reply type in `types/api.ts`, so the two cannot
 * drift apart silently.
 */
export type ReplySchema<T> = Check<T>;

const SERVICES = ['GCLUB', 'UFA'] as const;

const message = optional(aString);

/** Reasons per field, as a 422 or a refused registration step carries them. */
const fieldReasons = optional(mapOf(aString));

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
  { ...memberParts, loginBy: optional(oneOf(['phone', 'line'] as const)), refresh_status: optional(aBoolean), access_token: optional(aNonEmptyString) },
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

const verifyShape = statusReply({ refresh_status: optional(aBoolean), access_token: optional(aNonEmptyString) }, {});

export const verifyReplySchema: ReplySchema<VerifyReply> = (v, field) => {
  const reply = verifyShape(v, field);
  if (reply.status === true && reply.refresh_status === true && reply.access_token === undefined) {
    throw new SchemaError(fieldPath(field, 'access_token'), 'is missing (refresh_status is true)');
  }
  return reply;
};

export const checkPrefixReplySchema: ReplySchema<CheckPrefixReply> = statusReply({}, { prefix: aString });

/** The plain `{status, message?}` of calls whose only answer is yes or no. */
export const statusReplySchema: ReplySchema<StatusReply> = statusReply({ message }, {});
export const logoutReplySchema = statusReplySchema;
export const checkLineConnectReplySchema = statusReplySchema;
export const changePasswordReplySchema = statusReplySchema;
export const gclubChangePwdReplySchema = statusReplySchema;
export const ufaChangePwdReplySchema = statusReplySchema;
export const ufaShootReplySchema = statusReplySchema;
export const updateGamePasswordReplySchema = statusReplySchema;
export const switchMainReplySchema = statusReplySchema;

export const lineLoginReplySchema: ReplySchema<LineLoginReply> = statusReply({ message }, { data: aNonEmptyString });
export const lineConnectReplySchema: ReplySchema<LineConnectReply> = statusReply({ message }, { link: aNonEmptyString });
export const phoneConnectReplySchema: ReplySchema<PhoneConnectReply> = statusReply({ phone: optional(aString), message, fields: fieldReasons }, {});

export const registerStep1ReplySchema: ReplySchema<RegisterStep1Reply> = statusReply({ message, fields: fieldReasons }, { register_token: aNonEmptyString });
export const registerStep2ReplySchema: ReplySchema<RegisterStep2Reply> = statusReply({ message, fields: fieldReasons }, {});

export const gclubDataReplySchema: ReplySchema<GclubDataReply> = statusReply(
  { gclubToken: optional(aString), accountInfo: optional(aString), gameuser: optional(aString), expires_in: optional(aNumber), message },
  {},
);

export const gclubLoginReplySchema: ReplySchema<GclubLoginReply> = statusReply(
  { message },
  { result: objectOf({ token: aNonEmptyString, now_xinyong: aNumber }) },
);

export const gclubCheckLoggedReplySchema: ReplySchema<GclubCheckLoggedReply> = statusReply(
  { result: optional(objectOf({ now_xinyong: aNumber })), message },
  {},
);

export const gclubCreditReplySchema: ReplySchema<GclubCreditReply> = statusReply({ message }, { result: objectOf({ totalMoney: aNumber }) });

/** Read whatever the status: the flag is the answer. */
export const gclubMaintainReplySchema: ReplySchema<GclubMaintainReply> = statusReply({ result: objectOf({ frontEnd_Maintain: aBoolean }) }, {});
export const ufaMaintainReplySchema: ReplySchema<UfaMaintainReply> = statusReply({ maintain: aBoolean }, {});

const UFA_GAME_KEYS: readonly UfaGameKey[] = ['lottery', 'casino', 'games', 'gamecock', 'muaystep', 'esport', 'card', 'fish', 'slot', 'itpslot'];
const ufaGame = objectOf({ url: aString, title: aString, w: aNumber, h: aNumber });
const ufaGamesMap = objectOf(Object.fromEntries(UFA_GAME_KEYS.map((key) => [key, ufaGame])) as Record<UfaGameKey, typeof ufaGame>);

/** ufaLogin and ufaCheckLogged. */
export const ufaLoginReplySchema: ReplySchema<UfaLoginReply> = statusReply(
  { credit: optional(aNumber), games: optional(ufaGamesMap), message },
  { accid: aNonEmptyString, sessions: aNonEmptyString },
);
export const ufaCheckLoggedReplySchema = ufaLoginReplySchema;

export const ufaCreditReplySchema: ReplySchema<UfaCreditReply> = statusReply({ message }, { credit: aNumber });

export const ufaCheckReplySchema: ReplySchema<UfaCheckReply> = statusReply({ errcode: oneOf([0, 1] as const), text: aString }, {});

const gameListItem = objectOf({ imageName: optional(aString), id: aNonEmptyString, tag: aNonEmptyString, name: aString });

export const gclubGameReplySchema: ReplySchema<GclubGameReply> = statusReply({ message }, { games: arrayOf(gameListItem) });

/** gclubOpenGame and the eleven product calls. */
export const gclubOpenReplySchema: ReplySchema<GclubOpenReply> = statusReply({ message }, { result: objectOf({ urlInfo: aNonEmptyString }) });

const gameRef = objectOf({ brand: aNonEmptyString, id: aNonEmptyString });

/** gameFavourites and gameFavouriteSet. */
export const gameFavouritesReplySchema: ReplySchema<GameFavouritesReply> = statusReply({ favourites: optional(arrayOf(gameRef)), message }, {});
export const gameRecentReplySchema: ReplySchema<GameRecentReply> = statusReply(
  { recent: optional(arrayOf(objectOf({ brand: aNonEmptyString, id: aNonEmptyString, at: aTime }))), message },
  {},
);

/**
 * Any string where the type names known codes: a refusal or an Idempotency-Key error (HTTP 409/422) may carry codes
 * beyond the list, and the host looks every code up with a fallback.
 */
const refusalCode = optional(aString) as Check<WithdrawRefusalCode | undefined>;

/** gclubWithdraw and ufaWithdraw. */
export const withdrawReplySchema: ReplySchema<WithdrawReply> = statusReply(
  { ref: optional(aString), pending: optional(aBoolean), code: refusalCode, message },
  {},
);

export const checkWithdrawReplySchema: ReplySchema<CheckWithdrawReply> = statusReply({ pending: aBoolean, ref: optional(aString), message }, {});

const historyEntry = objectOf({
  ref: aNonEmptyString,
  type: oneOf(['deposit', 'withdraw'] as const),
  amount: aNumber,
  status: oneOf(['pending', 'completed', 'rejected'] as const),
  time: aTime,
  service: oneOf(SERVICES),
  gameuser: aString,
});

export const historyReplySchema: ReplySchema<HistoryReply> = statusReply({ message }, { history: arrayOf(historyEntry) });

export { validate, type Validation } from './validate';
