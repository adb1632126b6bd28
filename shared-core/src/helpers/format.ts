export { formatBankNumber, formatPhone, displayUsername } from './format-digits';

type Locale = 'th' | 'en';

/*
 * Balances and times are written by hand, not with Intl: a page's first Intl formatter loads its locale's data, 22 to
 * 44 ms at full speed in a fresh Chromium renderer (about four times that on a mid-range phone), on the main thread
 * while the first balance is drawn. The formats are Intl's own for the options below, which the tests check them
 * against, in both languages.
 */

/** The language tag each language's formats are Intl's for. */
export const FORMAT_TAGS = { th: 'th-TH', en: 'en-GB' } as const;

// The baht sign in both languages: English's own "THB 1,520.50" is three characters wider, and cut in narrow menus.
/** How a balance is written: Intl's format for these options, in either language. */
export const MONEY_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'THB',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
};

/** How a "last updated" time is written: Intl's format for these options. */
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' };

// Bangkok is UTC+7 all year (no summer time since 1920).
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
// The Thai solar calendar's year: the Gregorian year plus 543.
const BUDDHIST_ERA_OFFSET = 543;
const MONTHS: Record<Locale, readonly string[]> = {
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
};

/** The digits of a number's shortest decimal form (as Intl rounds it), split at the decimal point. */
function decimalDigits(magnitude: number): [whole: string, fraction: string] {
  const [mantissa = '0', exponent = '0'] = String(magnitude).split('e');
  const [head = '0', tail = ''] = mantissa.split('.');
  const digits = head + tail;
  const point = head.length + Number(exponent);
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  return [digits.slice(0, point), digits.slice(point)];
}

/** A string of decimal digits plus one. */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  return (i < 0 ? '1' : digits.slice(0, i) + String(Number(digits[i]) + 1)) + '0'.repeat(digits.length - 1 - i);
}

/** A magnitude rounded to `places` decimals, halves away from zero: its whole part grouped by thousands, and its decimals. */
function rounded(magnitude: number, places: number): [whole: string, fraction: string] {
  const [whole, fraction] = decimalDigits(magnitude);
  let digits = whole + (fraction + '0'.repeat(places)).slice(0, places);
  if ((fraction[places] ?? '0') >= '5') digits = increment(digits);
  const units = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '') || '0';
  return [units.replace(/\B(?=(\d{3})+(?!\d))/g, ','), digits.slice(digits.length - places)];
}

/** Baht with thousands separators and two decimals (฿1,520.50), the same in both languages; halves round away from zero. */
export function formatMoney(amount: number, _locale: Locale = 'th'): string {
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  if (Number.isNaN(amount)) return '฿NaN';
  if (!Number.isFinite(amount)) return `${sign}฿∞`;
  const [whole, cents] = rounded(Math.abs(amount), 2);
  return `${sign}฿${whole}.${cents}`;
}

/** A number as `toLocaleString` writes it in either language: thousands separated, at most three decimals. */
export function formatNumber(value: number, _locale: Locale = 'th'): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const [whole, fraction] = rounded(Math.abs(value), 3);
  const decimals = fraction.replace(/0+$/, '');
  return `${sign}${whole}${decimals ? `.${decimals}` : ''}`;
}

interface BangkokTime {
  year: number;
  month: number;
  day: number;
  time: string;
}

function bangkokTime(date: Date): BangkokTime {
  const local = new Date(date.getTime() + BANGKOK_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** Date and time in Bangkok, as Intl writes DATE_TIME_FORMAT: "2 ธ.ค. 2569 14:30", "2 Dec 2026, 14:30". */
export function formatBangkokDateTime(date: Date, locale: Locale = 'th'): string {
  const { year, month, day, time } = bangkokTime(date);
  return locale === 'th'
    ? `${day} ${MONTHS.th[month]} ${year + BUDDHIST_ERA_OFFSET} ${time}`
    : `${day} ${MONTHS.en[month]} ${year}, ${time}`;
}

/** Date and time for "last updated" lines, in the member's language and Bangkok time. */
export function formatDateTime(iso: string, locale: Locale = 'th'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatBangkokDateTime(date, locale);
}

/**
 * A time to come, as short as it can be said: the time alone on the same Bangkok day as `now` ("14:30"), else the
 * date and time ("2 Dec 2026, 14:30").
 */
export function formatUntil(iso: string, locale: Locale = 'th', now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const bangkokDay = (ms: number) => Math.floor((ms + BANGKOK_OFFSET_MS) / DAY_MS);
  return bangkokDay(date.getTime()) === bangkokDay(now) ? bangkokTime(date).time : formatBangkokDateTime(date, locale);
}
