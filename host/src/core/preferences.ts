import { atom } from 'jotai';
import {
  canSwitchScheme, localeFromStorage, localeToStorage, resolveScheme, type Locale, type Scheme,
} from '@member/shared-core';
import { local } from '../lib/safe-storage';
import { LOCALE_COOKIE, LOCALE_KEY, storedLocaleChoice } from '../lib/locale-key';
import { DAY, writeCookie } from '../lib/cookies';
import { siteConfigAtom } from './boot-state';

// Storage keys `locale` and `isDark`; cookie i18n_redirected, 365 days, path /, SameSite lax.
export { LOCALE_KEY } from '../lib/locale-key';
export { DARK_KEY } from '../lib/locale-key';
import { DARK_KEY } from '../lib/locale-key';
export { LOCALE_COOKIE };

/** The language to start in: the stored choice, else the language cookie, else Thai. */
export const startLocale = (): Locale => localeFromStorage(storedLocaleChoice(local.get(LOCALE_KEY), typeof document === 'undefined' ? '' : document.cookie));

const localeBase = atom<Locale>(startLocale());
const storedDarkBase = atom<string | null>(local.get(DARK_KEY));

export const localeAtom = atom((get) => get(localeBase));

export const schemeAtom = atom<Scheme>((get) => {
  const site = get(siteConfigAtom);
  return resolveScheme(site?.themes ?? [{ title: 'light', theme: 'light' }], get(storedDarkBase));
});

export const canSwitchSchemeAtom = atom((get) => canSwitchScheme(get(siteConfigAtom)?.themes ?? []));

export const setLocaleAtom = atom(null, (_get, set, locale: Locale) => {
  local.set(LOCALE_KEY, localeToStorage(locale));
  writeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: 365 * DAY, path: '/', sameSite: 'Lax' });
  set(localeBase, locale);
});

export const setSchemeAtom = atom(null, (get, set, scheme: Scheme) => {
  if (!get(canSwitchSchemeAtom)) return;
  const value = scheme === 'dark' ? 'true' : 'false';
  local.set(DARK_KEY, value);
  set(storedDarkBase, value);
});
