export { formatBankNumber, formatPhone, displayUsername } from './format-digits';

type Locale = 'th' | 'en';

// Building a formatter loads its locale's data (tens of microseconds to milliseconds each on a phone), and a page
// formats every balance and history row: one formatter per language, made on first use.
const cached = <F>(make: (tag: string) => F) => {
  const made: Partial<Record<Locale, F>> = {};
  return (locale: Locale): F => (made[locale] ??= make(locale === 'th' ? 'th-TH' : 'en-GB'));
};

const moneyFormat = cached((tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'THB', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const dateTimeFormat = cached((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }));

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
