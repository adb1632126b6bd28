export { formatBankNumber, formatPhone, displayUsername } from './format-digits';

/** Baht with thousands separators and two decimals, in the member's language (฿1,520.50). */
export function formatMoney(amount: number, locale: 'th' | 'en' = 'th'): string {
  return new Intl.NumberFormat(locale === 'th' ? 'th-TH' : 'en-GB', { style: 'currency', currency: 'THB', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** Date and time for "last updated" lines, in the member's language and Bangkok time. */
export function formatDateTime(iso: string, locale: 'th' | 'en' = 'th'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }).format(date);
}
