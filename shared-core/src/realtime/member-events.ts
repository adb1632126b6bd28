import type { ServerGameUser } from '../types/entities';
import type { MemberTransPayload } from '../types/api';

/**
 * Every event the host listens to on the member's private channel `private-member.{cid}`, by the name the server
 * broadcasts: no namespace (Laravel's `broadcastAs()`; Echo listens with a leading dot). docs/realtime.md documents
 * each one, and a test keeps it in step with this list.
 */
export const MEMBER_EVENTS = ['MemberTrans', 'MemberGameStatus'] as const;

export type MemberEventName = (typeof MEMBER_EVENTS)[number];

/** `K` when it names every field of `T`; `never` (a type error where it is used) when one is left out. */
type EveryField<T, K extends readonly (keyof T)[]> = [Exclude<keyof T, K[number]>] extends [never] ? K : never;

const MEMBER_TRANS_FIELDS = ['status', 'gameuser', 'type', 'service', 'amount', 'key'] as const;
/** A MemberGameStatus record's fields: an account of the login reply's `games` (`MemberGameStatusPayload`). */
const GAME_ACCOUNT_FIELDS = ['game_user', 'game_password', 'service', 'main', 'generate'] as const;

/** The fields of each event's payload, as the contract's types have them (a field added to a type must be added here). */
export const MEMBER_EVENT_FIELDS: {
  MemberTrans: EveryField<MemberTransPayload, typeof MEMBER_TRANS_FIELDS>;
  MemberGameStatus: EveryField<ServerGameUser, typeof GAME_ACCOUNT_FIELDS>;
} = {
  MemberTrans: MEMBER_TRANS_FIELDS,
  MemberGameStatus: GAME_ACCOUNT_FIELDS,
};
