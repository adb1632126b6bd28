import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { DepositModel } from '@member/shared-core';
import { gameAccountsAtom } from '../state/games';
import { sessionAtom } from '../state/session';
import { lastDepositAtom } from '../state/wallet';
import { serverIsoNow } from '../lib/server-clock';

export function useDeposit(): DepositModel {
  const session = useAtomValue(sessionAtom);
  const accounts = useAtomValue(gameAccountsAtom);
  const lastDeposit = useAtomValue(lastDepositAtom);
  // Compared with the deposit event's stamp, which is server time too.
  const [openedAt] = useState(() => serverIsoNow());
  return {
    clubBank: session.accWeb?.bank ?? null,
    memberInfo: session.memberInfo,
    lastDeposit: lastDeposit && lastDeposit.at >= openedAt ? lastDeposit : null,
    accounts,
  };
}
