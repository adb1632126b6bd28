import { describe, expect, it } from 'vitest';
import { historyGameuser, historyStatus, startOfPeriod } from './history-period';

const DAY = 86_400_000;
// 10:00 in Bangkok on 1 March 2025.
const NOW = Date.parse('2025-03-01T03:00:00Z');

describe('history periods', () => {
  it('start at midnight in Bangkok, today or 7 or 30 days back', () => {
    expect(new Date(startOfPeriod('today', NOW)).toISOString()).toBe('2025-02-28T17:00:00.000Z');
    expect(new Date(startOfPeriod('7d', NOW)).toISOString()).toBe('2025-02-21T17:00:00.000Z');
    expect(startOfPeriod('30d', NOW)).toBe(startOfPeriod('today', NOW) - 30 * DAY);
  });

  it("show the member's pick, else the selected account, else the first once the accounts are set up", () => {
    const accounts = [
      { gameuser: 'pre8g1001', selected: false },
      { gameuser: 'pre8u1001', selected: true },
    ];
    expect(historyGameuser('pre8g1001', accounts, false)).toBe('pre8g1001');
    expect(historyGameuser(null, accounts, false)).toBe('pre8u1001');
    expect(historyGameuser(null, [{ gameuser: 'pre8g1001', selected: false }], false)).toBeNull();
    expect(historyGameuser(null, [{ gameuser: 'pre8g1001', selected: false }], true)).toBe('pre8g1001');
  });

  it('say loading, error, empty or ready', () => {
    expect(historyStatus({ loading: true, failed: false, shown: 0 })).toBe('loading');
    expect(historyStatus({ loading: false, failed: true, shown: 0 })).toBe('error');
    expect(historyStatus({ loading: false, failed: false, shown: 0 })).toBe('empty');
    expect(historyStatus({ loading: false, failed: false, shown: 3 })).toBe('ready');
  });
});
