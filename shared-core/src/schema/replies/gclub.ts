import type { GclubCheckLoggedReply, GclubCreditReply, GclubDataReply, GclubGameReply, GclubLoginReply, GclubMaintainReply, GclubOpenReply } from '../../types/api';
import { aBoolean, aNonEmptyString, aNumber, aString, aTime, arrayOf, objectOf, optional, statusReply } from '../validate';
import { message, type ReplySchema } from './parts';

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
export const gclubMaintainReplySchema: ReplySchema<GclubMaintainReply> = statusReply({ result: objectOf({ frontEnd_Maintain: aBoolean, until: optional(aTime) }) }, {});

const gameListItem = objectOf({ imageName: optional(aString), id: aNonEmptyString, tag: aNonEmptyString, name: aString });

export const gclubGameReplySchema: ReplySchema<GclubGameReply> = statusReply({ message }, { games: arrayOf(gameListItem) });

/** gclubOpenGame and the eleven product calls. */
export const gclubOpenReplySchema: ReplySchema<GclubOpenReply> = statusReply({ message }, { result: objectOf({ urlInfo: aNonEmptyString }) });
