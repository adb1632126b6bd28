import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { GameAccountView, WithdrawModel } from '../bridge/types';
import type { Service } from '../types/entities';
import { amountInput, AMOUNT_ERROR_KEYS, type AmountError } from '../helpers/amount';
import { unlessLocked, type WithdrawFlow } from './withdraw-flow';
import { withdrawAccount, withdrawRequestOf, type WithdrawOrder } from './withdraw-rules';
import { withdrawScreenOf } from './withdraw-screen';

/** What the withdraw form needs from whoever runs the withdrawals (the host's flow, or a preview's pretend one). */
export interface WithdrawFormPorts {
  accounts: readonly GameAccountView[];
  /** The site's minimum, in baht. */
  minimum: number;
  /** The flow of a game user's withdrawal. */
  flowOf(gameuser: string | null): WithdrawFlow;
  /** Starts the withdrawal the form asks for (only ever for an account that is not locked). */
  send(order: WithdrawOrder): void;
  /** Asks the server what became of the account's withdrawal, or whether another one is pending; never a new withdrawal. */
  check(gameuser: string): void;
  /** The member starts on the next withdrawal: an outcome already seen leaves the screen. */
  dismiss(gameuser: string): void;
  t: TFunction;
  /** The device's clock (ms), for the count to the next send while checking. */
  now?: () => number;
}

/** Whole seconds from `now` to `at`, at least 0; null for no time. */
const secondsUntil = (at: number | null, now: number): number | null => (at === null ? null : Math.max(0, Math.ceil((at - now) / 1000)));

/** Renders once a second while `active`: the count to the next send goes down before the member's eyes. */
function useSecondTick(active: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
}

/**
 * The withdraw form over a withdrawal flow: the account and amount, both fixed while a withdrawal is locked; the
 * amount taken as it is typed and checked before anything is sent; a pending withdrawal of another device holds the
 * form back and says so once pressed; an edit after an outcome starts afresh; a finished withdrawal empties the
 * amount; while checking, why, and the seconds to the next send of the same request. Each account shown is asked about
 * once, as one may already be under way.
 */
export function useWithdrawForm({ accounts, minimum, flowOf, send, check, dismiss, t, now = Date.now }: WithdrawFormPorts): WithdrawModel {
  const [service, setService] = useState<Service | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<AmountError | null>(null);
  const [heldBack, setHeldBack] = useState(false);
  const target = withdrawAccount(accounts, service);
  const gameuser = target?.gameuser ?? null;
  const screen = withdrawScreenOf(flowOf(gameuser), heldBack);
  const { locked } = screen;
  // Past the time a withdrawal is sent for, it is only asked about: no count.
  const askInS = screen.checking && now() < screen.checking.sentUntil ? secondsUntil(screen.checking.nextSendAt, now()) : null;
  useSecondTick(askInS !== null && askInS > 0);

  useEffect(() => {
    if (gameuser) check(gameuser);
  }, [gameuser, check]);

  useEffect(() => {
    if (screen.doneKey) setAmount('');
  }, [screen.doneKey]);

  return {
    accounts,
    service: target?.service ?? null,
    setService: unlessLocked(locked, (value: Service) => {
      setService(value);
      setHeldBack(false);
    }),
    amount,
    setAmount: unlessLocked(locked, (value: string) => {
      // What could not be taken, or a negative amount, is said at once, next to the field.
      const input = amountInput(amount, value);
      setAmount(input.text);
      setAmountError(input.refused);
      setHeldBack(false);
      if (gameuser) dismiss(gameuser);
    }),
    minimum,
    blocked: screen.blocked,
    locked,
    phase: screen.phase,
    intent: screen.intent,
    checking: screen.checking ? { reason: t(screen.checking.reasonKey), askInS } : null,
    submit: () => {
      if (!target || locked) {
        if (screen.blocked) setHeldBack(true);
        return;
      }
      const { error, request } = withdrawRequestOf(amount, target, minimum);
      setAmountError(error);
      if (!request) return;
      setHeldBack(false);
      send(request);
    },
    retry: () => {
      if (gameuser) check(gameuser);
    },
    error: screen.errorKey ? t(screen.errorKey, { minimum }) : null,
    fieldErrors: amountError ? { amount: t(AMOUNT_ERROR_KEYS[amountError], { minimum }) } : {},
  };
}
