import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_WITHDRAW, withdrawAccount, withdrawMinimum, withdrawRequestOf } from './withdraw-rules';

const bank = { account_name: 'Club', account_number: '0987654321', bank_th: '', bank_en: '', set: 'SCB', logo: '' };
const account = (service: 'UFA' | 'GCLUB', selected: boolean) => ({ service, selected, gameuser: `pre8${service}`, balance: 1520.5 });

describe('withdraw rules', () => {
  it("takes the site's announced minimum, else the default", () => {
    expect(withdrawMinimum({ bank, minWithdraw: 300 })).toBe(300);
    expect(withdrawMinimum({ bank })).toBe(DEFAULT_MIN_WITHDRAW);
    expect(withdrawMinimum(null)).toBe(DEFAULT_MIN_WITHDRAW);
  });

  it('is about the picked account, else the selected one, else the first', () => {
    const accounts = [account('UFA', false), account('GCLUB', true)];
    expect(withdrawAccount(accounts, 'UFA')?.service).toBe('UFA');
    expect(withdrawAccount(accounts, null)?.service).toBe('GCLUB');
    expect(withdrawAccount([account('UFA', false)], null)?.service).toBe('UFA');
    expect(withdrawAccount([], null)).toBeNull();
  });

  it.each([
    ['', 'required'],
    ['abc', 'format'],
    ['12.345', 'format'],
    ['1e3', 'format'],
    ['-50', 'negative'],
    ['0', 'positive'],
    ['0.00', 'positive'],
    ['99.99', 'minimum'],
    ['1520.51', 'balance'],
  ])('refuses %j (%s)', (amount, error) => {
    expect(withdrawRequestOf(amount, account('UFA', true), 100)).toEqual({ error, request: null });
  });

  it.each([
    ['100', 100],
    ['1520.50', 1520.5],
    ['250.5', 250.5],
    ['1,000', 1000],
  ])('asks for %j as %d baht', (amount, baht) => {
    expect(withdrawRequestOf(amount, account('UFA', true), 100)).toEqual({
      error: null,
      request: { gameuser: 'pre8UFA', service: 'UFA', amount: baht },
    });
  });
});
