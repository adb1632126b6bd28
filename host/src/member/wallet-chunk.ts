import type { BridgeHooks } from '@member/shared-core';
import { useDeposit } from '../wallet/use-deposit';
import { useHistory } from '../wallet/use-history';
import { usePromotion } from '../wallet/use-promotion';
import { useWithdraw } from '../wallet/use-withdraw';

/** Deposit, withdrawal, history and promotion: loaded when one of those pages is opened. */
export const hooks = { useWithdraw, useDeposit, useHistory, usePromotion } satisfies Partial<BridgeHooks>;
