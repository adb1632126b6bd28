import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_TIME_FORMAT,
  displayUsername,
  formatBankNumber,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPhone,
  formatUntil,
  FORMAT_TAGS,
  MONEY_FORMAT,
} from './format';

const LOCALES = ['th', 'en'] as const;
const intl = {
  money: { th: new Intl.NumberFormat(FORMAT_TAGS.th, MONEY_FORMAT), en: new Intl.NumberFormat(FORMAT_TAGS.en, MONEY_FORMAT) },
  dateTime: {
    th: new Intl.DateTimeFormat(FORMAT_TAGS.th, DATE_TIME_FORMAT),
    en: new Intl.DateTimeFormat(FORMAT_TAGS.en, DATE_TIME_FORMAT),
  },
  day: new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeZone: 'Asia/Bangkok' }),
  time: new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
};
const intlMoney = (amount: number, locale: 'th' | 'en') => intl.money[locale].format(amount);
const intlDateTime = (ms: number, locale: 'th' | 'en') => intl.dateTime[locale].format(ms);
// From 1970 to 2100: Bangkok has kept UTC+7 since 1920.
const EPOCH_TO_2100 = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) });

describe('formatBankNumber', () => {
  it('groups 10 digits as 3-1-5-1', () => expect(formatBankNumber('1234567890')).toBe('123-4-56789-0'));
  it('groups 12 digits as 3-8-1', () => expect(formatBankNumber('123456789012')).toBe('123-45678901-2'));
  it('leaves other lengths unchanged', () => {
    expect(formatBankNumber('12345678901')).toBe('12345678901');
    expect(formatBankNumber('')).toBe('');
  });
});

describe('formatPhone', () => {
  it('groups 10 digits as 3-3-4', () => expect(formatPhone('0812345678')).toBe('081-234-5678'));
  it('leaves other lengths unchanged', () => expect(formatPhone('08123')).toBe('08123'));
});

describe('displayUsername', () => {
  it('is x plus the last four digits of the phone', () => expect(displayUsername('0812345678')).toBe('x5678'));
});

describe('formatMoney', () => {
  it('shows baht with two decimals and separators', () => {
    expect(formatMoney(1520.5, 'en')).toBe('฿1,520.50');
    expect(formatMoney(8250, 'th')).toBe('฿8,250.00');
  });
  it('keeps each language its own format when the member switches back and forth', () => {
    expect([formatMoney(1, 'th'), formatMoney(1, 'en'), formatMoney(2, 'th'), formatMoney(-2, 'en')]).toEqual([
      '฿1.00',
      '฿1.00',
      '฿2.00',
      '-฿2.00',
    ]);
  });
});

describe('formatMoney, written as Intl writes MONEY_FORMAT', () => {
  it('agrees with Intl on amounts of every size, sign and rounding', () => {
    const amounts = fc.oneof(
      fc.double({ noNaN: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
      // Halves at the third decimal, where rounding decides.
      fc.integer({ min: -1e7, max: 1e7 }).map((mills) => (mills * 10 + 5) / 1000),
      fc.constantFrom(0, -0, 0.005, -0.005, 999.995, 1e21, 1.5e-7, -1e-9, Number.MAX_VALUE, Number.MIN_VALUE),
    );
    fc.assert(
      fc.property(amounts, fc.constantFrom(...LOCALES), (amount, locale) => {
        expect(formatMoney(amount, locale)).toBe(intlMoney(amount, locale));
      }),
      { numRuns: 3000 },
    );
  });
  it('agrees on what is not a number', () => {
    for (const locale of LOCALES)
      for (const amount of [Number.NaN, Infinity, -Infinity]) expect(formatMoney(amount, locale)).toBe(intlMoney(amount, locale));
  });
});

describe('formatNumber, written as toLocaleString writes a number', () => {
  it('agrees with Intl in both languages', () => {
    const values = fc.oneof(
      fc.double(),
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.integer({ min: -1e8, max: 1e8 }).map((n) => (n * 10 + 5) / 10_000),
      fc.constantFrom(0, -0, 0.0005, -0.0004, 999.9995, 1e21, Infinity, -Infinity),
    );
    fc.assert(
      fc.property(values, fc.constantFrom(...LOCALES), (value, locale) => {
        expect(formatNumber(value, locale)).toBe(value.toLocaleString(FORMAT_TAGS[locale]));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('formatDateTime, written as Intl writes DATE_TIME_FORMAT', () => {
  it('agrees with Intl on any minute from 1970 to 2100, in both languages', () => {
    fc.assert(
      fc.property(EPOCH_TO_2100, fc.constantFrom(...LOCALES), (ms, locale) => {
        expect(formatDateTime(new Date(ms).toISOString(), locale)).toBe(intlDateTime(ms, locale));
      }),
      { numRuns: 3000 },
    );
  });
  it('agrees on every month and on the turn of a Bangkok day', () => {
    for (const locale of LOCALES)
      for (let month = 0; month < 12; month++)
        for (const hour of [16, 17]) {
          const ms = Date.UTC(2026, month, 28, hour, 59);
          expect(formatDateTime(new Date(ms).toISOString(), locale)).toBe(intlDateTime(ms, locale));
        }
  });
});

describe('formatDateTime', () => {
  it('shows Bangkok time in the member language', () => {
    expect(formatDateTime('2026-11-22T03:00:00Z', 'en')).toBe('22 Nov 2026, 10:00');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
  it('keeps each language its own format when the member switches back and forth', () => {
    const iso = '2026-11-22T03:00:00Z';
    const [en, th, enAgain] = [formatDateTime(iso, 'en'), formatDateTime(iso, 'th'), formatDateTime(iso, 'en')];
    expect(en).toBe('22 Nov 2026, 10:00');
    // The Thai calendar's year, Bangkok's 10:00.
    expect(th).toMatch(/2569.*10:00/);
    expect(enAgain).toBe(en);
  });
});

describe('formatUntil', () => {
  const now = Date.parse('2026-11-22T03:00:00Z'); // 10:00 in Bangkok
  it('says the time alone on the same Bangkok day, and the date with it on another', () => {
    expect(formatUntil('2026-11-22T07:30:00Z', 'en', now)).toBe('14:30');
    expect(formatUntil('2026-11-22T07:30:00Z', 'th', now)).toBe('14:30');
    expect(formatUntil('2026-11-22T18:00:00Z', 'en', now)).toBe('23 Nov 2026, 01:00');
    expect(formatUntil('soon', 'en', now)).toBe('');
  });
  it('agrees with Intl on the time alone and on the same Bangkok day', () => {
    const dayOf = (ms: number) => intl.day.format(ms);
    const timeOf = (ms: number) => intl.time.format(ms);
    fc.assert(
      fc.property(
        EPOCH_TO_2100,
        fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }),
        fc.constantFrom(...LOCALES),
        (ms, later, locale) => {
          const until = new Date(ms + later).toISOString();
          const expected = dayOf(ms) === dayOf(ms + later) ? timeOf(ms + later) : intlDateTime(ms + later, locale);
          expect(formatUntil(until, locale, ms)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
