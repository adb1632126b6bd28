import type { BridgeHooks } from '@member/shared-core';
import { useDeposit } from '../bridge/use-deposit';
import { useHistory } from '../bridge/use-history';
import { usePromotion } from '../bridge/use-promotion';
import { useWithdraw } from '../bridge/use-withdraw';

/** Deposit, withdrawal, history and promotion: loaded when one of those pages is opened. */
export const hooks = { useWithdraw, useDeposit, useHistory, usePromotion } satisfies Partial<BridgeHooks>;
