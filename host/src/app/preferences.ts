import { atom } from 'jotai';
import {
  canSwitchScheme, localeFromStorage, localeToStorage, resolveScheme, type Locale, type Scheme,
} from '@member/shared-core';
import { local } from '../lib/safe-storage';
import { LOCALE_KEY } from '../lib/locale-key';
import { DAY, writeCookie } from '../lib/cookies';
import { siteConfigAtom } from './boot-state';

// Storage keys `locale` and `isDark`; cookie i18n_redirected, 365 days, path /, SameSite lax.
export { LOCALE_KEY } from '../lib/locale-key';
export { DARK_KEY } from '../lib/locale-key';
import { DARK_KEY } from '../lib/locale-key';
export const LOCALE_COOKIE = 'i18n_redirected';

const localeBase = atom<Locale>(localeFromStorage(local.get(LOCALE_KEY)));
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
