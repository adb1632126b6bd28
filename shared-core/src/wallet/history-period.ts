import type { HistoryModel, HistoryPeriod, HistoryRow } from '../bridge/types';

const PERIOD_DAYS: Record<HistoryPeriod, number> = { today: 0, '7d': 7, '30d': 30 };
const BANGKOK_OFFSET_MS = 7 * 3600_000;

/**
 * When a period starts, in ms since the epoch. Periods follow the member's calendar in Bangkok (UTC+7); `now` is the
 * server's clock, not the phone's: a phone set 40 days ahead must still see today's transactions under "today".
 */
export function startOfPeriod(period: HistoryPeriod, now: number): number {
  const bangkok = new Date(now + BANGKOK_OFFSET_MS);
  bangkok.setUTCHours(0, 0, 0, 0);
  return bangkok.getTime() - BANGKOK_OFFSET_MS - PERIOD_DAYS[period] * 86_400_000;
}

/** The rows of a period, newest first. */
export function rowsInPeriod(rows: readonly HistoryRow[], period: HistoryPeriod, now: number): HistoryRow[] {
  const from = startOfPeriod(period, now);
  return rows.filter((r) => Date.parse(r.time) >= from).sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

/**
 * The game user whose history is shown: the member's pick, else the selected account's, else the first account's
 * once the accounts are set up (asking for the first before the selected one is known would load two histories).
 */
export function historyGameuser(
  picked: string | null,
  accounts: readonly { gameuser: string; selected: boolean }[],
  accountsReady: boolean,
): string | null {
  return picked ?? accounts.find((a) => a.selected)?.gameuser ?? (accountsReady ? accounts[0]?.gameuser : undefined) ?? null;
}

/** The history page's state: loading until the rows are read, then the failure, or whether the period has any. */
export function historyStatus({ loading, failed, shown }: { loading: boolean; failed: boolean; shown: number }): HistoryModel['status'] {
  if (loading) return 'loading';
  if (failed) return 'error';
  return shown === 0 ? 'empty' : 'ready';
}
