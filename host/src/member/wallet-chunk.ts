import type { BridgeHooks } from '@member/shared-core';
import { useDeposit, useHistory, usePromotion, useWithdraw } from '../bridge/use-wallet';

/** Deposit, withdrawal, history and promotion: loaded when one of those pages is opened. */
export const hooks = { useWithdraw, useDeposit, useHistory, usePromotion } satisfies Partial<BridgeHooks>;
