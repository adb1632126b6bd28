import { aString, mapOf, optional, type Check } from '../validate';

/**
 * One schema per operator call: what the host checks in a decrypted reply before it reads it. Strict on the fields
 * the host reads (their presence on success, and their types whenever they are there); lenient on everything else,
 * so the operator may add fields. Each schema is typed against its reply type in `types/api.ts`, so the two cannot
 * drift apart silently.
 */
export type ReplySchema<T> = Check<T>;

export const SERVICES = ['GCLUB', 'UFA'] as const;

export const message = optional(aString);

/**
 * A refusal's name beside its message (`SERVER_MESSAGE_CODES`; any string, an unknown one read as such), or the HTTP
 * status a 401 repeats in its body.
 */
export const code = optional<string | number>((v, field) => (typeof v === 'number' ? v : aString(v, field)));

/** Reasons per field, as a 422 or a refused registration step carries them. */
export const fieldReasons = optional(mapOf(aString));
