// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { keepBalance, keptBalances } from './kept-balances';

afterEach(() => localStorage.clear());

describe('balances kept for the next visit', () => {
  it("are the same member's only, by site, and never hold a token", () => {
    keepBalance('pre8', 7, 'UFA', { balance: 40, updatedAt: '2026-11-27T01:00:00.000Z' });
    keepBalance('pre8', 7, 'GCLUB', { balance: 100, updatedAt: '2026-11-27T01:00:01.000Z' });
    expect(keptBalances('pre8', 7)).toEqual({
      UFA: { balance: 40, updatedAt: '2026-11-27T01:00:00.000Z' },
      GCLUB: { balance: 100, updatedAt: '2026-11-27T01:00:01.000Z' },
    });
    expect(keptBalances('pre8', 8)).toEqual({});
    expect(keptBalances('bkmc', 7)).toEqual({});
    expect(Object.keys(JSON.parse(localStorage.getItem('balances_pre8')!))).toEqual(['member', 'UFA', 'GCLUB']);
  });

  it("another member's balances replace the last member's, never mix with them", () => {
    keepBalance('pre8', 7, 'UFA', { balance: 40, updatedAt: '2026-11-27T01:00:00.000Z' });
    keepBalance('pre8', 8, 'GCLUB', { balance: 5, updatedAt: '2026-11-27T01:00:00.000Z' });
    expect(keptBalances('pre8', 8)).toEqual({ GCLUB: { balance: 5, updatedAt: '2026-11-27T01:00:00.000Z' } });
    expect(keptBalances('pre8', 7)).toEqual({});
  });

  it('skips what is not a balance', () => {
    localStorage.setItem(
      'balances_pre8',
      JSON.stringify({ member: 7, UFA: { balance: 'lots', updatedAt: 'x' }, GCLUB: { balance: 3, updatedAt: 'not a time' } }),
    );
    expect(keptBalances('pre8', 7)).toEqual({});
    expect(keptBalances('pre8', 0)).toEqual({});
  });
});
