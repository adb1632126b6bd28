import type { BridgeHooks } from '@member/shared-core';
import { useRegisterFlow } from '../../features/session/use-register-flow';
import { useChangePassword, useConnectPhone, useLineConnect } from '../../features/session/use-account-forms';

/** Registration and the account forms (password, phone, LINE): loaded when register or info is opened. */
export const hooks = { useRegisterFlow, useChangePassword, useConnectPhone, useLineConnect } satisfies Partial<BridgeHooks>;
