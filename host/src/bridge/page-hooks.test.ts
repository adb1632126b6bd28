import { describe, expect, it, vi } from 'vitest';
import type { WithdrawModel } from '@member/shared-core';

// The wallet chunk stands in for the real one; the loader's own logic is what is under test.
const withdrawModel = { service: 'UFA' } as unknown as WithdrawModel;
vi.mock('../member/wallet-chunk', () => ({ hooks: { useWithdraw: () => withdrawModel } }));
const loadMemberStrings = vi.fn(() => Promise.resolve());
vi.mock('../i18n/init-i18n', () => ({ loadMemberStrings }));

const { bridgeHooks, hookChunksFor, loadPageHooks } = await import('./page-hooks');

describe('page hooks in chunks', () => {
  it('knows what each page waits for: nothing for login and logout, the games chunk for every framed page', () => {
    expect(hookChunksFor('login')).toEqual([]);
    expect(hookChunksFor('logout')).toEqual([]);
    expect(hookChunksFor('slot')).toEqual(['games']);
    expect(hookChunksFor('profile')).toEqual(['games']);
    expect(hookChunksFor('withdraw')).toEqual(['games', 'wallet']);
    expect(hookChunksFor('register')).toEqual(['games', 'account']);
    expect(loadPageHooks('slot')).toBe(loadPageHooks('profile'));
    expect(loadPageHooks('login')).toBeNull();
  });

  it('once its chunk is in, a bridge hook is the chunk’s own hook, and the member strings were asked for', async () => {
    const { loadHookChunk } = await import('./page-hooks');
    await loadHookChunk('wallet');
    expect(loadMemberStrings).toHaveBeenCalled();
    expect(bridgeHooks.useWithdraw()).toBe(withdrawModel);
  });
});
