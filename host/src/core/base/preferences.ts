import { atom } from 'jotai';
import { canSwitchScheme, localeFromStorage, localeToStorage, resolveScheme, type Locale, type Scheme } from '@member/shared-core';
import { local } from '../lib/safe-storage';
import { LOCALE_COOKIE, LOCALE_KEY, storedLocaleChoice } from '../lib/locale-key';
import { DAY, readCookie, writeCookie } from '../lib/cookies';
import { SCHEME_COOKIE } from '@member/shared-core/drawing';
import { siteConfigAtom } from './boot-state';

// Storage keys `locale` and `isDark`; cookie i18n_redirected, 365 days, path /, SameSite lax.
export { LOCALE_KEY } from '../lib/locale-key';
export { DARK_KEY } from '../lib/locale-key';
import { DARK_KEY } from '../lib/locale-key';
export { LOCALE_COOKIE };

/** The language to start in: the stored choice, else the language cookie, else Thai. */
export const startLocale = (): Locale =>
  localeFromStorage(storedLocaleChoice(local.get(LOCALE_KEY), typeof document === 'undefined' ? '' : document.cookie));

const localeBase = atom<Locale>(startLocale());
/**
 * The member's scheme choice: local storage's, else the scheme cookie's (written with every choice, and outliving a
 * cleared storage, as the language cookie does), in local storage's form ('true' for dark).
 */
function storedDark(): string | null {
  const stored = local.get(DARK_KEY);
  if (stored === 'true' || stored === 'false') return stored;
  const cookie = typeof document === 'undefined' ? null : readCookie(SCHEME_COOKIE);
  return cookie === 'dark' ? 'true' : cookie === 'light' ? 'false' : null;
}

const storedDarkBase = atom<string | null>(storedDark());

export const localeAtom = atom((get) => get(localeBase));

export const schemeAtom = atom<Scheme>((get) => {
  const site = get(siteConfigAtom);
  return resolveScheme(site?.schemes ?? ['light'], get(storedDarkBase));
});

export const canSwitchSchemeAtom = atom((get) => canSwitchScheme(get(siteConfigAtom)?.schemes ?? []));

export const setLocaleAtom = atom(null, (_get, set, locale: Locale) => {
  local.set(LOCALE_KEY, localeToStorage(locale));
  writeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: 365 * DAY, path: '/', sameSite: 'Lax' });
  set(localeBase, locale);
});

/** The scheme cookie, beside local storage: a server picks the drawn page by it (shared-core's drawing.ts). */
const writeSchemeCookie = (scheme: Scheme) => writeCookie(SCHEME_COOKIE, scheme, { maxAgeSeconds: 365 * DAY, path: '/', sameSite: 'Lax' });

export const setSchemeAtom = atom(null, (get, set, scheme: Scheme) => {
  if (!get(canSwitchSchemeAtom)) return;
  const value = scheme === 'dark' ? 'true' : 'false';
  local.set(DARK_KEY, value);
  writeSchemeCookie(scheme);
  set(storedDarkBase, value);
});

/**
 * The choices this device keeps in local storage, written to their cookies too when a cookie says otherwise or nothing
 * (choices made before the scheme had a cookie): the next visit is then drawn in them by the server.
 */
export function mirrorPreferenceCookies(): void {
  const locale = local.get(LOCALE_KEY);
  if ((locale === 'EN' || locale === 'TH') && readCookie(LOCALE_COOKIE) !== locale.toLowerCase()) {
    writeCookie(LOCALE_COOKIE, locale.toLowerCase(), { maxAgeSeconds: 365 * DAY, path: '/', sameSite: 'Lax' });
  }
  const dark = local.get(DARK_KEY);
  const scheme = dark === 'true' ? 'dark' : dark === 'false' ? 'light' : null;
  if (scheme && readCookie(SCHEME_COOKIE) !== scheme) writeSchemeCookie(scheme);
}

/**
 * The language and scheme a page is drawn in by the drawing step (app/routes/draw-page.tsx), as if the member had chosen
 * them: written nowhere, since a drawing has no member.
 */
export const drawnPreferencesAtom = atom(null, (_get, set, { locale, scheme }: { locale: Locale; scheme: Scheme }) => {
  set(localeBase, locale);
  set(storedDarkBase, scheme === 'dark' ? 'true' : 'false');
});
