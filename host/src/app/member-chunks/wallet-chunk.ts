import type { BridgeHooks } from '@member/shared-core';
import { useDeposit } from '../../features/wallet/use-deposit';
import { useHistory } from '../../features/wallet/use-history';
import { usePromotion } from '../../features/wallet/use-promotion';
import { useWithdraw } from '../../features/wallet/use-withdraw';
import { answerSessionEndInWithdrawals } from '../../features/wallet/withdraw-state';

/** Deposit, withdrawal, history and promotion: loaded when one of those pages is opened. */
export const hooks = { useWithdraw, useDeposit, useHistory, usePromotion } satisfies Partial<BridgeHooks>;

/** What the chunk's state answers once it is loaded (app/bridge/page-hooks.ts starts it, once): the end of a session. */
export function start(): void {
  answerSessionEndInWithdrawals();
}
