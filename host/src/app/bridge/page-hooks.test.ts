import { describe, expect, it, vi } from 'vitest';

// The wallet chunk stands in for the real one; the loader's own logic is what is under test (drawing a
// block with a chunk's hook is page-hooks-render.test.tsx's).
const startWallet = vi.fn();
vi.mock('../member-chunks/wallet-chunk', () => ({ hooks: { useWithdraw: () => null }, start: startWallet }));
const loadMemberStrings = vi.fn(() => Promise.resolve());
vi.mock('../../core/i18n/init-i18n', () => ({ loadMemberStrings }));

const { hookChunksFor, loadPageHooks } = await import('./page-hooks');

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

  it('a chunk of hooks comes with the member strings its pages show', async () => {
    const { loadHookChunk } = await import('./page-hooks');
    await loadHookChunk('wallet');
    expect(loadMemberStrings).toHaveBeenCalled();
  });

  it("starts a chunk's answers when it first loads, and never again", async () => {
    const { loadHookChunk } = await import('./page-hooks');
    await loadHookChunk('wallet');
    await loadHookChunk('wallet');
    expect(startWallet).toHaveBeenCalledTimes(1);
  });
});
