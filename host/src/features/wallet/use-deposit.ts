import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { DepositModel } from '@member/shared-core';
import { gameAccountsAtom } from '../accounts/state';
import { sessionAtom } from '../../core/base/session-state';
import { lastDepositAtom } from './state';

export function useDeposit(): DepositModel {
  const session = useAtomValue(sessionAtom);
  const accounts = useAtomValue(gameAccountsAtom);
  const lastDeposit = useAtomValue(lastDepositAtom);
  // Only a deposit announced while this page is open confirms anything here: every event is a new value, so the
  // one already there when the page opened is told apart without comparing clocks.
  const [announcedBefore] = useState(lastDeposit);
  return {
    clubBank: session.accWeb?.bank ?? null,
    memberInfo: session.memberInfo,
    lastDeposit: lastDeposit !== announcedBefore ? lastDeposit : null,
    accounts,
  };
}
