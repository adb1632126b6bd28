import type { CheckWithdrawReply, HistoryReply, WithdrawRefusalCode, WithdrawReply } from '../../types/api';
import { aBoolean, aNonEmptyString, aNumber, aString, aTime, arrayOf, objectOf, oneOf, optional, statusReply, type Check } from '../validate';
import { SERVICES, message, type ReplySchema } from './parts';

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

export const checkWithdrawReplySchema: ReplySchema<CheckWithdrawReply> = statusReply({ pending: aBoolean, ref: optional(aString), key: optional(aString), message }, {});

const historyEntry = objectOf({
  ref: aNonEmptyString,
  type: oneOf(['deposit', 'withdraw'] as const),
  amount: aNumber,
  status: oneOf(['pending', 'completed', 'rejected'] as const),
  time: aTime,
  service: oneOf(SERVICES),
  gameuser: aString,
  key: optional(aString),
});

export const historyReplySchema: ReplySchema<HistoryReply> = statusReply({ message }, { history: arrayOf(historyEntry) });
