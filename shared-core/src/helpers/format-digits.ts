// Digit groupings for phone and bank numbers: a module of its own, so a page that only shows a phone field
// does not also bundle the money and date formats.
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
