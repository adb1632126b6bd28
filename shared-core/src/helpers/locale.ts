import type { Locale } from '../types/entities';

export const LOCALES: readonly Locale[] = ['th', 'en'];
export const DEFAULT_LOCALE: Locale = 'th';

/** Stored locale `EN` means English; anything else (or nothing) means Thai. */
export function localeFromStorage(stored: string | null | undefined): Locale {
  return stored === 'EN' ? 'en' : 'th';
}

export function localeToStorage(locale: Locale): string {
  return locale === 'en' ? 'EN' : 'TH';
}

export function isLocale(value: unknown): value is Locale {
  return value === 'th' || value === 'en';
}
