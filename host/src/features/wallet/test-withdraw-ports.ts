/**
 * For the host's tests only: the withdrawal flow's ports faked, as an operator that books every withdrawal and has
 * none pending, on a device whose clock is the server's.
 */
import { vi } from 'vitest';
import type { WithdrawReply } from '@member/shared-core';
import { createIntentStore } from './withdraw-intents';
import type { WithdrawPorts } from './withdraw-state';

/** Every call a vi.fn but the key (always 'key-1') and the clocks; the intents kept on the device under `prefix`. */
export function fakeWithdrawPorts(prefix: string, overrides: Partial<WithdrawPorts> = {}): WithdrawPorts {
  return {
    intents: createIntentStore(prefix, undefined),
    checkPending: vi.fn(async () => ({ pending: false })),
    history: vi.fn(async () => []),
    send: vi.fn(async (): Promise<WithdrawReply> => ({ status: true, pending: true })),
    newKey: () => 'key-1',
    now: () => Date.now(),
    serverOffsetMs: () => 0,
    onUnauthorized: vi.fn(async () => undefined),
    onServerState: vi.fn(),
    refreshBalance: vi.fn(),
    ...overrides,
  };
}
