import { describe, expect, it } from 'vitest';
import { displayUsername, formatBankNumber, formatDateTime, formatMoney, formatPhone, formatUntil } from './format';

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
});
