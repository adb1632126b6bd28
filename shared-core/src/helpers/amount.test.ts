import { describe, expect, it } from 'vitest';
import { acceptAmountInput, amountOf, validateAmount } from './amount';

/** Types `keys` one at a time into an empty field, as a member would. */
const typed = (keys: string) => [...keys].reduce((field, key) => acceptAmountInput(field, field + key), '');

describe('an amount as the member types it', () => {
  it('takes digits, thousands commas, one point and two decimals; refuses anything else as it is typed', () => {
    expect(typed('1,000.50')).toBe('1,000.50');
    expect(typed('abc')).toBe('');
    expect(typed('12a3')).toBe('123');
    expect(typed('1.2.3')).toBe('1.23');
    expect(typed('9.999')).toBe('9.99');
    expect(typed('-50')).toBe('50');
    expect(typed('๑,๒๐๐')).toBe('1,200');
    expect(typed('５００')).toBe('500');
  });

  it('keeps a paste that reads as an amount (spaces dropped) and refuses one that does not', () => {
    expect(acceptAmountInput('', ' 2 500 ')).toBe('2500');
    expect(acceptAmountInput('300', '300 baht')).toBe('300');
    expect(acceptAmountInput('300', '')).toBe('');
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
    expect(validateAmount('-5', limits)).toBe('positive');
  });
});
