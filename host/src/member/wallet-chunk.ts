import type { BridgeHooks } from '@member/shared-core';
import { useDeposit } from '../wallet/use-deposit';
import { useHistory } from '../wallet/use-history';
import { usePromotion } from '../wallet/use-promotion';
import { useWithdraw } from '../wallet/use-withdraw';
import { answerSessionEndInWithdrawals } from '../wallet/withdraw-state';

/** Deposit, withdrawal, history and promotion: loaded when one of those pages is opened. */
export const hooks = { useWithdraw, useDeposit, useHistory, usePromotion } satisfies Partial<BridgeHooks>;

/** What the chunk's state answers once it is loaded (bridge/page-hooks.ts starts it, once): the end of a session. */
export function start(): void {
  answerSessionEndInWithdrawals();
}
