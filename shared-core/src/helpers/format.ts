export { formatBankNumber, formatPhone, displayUsername } from './format-digits';

type Locale = 'th' | 'en';

/** The language tag each language formats in. */
export const FORMAT_TAGS = { th: 'th-TH', en: 'en-GB' } as const;

// The baht sign in both languages: English's own "THB 1,520.50" is three characters wider, and cut in narrow menus.
/** How a balance is written (a page's first script writes kept balances the same way, config/drawn-kept.ts). */
export const MONEY_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'THB',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

/** How a "last updated" time is written. */
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' };

// Building a formatter loads its locale's data (tens of microseconds to milliseconds each on a phone), and a page
// formats every balance and history row: one formatter per language, made on first use.
const cached = <F>(make: (tag: string) => F) => {
  const made: Partial<Record<Locale, F>> = {};
  return (locale: Locale): F => (made[locale] ??= make(FORMAT_TAGS[locale]));
};

const moneyFormat = cached((tag) => new Intl.NumberFormat(tag, MONEY_FORMAT));
const dateTimeFormat = cached((tag) => new Intl.DateTimeFormat(tag, DATE_TIME_FORMAT));
const timeFormat = cached((tag) => new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: 'Asia/Bangkok' }));
const dayFormat = cached((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeZone: 'Asia/Bangkok' }));

/** Baht with thousands separators and two decimals, in the member's language (฿1,520.50). */
export function formatMoney(amount: number, locale: Locale = 'th'): string {
  return moneyFormat(locale).format(amount);
}

/** Date and time for "last updated" lines, in the member's language and Bangkok time. */
export function formatDateTime(iso: string, locale: Locale = 'th'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale).format(date);
}

/**
 * A time to come, as short as it can be said: the time alone on the same Bangkok day as `now` ("14:30"), else the
 * date and time ("30/11/2026 14:30").
 */
export function formatUntil(iso: string, locale: Locale = 'th', now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = dayFormat(locale).format(date) === dayFormat(locale).format(new Date(now));
  return sameDay ? timeFormat(locale).format(date) : dateTimeFormat(locale).format(date);
}
