import type { Messages } from './en';
import { thGuest } from './th-guest';
import { thMember } from './th-member';

/** Thai strings: the default language. */
export const th: Messages = { ...thGuest, ...thMember };
