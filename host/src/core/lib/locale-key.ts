/** Where the member's language choice is kept (local storage); its own file so the host's entry can read it. */
export const LOCALE_KEY = 'locale';

/** Where the member's scheme choice is kept (local storage, 'true' for dark); read by the early start too. */
export const DARK_KEY = 'isDark';

/**
 * The language cookie (365 days), written with every choice; read when local storage holds none, and by the server
 * that picks a drawn page (its name is shared-core's, for that server).
 */
export { LOCALE_COOKIE } from '@member/shared-core/drawing';

/**
 * The member's language choice in local storage's form ('EN' or 'TH'), or null for none: local storage first, else
 * the language cookie ('en' or 'th'), which outlives a cleared storage and is shared by the brand's other pages.
 */
export function storedLocaleChoice(stored: string | null, cookies: string): string | null {
  if (stored === 'EN' || stored === 'TH') return stored;
  const match = /(?:^|;\s*)i18n_redirected=([^;]*)/.exec(cookies);
  const value = match?.[1]?.trim().toLowerCase();
  return value === 'en' ? 'EN' : value === 'th' ? 'TH' : null;
}
