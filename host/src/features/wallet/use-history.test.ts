import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '@member/shared-core';
import { createServerClock } from '../../core/lib/server-clock';
import { rowsInPeriod } from '@member/shared-core/wallet/history-period';

const DAY = 86_400_000;
// 10:00 in Bangkok on 1 March 2025.
const SERVER_NOW = Date.parse('2025-03-01T03:00:00Z');

const row = (ref: string, time: number): HistoryRow => ({
  ref,
  type: 'deposit',
  amount: 100,
  status: 'completed',
  time: new Date(time).toISOString(),
  service: 'UFA',
  gameuser: 'pre8u1001',
});
const rows = [row('OLD', SERVER_NOW - 10 * DAY), row('TODAY', SERVER_NOW - 3600_000), row('YESTERDAY', SERVER_NOW - DAY)];

/** The server's clock as the client learns it from one reply, on a device whose clock is `skew` off. */
function clockOn(skew: number) {
  const device = () => SERVER_NOW + skew;
  const clock = createServerClock(device);
  clock.record(new Date(SERVER_NOW).toUTCString(), device() - 80, device());
  return clock;
}

describe('history periods on the server clock', () => {
  for (const [label, skew] of [
    ['40 days ahead', 40 * DAY],
    ['40 days behind', -40 * DAY],
    ['right', 0],
  ] as const) {
    it(`follow the server's clock on a phone ${label}`, () => {
      const now = clockOn(skew).now();
      expect(rowsInPeriod(rows, 'today', now).map((r) => r.ref)).toEqual(['TODAY']);
      expect(rowsInPeriod(rows, '7d', now).map((r) => r.ref)).toEqual(['TODAY', 'YESTERDAY']);
      expect(rowsInPeriod(rows, '30d', now).map((r) => r.ref)).toEqual(['TODAY', 'YESTERDAY', 'OLD']);
    });
  }

  it('would lose today on a phone 40 days ahead if it read the phone', () => {
    expect(rowsInPeriod(rows, '7d', SERVER_NOW + 40 * DAY)).toEqual([]);
  });
});
