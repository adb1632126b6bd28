import { enGuest } from './en-guest';
import { enMember } from './en-member';

/** English strings. Keys mirror th.ts exactly (checked by a unit test). */
export const en = { ...enGuest, ...enMember };

export type Messages = typeof en;
