import { describe, expect, it } from 'vitest';
import { validateAmount } from './withdraw-rules';

const limits = { minimum: 100, balance: 1520.5 };

describe('validateAmount', () => {
  it.each([
    ['', 'required'],
    ['abc', 'format'],
    ['12.345', 'format'],
    ['1e3', 'format'],
    ['-50', 'positive'],
    ['0', 'positive'],
    ['0.00', 'positive'],
    ['99.99', 'minimum'],
    ['1520.51', 'balance'],
    ['100', null],
    ['1520.50', null],
    ['250.5', null],
  ])('%j → %s', (amount, error) => {
    expect(validateAmount(amount, limits)).toBe(error);
  });
});
