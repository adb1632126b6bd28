import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import type { HistoryModel, HistoryPeriod, HistoryRow } from '@member/shared-core';
import { history as historyCall } from '../api/calls/history';
import { isApiError } from '../api/api-error';
import { prefixAtom } from '../state/boot';
import { gameAccountsAtom, selectedAccountAtom } from '../state/games';
import { handleUnauthorized } from '../session/logout';
import { readToken } from '../session/session-cookies';

const PERIOD_DAYS: Record<HistoryPeriod, number> = { today: 0, '7d': 7, '30d': 30 };

function startOfPeriod(period: HistoryPeriod, now = new Date()): number {
  // Periods follow the member's calendar in Bangkok (UTC+7).
  const bangkok = new Date(now.getTime() + 7 * 3600_000);
  bangkok.setUTCHours(0, 0, 0, 0);
  return bangkok.getTime() - 7 * 3600_000 - PERIOD_DAYS[period] * 86_400_000;
}

export function useHistory(): HistoryModel {
  const { t } = useTranslation();
  const prefix = useAtomValue(prefixAtom);
  const accounts = useAtomValue(gameAccountsAtom);
  const selected = useAtomValue(selectedAccountAtom);
  const [gameuser, setGameuser] = useState<string | null>(null);
  const [period, setPeriod] = useState<HistoryPeriod>('7d');
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const target = gameuser ?? selected?.gameuser ?? accounts[0]?.gameuser ?? null;

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
  }, [prefix, target, attempt]);

  const entries = useMemo(() => {
    const from = startOfPeriod(period);
    return (rows ?? []).filter((r) => Date.parse(r.time) >= from).sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  }, [rows, period]);

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
