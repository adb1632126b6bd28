import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import type { HistoryModel, HistoryPeriod, HistoryRow } from '@member/shared-core';
import { history as historyCall } from './api/history';
import { isApiError } from '../api/api-error';
import { prefixAtom } from '../core/boot-state';
import { gameAccountsAtom, gamesReadyAtom, selectedAccountAtom } from '../accounts/state';
import { unauthorizedAtom } from '../core/session-end';
import { readToken } from '../core/session-cookies';
import { serverClockOffsetAtom } from '../lib/server-clock-atom';

const PERIOD_DAYS: Record<HistoryPeriod, number> = { today: 0, '7d': 7, '30d': 30 };

/**
 * When a period starts, in ms since the epoch. Periods follow the member's calendar in Bangkok (UTC+7) and the
 * server's clock, not the phone's: a phone set 40 days ahead must still see today's transactions under "today".
 */
export function startOfPeriod(period: HistoryPeriod, now: number): number {
  const bangkok = new Date(now + 7 * 3600_000);
  bangkok.setUTCHours(0, 0, 0, 0);
  return bangkok.getTime() - 7 * 3600_000 - PERIOD_DAYS[period] * 86_400_000;
}

/** The rows of a period, newest first. */
export function rowsInPeriod(rows: readonly HistoryRow[], period: HistoryPeriod, now: number): HistoryRow[] {
  const from = startOfPeriod(period, now);
  return rows.filter((r) => Date.parse(r.time) >= from).sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

export function useHistory(): HistoryModel {
  const { t } = useTranslation();
  const prefix = useAtomValue(prefixAtom);
  const handleUnauthorized = useSetAtom(unauthorizedAtom);
  const accounts = useAtomValue(gameAccountsAtom);
  const selected = useAtomValue(selectedAccountAtom);
  const [gameuser, setGameuser] = useState<string | null>(null);
  const [period, setPeriod] = useState<HistoryPeriod>('7d');
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const gamesReady = useAtomValue(gamesReadyAtom);
  // The selected account is known a moment after load; asking for the first account before that would load one
  // history and then another.
  const target = gameuser ?? selected?.gameuser ?? (gamesReady ? accounts[0]?.gameuser : undefined) ?? null;

  useEffect(() => {
    const token = prefix ? readToken(prefix) : null;
    if (!token || !target) return;
    let current = true;
    setRows(null);
    setErrorKey(null);
    historyCall({ gameuser: target, token })
      .then((reply) => {
        if (!current) return;
        if (reply.status !== true || !Array.isArray(reply.history)) {
          setErrorKey('wallet.errors.history');
          setRows([]);
          return;
        }
        setRows(reply.history);
      })
      .catch(async (error: unknown) => {
        if (isApiError(error) && error.kind === 'unauthorized') await handleUnauthorized();
        if (current) {
          setErrorKey(isApiError(error) ? error.messageKey : 'wallet.errors.history');
          setRows([]);
        }
      });
    return () => {
      current = false;
    };
  }, [prefix, target, attempt, handleUnauthorized]);

  // The offset is a dependency so the rows are filtered again when the server's clock becomes known.
  const offset = useAtomValue(serverClockOffsetAtom);
  const entries = useMemo(() => rowsInPeriod(rows ?? [], period, Date.now() + offset), [rows, period, offset]);

  return {
    accounts,
    gameuser: target,
    setGameuser,
    period,
    setPeriod,
    status: rows === null ? 'loading' : errorKey ? 'error' : entries.length === 0 ? 'empty' : 'ready',
    entries,
    error: errorKey ? t(errorKey) : null,
    reload: () => setAttempt((n) => n + 1),
  };
}
