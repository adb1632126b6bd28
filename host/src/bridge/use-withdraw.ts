import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import type { Service, WithdrawModel } from '@member/shared-core';
import { checkWithdraw } from '../api/calls/check-withdraw';
import { withdraw as withdrawCall } from '../api/calls/withdraw';
import { isApiError } from '../api/api-error';
import { prefixAtom } from '../state/boot';
import { gameAccountsAtom, selectedAccountAtom, setProviderAtom } from '../state/games';
import { sessionAtom } from '../state/session';
import { setWithdrawLockedAtom, withdrawLockedAtom } from '../state/wallet';
import { handleUnauthorized } from '../session/logout';
import { readToken } from '../session/session-cookies';
import { refreshBalance } from '../games/game-actions';
import { createIntentKeys, DEFAULT_MIN_WITHDRAW, validateAmount } from '../games/withdraw-rules';

const AMOUNT_ERRORS: Record<string, string> = {
  required: 'wallet.errors.amountRequired',
  format: 'wallet.errors.amountFormat',
  positive: 'wallet.errors.amountPositive',
  minimum: 'wallet.errors.amountMinimum',
  balance: 'wallet.errors.amountBalance',
};

const REFUSALS: Record<string, string> = {
  pending: 'wallet.errors.pending',
  below_minimum: 'wallet.errors.amountMinimum',
  insufficient_balance: 'wallet.errors.amountBalance',
  maintenance: 'wallet.errors.maintenance',
  idempotency_mismatch: 'wallet.errors.failed',
  in_flight: 'wallet.errors.pending',
};

const intentKeys = createIntentKeys();
export const PENDING_CHECK_MS = 4000;

export function useWithdraw(): WithdrawModel {
  const { t } = useTranslation();
  const prefix = useAtomValue(prefixAtom);
  const accounts = useAtomValue(gameAccountsAtom);
  const selected = useAtomValue(selectedAccountAtom);
  const session = useAtomValue(sessionAtom);
  const locked = useAtomValue(withdrawLockedAtom);
  const setLocked = useSetAtom(setWithdrawLockedAtom);
  const setProvider = useSetAtom(setProviderAtom);
  const [service, setService] = useState<Service | null>(null);
  const [amount, setAmount] = useState('');
  const [phase, setPhase] = useState<WithdrawModel['phase']>('idle');
  const [blocked, setBlocked] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [amountErrorKey, setAmountErrorKey] = useState<string | null>(null);
  const inFlight = useRef(false);
  const target = accounts.find((a) => a.service === (service ?? selected?.service)) ?? accounts[0] ?? null;
  const minimum = (session.accWeb as { minWithdraw?: number } | null)?.minWithdraw ?? DEFAULT_MIN_WITHDRAW;

  // SPEC §4: withdraw status is true when the check-withdraw reply status is false, i.e. while one is being processed.
  const check = useCallback(async () => {
    const token = prefix ? readToken(prefix) : null;
    if (!token || !target || !prefix) return false;
    try {
      const reply = await checkWithdraw({ game_user: target.gameuser, prefix, token });
      const pending = reply.status === false || reply.pending === true;
      setBlocked(pending);
      setProvider(target.service, { withdrawStatus: pending });
      return pending;
    } catch (error) {
      if (isApiError(error) && error.kind === 'unauthorized') await handleUnauthorized();
      return false;
    }
  }, [prefix, target, setProvider]);

  useEffect(() => {
    void check();
  }, [check]);

  // Events are not replayed: while a withdrawal is pending, ask the server now and then as well, so a
  // MemberTrans missed during a reload or a dropped socket cannot leave the button locked.
  useEffect(() => {
    if (phase !== 'pending') return;
    const timer = setInterval(() => {
      void check().then((pending) => {
        if (!pending) setLocked(false);
      });
    }, PENDING_CHECK_MS);
    return () => clearInterval(timer);
  }, [phase, check, setLocked]);

  // The server's MemberTrans clears the lock: the pending withdrawal is done.
  const wasLocked = useRef(locked);
  useEffect(() => {
    if (wasLocked.current && !locked && phase === 'pending') {
      setPhase('done');
      setAmount('');
      intentKeys.finish();
      void check();
    }
    wasLocked.current = locked;
  }, [locked, phase, check]);

  const send = useCallback(async () => {
    if (!target || !prefix) return;
    const token = readToken(prefix);
    if (!token) return;
    const key = intentKeys.keyFor(target.gameuser, amount);
    setPhase('sending');
    try {
      const reply = await withdrawCall(target.service, { gameuser: target.gameuser, amount: Number(amount), token }, key);
      if (reply.status === true) {
        setPhase('pending');
        setBlocked(true);
        void refreshBalance(target.service);
        return;
      }
      // A definite refusal: unlock, and the next attempt is a new intent.
      setLocked(false);
      intentKeys.finish();
      setPhase('idle');
      setErrorKey(REFUSALS[reply.code ?? ''] ?? 'wallet.errors.failed');
      if (reply.code === 'pending') setBlocked(true);
    } catch (error) {
      if (isApiError(error) && error.kind === 'unauthorized') {
        setLocked(false);
        await handleUnauthorized();
        return;
      }
      if (isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500) {
        setLocked(false);
        setPhase('idle');
        setErrorKey('wallet.errors.failed');
        return;
      }
      // Timed out or the server failed after it may have committed: not "failed", but "checking".
      setPhase('checking');
      setErrorKey(null);
      const pending = await check();
      if (pending) setPhase('pending');
    }
  }, [target, prefix, amount, setLocked, check]);

  const submit = () => {
    if (inFlight.current || locked || !target) return;
    setErrorKey(null);
    const amountError = validateAmount(amount, { minimum, balance: target.balance });
    setAmountErrorKey(amountError ? AMOUNT_ERRORS[amountError]! : null);
    if (amountError || blocked) {
      if (blocked) setErrorKey('wallet.errors.pending');
      return;
    }
    inFlight.current = true;
    setLocked(true);
    void send().finally(() => {
      inFlight.current = false;
    });
  };

  return {
    accounts,
    service: target?.service ?? null,
    setService: (value) => {
      if (locked) return;
      setService(value);
      setPhase('idle');
    },
    amount,
    setAmount: (value) => {
      if (locked) return;
      setAmount(value);
      setAmountErrorKey(null);
      if (phase === 'done') setPhase('idle');
    },
    minimum,
    blocked,
    locked,
    phase,
    submit,
    retry: () => {
      if (inFlight.current || !target) return;
      inFlight.current = true;
      void send().finally(() => {
        inFlight.current = false;
      });
    },
    error: errorKey ? t(errorKey, { minimum }) : null,
    fieldErrors: amountErrorKey ? { amount: t(amountErrorKey, { minimum }) } : {},
  };
}
