import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { type Service, type WithdrawModel } from '@member/shared-core';
import { acceptAmountInput, AMOUNT_ERROR_KEYS } from '@member/shared-core/helpers/amount';
import { prefixAtom } from '../app/boot-state';
import { gameAccountsAtom } from '../accounts/state';
import { isLoggedInAtom, sessionAtom } from '../session/state';
import { unlessLocked } from '@member/shared-core/wallet/withdraw-flow';
import { withdrawAccount, withdrawMinimum, withdrawRequestOf } from '@member/shared-core/wallet/withdraw-rules';
import { withdrawScreenOf } from '@member/shared-core/wallet/withdraw-screen';
import { apiWithdrawPorts } from './withdraw-ports';
import {
  checkWithdrawalAtom, dismissWithdrawOutcomeAtom, flowOf, submitWithdrawAtom, withdrawFlowsAtom,
} from './withdraw-state';
import { acquireWithdrawWatch, startWithdrawWatch } from './withdraw-watch';

/** The withdrawal flow's effects run while a withdraw screen is shown (one watch however many blocks ask). */
function useWithdrawWatch(prefix: string | null, loggedIn: boolean): void {
  const store = useStore();
  useEffect(() => {
    if (!prefix || !loggedIn) return;
    return acquireWithdrawWatch(prefix, () => startWithdrawWatch({ store, prefix, ports: apiWithdrawPorts(store, prefix) }));
  }, [prefix, loggedIn, store]);
}

/** The withdraw screen: form state here; what happens to a withdrawal is the flow's (wallet/withdraw-state). */
export function useWithdraw(): WithdrawModel {
  const { t } = useTranslation();
  const prefix = useAtomValue(prefixAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const accounts = useAtomValue(gameAccountsAtom);
  const session = useAtomValue(sessionAtom);
  const flows = useAtomValue(withdrawFlowsAtom);
  const submitWithdraw = useSetAtom(submitWithdrawAtom);
  const checkWithdrawal = useSetAtom(checkWithdrawalAtom);
  const dismiss = useSetAtom(dismissWithdrawOutcomeAtom);
  const [service, setService] = useState<Service | null>(null);
  const [amount, setAmount] = useState('');
  const [amountErrorKey, setAmountErrorKey] = useState<string | null>(null);
  const [heldBack, setHeldBack] = useState(false);
  const target = withdrawAccount(accounts, service);
  const gameuser = target?.gameuser ?? null;
  const screen = withdrawScreenOf(flowOf(flows, gameuser), heldBack);
  const { locked } = screen;
  const minimum = withdrawMinimum(session.accWeb);

  useWithdrawWatch(prefix, loggedIn);

  // Once per account shown: is a withdrawal of it already being processed (from another device, say)?
  useEffect(() => {
    if (gameuser && loggedIn) void checkWithdrawal(gameuser);
  }, [gameuser, loggedIn, checkWithdrawal]);

  // A finished withdrawal empties the amount, ready for the next one.
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
      setAmount((previous) => acceptAmountInput(previous, value));
      setAmountErrorKey(null);
      setHeldBack(false);
      if (gameuser) dismiss(gameuser);
    }),
    minimum,
    blocked: screen.blocked,
    locked,
    phase: screen.phase,
    intent: screen.intent,
    submit: () => {
      if (!target || locked) {
        if (screen.blocked) setHeldBack(true);
        return;
      }
      const { error, request } = withdrawRequestOf(amount, target, minimum);
      setAmountErrorKey(error ? AMOUNT_ERROR_KEYS[error] : null);
      if (!request) return;
      setHeldBack(false);
      void submitWithdraw(request);
    },
    retry: () => {
      if (gameuser) void checkWithdrawal(gameuser);
    },
    error: screen.errorKey ? t(screen.errorKey, { minimum }) : null,
    fieldErrors: amountErrorKey ? { amount: t(amountErrorKey, { minimum }) } : {},
  };
}
