import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { type Service, type WithdrawModel } from '@member/shared-core';
import { acceptAmountInput, AMOUNT_ERROR_KEYS, amountOf } from '@member/shared-core/helpers/amount';
import { prefixAtom } from '../core/boot-state';
import { gameAccountsAtom, selectedAccountAtom } from '../accounts/state';
import { isLoggedInAtom, sessionAtom } from '../core/session-state';
import { DEFAULT_MIN_WITHDRAW, validateAmount } from './withdraw-rules';
import { isLocked, screenPhaseOf, unlessLocked, type WithdrawProblem } from '@member/shared-core/wallet/withdraw-flow';
import { apiWithdrawPorts } from './withdraw-ports';
import {
  checkWithdrawalAtom, dismissWithdrawOutcomeAtom, flowOf, submitWithdrawAtom, withdrawFlowsAtom,
} from './withdraw-state';
import { acquireWithdrawWatch, startWithdrawWatch } from './withdraw-watch';

const PROBLEMS: Record<WithdrawProblem, string> = {
  pending: 'wallet.errors.pending',
  below_minimum: 'wallet.errors.amountMinimum',
  insufficient_balance: 'wallet.errors.amountBalance',
  maintenance: 'wallet.errors.maintenance',
  not_your_game_user: 'wallet.errors.failed',
  failed: 'wallet.errors.failed',
  settledRejected: 'wallet.errors.rejected',
  unbooked: 'wallet.errors.unbooked',
};

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
  const selected = useAtomValue(selectedAccountAtom);
  const session = useAtomValue(sessionAtom);
  const flows = useAtomValue(withdrawFlowsAtom);
  const submitWithdraw = useSetAtom(submitWithdrawAtom);
  const checkWithdrawal = useSetAtom(checkWithdrawalAtom);
  const dismiss = useSetAtom(dismissWithdrawOutcomeAtom);
  const [service, setService] = useState<Service | null>(null);
  const [amount, setAmount] = useState('');
  const [amountErrorKey, setAmountErrorKey] = useState<string | null>(null);
  const [heldBack, setHeldBack] = useState(false);
  const target = accounts.find((a) => a.service === (service ?? selected?.service)) ?? accounts[0] ?? null;
  const gameuser = target?.gameuser ?? null;
  const flow = flowOf(flows, gameuser);
  const locked = isLocked(flow);
  const minimum = session.accWeb?.minWithdraw ?? DEFAULT_MIN_WITHDRAW;

  useWithdrawWatch(prefix, loggedIn);

  // Once per account shown: is a withdrawal of it already being processed (from another device, say)?
  useEffect(() => {
    if (gameuser && loggedIn) void checkWithdrawal(gameuser);
  }, [gameuser, loggedIn, checkWithdrawal]);

  // A finished withdrawal empties the amount, ready for the next one.
  const doneKey = flow.phase === 'done' ? flow.intent.key : null;
  useEffect(() => {
    if (doneKey) setAmount('');
  }, [doneKey]);

  const intent = flow.phase === 'idle' ? null : flow.intent;
  const problem = flow.phase === 'refused' ? flow.problem : null;
  const errorKey = problem ? PROBLEMS[problem] : heldBack && flow.phase === 'pending' && !intent ? PROBLEMS.pending : null;

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
    blocked: flow.phase === 'pending' && intent === null,
    locked,
    phase: screenPhaseOf(flow),
    intent: intent ? { amount: intent.amount, gameuser: intent.gameuser, service: intent.service } : null,
    submit: () => {
      if (!target || locked) {
        if (flow.phase === 'pending' && !intent) setHeldBack(true);
        return;
      }
      const amountError = validateAmount(amount, { minimum, balance: target.balance });
      setAmountErrorKey(amountError ? AMOUNT_ERROR_KEYS[amountError] : null);
      if (amountError) return;
      setHeldBack(false);
      void submitWithdraw({ gameuser: target.gameuser, service: target.service, amount: amountOf(amount)! });
    },
    retry: () => {
      if (gameuser) void checkWithdrawal(gameuser);
    },
    error: errorKey ? t(errorKey, { minimum }) : null,
    fieldErrors: amountErrorKey ? { amount: t(amountErrorKey, { minimum }) } : {},
  };
}
