import type { CheckPrefixReply, StatusReply } from '../../types/api';
import { aString, statusReply } from '../validate';
import { code, message, type ReplySchema } from './parts';

export const checkPrefixReplySchema: ReplySchema<CheckPrefixReply> = statusReply({}, { prefix: aString });

/** The plain `{status, message?}` of calls whose only answer is yes or no. */
export const statusReplySchema: ReplySchema<StatusReply> = statusReply({ message, code }, {});
export const logoutReplySchema = statusReplySchema;
export const checkLineConnectReplySchema = statusReplySchema;
export const changePasswordReplySchema = statusReplySchema;
export const gclubChangePwdReplySchema = statusReplySchema;
export const ufaChangePwdReplySchema = statusReplySchema;
export const ufaShootReplySchema = statusReplySchema;
export const updateGamePasswordReplySchema = statusReplySchema;
export const switchMainReplySchema = statusReplySchema;
