import { describe, expect, it } from 'vitest';
import { acceptAmountInput, amountInput, amountOf, validateAmount } from './amount';

/** Types `keys` one at a time into an empty field, as a member would. */
const typed = (keys: string) => [...keys].reduce((field, key) => acceptAmountInput(field, field + key), '');

describe('an amount as the member types it', () => {
  it('takes digits, thousands commas, one point and two decimals; refuses anything else as it is typed', () => {
    expect(typed('1,000.50')).toBe('1,000.50');
    expect(typed('abc')).toBe('');
    expect(typed('12a3')).toBe('123');
    expect(typed('1.2.3')).toBe('1.23');
    expect(typed('9.999')).toBe('9.99');
    expect(typed('๑,๒๐๐')).toBe('1,200');
    expect(typed('５００')).toBe('500');
  });

  it('keeps a minus and says an amount cannot be negative, instead of dropping it', () => {
    expect(typed('-50')).toBe('-50');
    expect(amountInput('', '-50')).toEqual({ text: '-50', refused: 'negative' });
    expect(amountInput('', '−50')).toEqual({ text: '-50', refused: 'negative' });
    expect(validateAmount('-50', { minimum: 100, balance: 5000 })).toBe('negative');
  });

  it('reads a paste as the member means it: currency signs, words for baht, spaces and the whole-baht ending dropped', () => {
    expect(acceptAmountInput('', ' 2 500 ')).toBe('2500');
    expect(acceptAmountInput('300', '300 baht')).toBe('300');
    expect(acceptAmountInput('', '฿1,500.00')).toBe('1,500.00');
    expect(acceptAmountInput('', '1,500 บาท')).toBe('1,500');
    expect(acceptAmountInput('', 'THB 1,500')).toBe('1,500');
    expect(acceptAmountInput('', '1,500.-')).toBe('1,500');
    expect(acceptAmountInput('', '฿๑,๕๐๐')).toBe('1,500');
    expect(acceptAmountInput('', '１，５００．５０')).toBe('1,500.50');
    expect(amountOf('฿1,500.00')).toBe(1500);
    expect(acceptAmountInput('300', '')).toBe('');
  });

  it('says why a paste that is no amount was not taken, and keeps what the field had', () => {
    expect(amountInput('300', 'three hundred')).toEqual({ text: '300', refused: 'format' });
    expect(amountInput('300', '1.2.3')).toEqual({ text: '300', refused: 'format' });
    expect(amountInput('30', '300')).toEqual({ text: '300', refused: null });
  });

  it('reads thousands commas as such, and a comma out of place as no amount', () => {
    expect(amountOf('1,000')).toBe(1000);
    expect(amountOf('12,345.60')).toBe(12345.6);
    expect(amountOf('1000')).toBe(1000);
    expect(amountOf('1,00')).toBeNull();
    expect(amountOf(',100')).toBeNull();
    expect(amountOf('100.')).toBeNull();
  });

  it('validates what it reads: "1,000" is a thousand baht, "abc" is no amount', () => {
    const limits = { minimum: 100, balance: 5000 };
    expect(validateAmount('1,000', limits)).toBeNull();
    expect(validateAmount('abc', limits)).toBe('format');
    expect(validateAmount('1,00', limits)).toBe('format');
    expect(validateAmount('6,000', limits)).toBe('balance');
    expect(validateAmount('99.99', limits)).toBe('minimum');
    expect(validateAmount('', limits)).toBe('required');
    expect(validateAmount('-5', limits)).toBe('negative');
    expect(validateAmount('0', limits)).toBe('positive');
  });
});
