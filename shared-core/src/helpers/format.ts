const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Bank number display: 10 digits → 3-1-5-1, 12 digits → 3-8-1, other lengths unchanged. */
export function formatBankNumber(value: string): string {
  const d = digitsOnly(value);
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 4)}-${d.slice(4, 9)}-${d.slice(9)}`;
  if (d.length === 12) return `${d.slice(0, 3)}-${d.slice(3, 11)}-${d.slice(11)}`;
  return value;
}

/** Phone display: 10 digits → 3-3-4, other lengths unchanged. */
export function formatPhone(value: string): string {
  const d = digitsOnly(value);
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return value;
}

/** The name shown for a member: `x` plus the last four digits of the phone. */
export function displayUsername(phone: string): string {
  const d = digitsOnly(phone);
  return `x${d.slice(-4)}`;
}

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
