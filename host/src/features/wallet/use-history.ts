import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import type { HistoryModel, HistoryPeriod, HistoryRow } from '@member/shared-core';
import { historyGameuser, historyStatus, rowsInPeriod } from '@member/shared-core/wallet/history-period';
import { callApi } from '../../core/api/api';
import { isApiError } from '../../core/api/api-error';
import { prefixAtom } from '../../core/base/boot-state';
import { gameAccountsAtom, gamesReadyAtom } from '../accounts/state';
import { unauthorizedAtom } from '../../core/base/session-end';
import { readToken } from '../../core/base/session-cookies';
import { serverClockOffsetAtom } from '../../core/lib/server-clock-atom';

export function useHistory(): HistoryModel {
  const { t } = useTranslation();
  const prefix = useAtomValue(prefixAtom);
  const handleUnauthorized = useSetAtom(unauthorizedAtom);
  const accounts = useAtomValue(gameAccountsAtom);
  const [gameuser, setGameuser] = useState<string | null>(null);
  const [period, setPeriod] = useState<HistoryPeriod>('7d');
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const gamesReady = useAtomValue(gamesReadyAtom);
  const target = historyGameuser(gameuser, accounts, gamesReady);

  useEffect(() => {
    const token = prefix ? readToken(prefix) : null;
    if (!token || !target) return;
    let current = true;
    setRows(null);
    setErrorKey(null);
    callApi('history', { gameuser: target, token })
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
        if (isApiError(error) && error.kind === 'unauthorized') await handleUnauthorized(error.reason);
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
    status: historyStatus({ loading: rows === null, failed: errorKey !== null, shown: entries.length }),
    entries,
    error: errorKey ? t(errorKey) : null,
    reload: () => setAttempt((n) => n + 1),
  };
}
