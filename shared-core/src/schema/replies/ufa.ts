import type { UfaCheckReply, UfaCreditReply, UfaGameKey, UfaLoginReply, UfaMaintainReply } from '../../types/api';
import { aBoolean, aNonEmptyString, aNumber, aString, aTime, objectOf, oneOf, optional, statusReply } from '../validate';
import { message, type ReplySchema } from './parts';

export const ufaMaintainReplySchema: ReplySchema<UfaMaintainReply> = statusReply({ maintain: aBoolean, until: optional(aTime) }, {});

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
