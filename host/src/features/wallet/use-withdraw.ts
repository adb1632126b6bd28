import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { type WithdrawModel } from '@member/shared-core';
import { prefixAtom } from '../../core/base/boot-state';
import { gameAccountsAtom } from '../accounts/state';
import { isLoggedInAtom, sessionAtom } from '../../core/base/session-state';
import { withdrawMinimum } from '@member/shared-core/wallet/withdraw-rules';
import { useWithdrawForm } from '@member/shared-core/wallet/use-withdraw-form';
import { apiWithdrawPorts } from './withdraw-ports';
import { checkWithdrawalAtom, dismissWithdrawOutcomeAtom, flowOf, submitWithdrawAtom, withdrawFlowsAtom } from './withdraw-state';
import { acquireWithdrawWatch, startWithdrawWatch } from './withdraw-watch';

/** The withdrawal flow's effects run while a withdraw screen is shown (one watch however many blocks ask). */
function useWithdrawWatch(prefix: string | null, loggedIn: boolean): void {
  const store = useStore();
  useEffect(() => {
    if (!prefix || !loggedIn) return;
    return acquireWithdrawWatch(prefix, () => startWithdrawWatch({ store, prefix, ports: apiWithdrawPorts(store, prefix) }));
  }, [prefix, loggedIn, store]);
}

/** The withdraw screen: the contract's form (shared-core's useWithdrawForm) over the host's flow (features/wallet/withdraw-state). */
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

  useWithdrawWatch(prefix, loggedIn);

  // A login asks again about the account shown: only a member's session can tell.
  const check = useCallback(
    (gameuser: string) => {
      if (loggedIn) void checkWithdrawal(gameuser);
    },
    [loggedIn, checkWithdrawal],
  );

  return useWithdrawForm({
    accounts,
    minimum: withdrawMinimum(session.accWeb),
    flowOf: (gameuser) => flowOf(flows, gameuser),
    send: (order) => void submitWithdraw(order),
    check,
    dismiss,
    t,
  });
}
