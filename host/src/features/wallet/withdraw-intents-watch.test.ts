// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';
import { anyUnresolvedIntent, createIntentStore, intentsKey, watchAllIntents } from './withdraw-intents';
import { walletOnSessionEnd } from './on-session-end';

const intent = (state: WithdrawIntent['state'], gameuser = 'pre8u1'): WithdrawIntent => ({
  key: `key-${gameuser}`,
  gameuser,
  service: 'UFA',
  amount: 300,
  createdAt: 1_000,
  state,
});

afterEach(() => localStorage.clear());

/** Stores `intent` for its game user as the site's tabs would: claimed, then updated to its state. */
async function keep(prefix: string, value: WithdrawIntent): Promise<void> {
  const intents = createIntentStore(prefix, undefined);
  await intents.claim(value.gameuser, () => ({ ...value, state: 'sending' }));
  intents.update(value);
}

describe('any unresolved withdrawal on the device (what holds the update offer back)', () => {
  it('is any brand’s intent still sending, pending or checking', async () => {
    expect(anyUnresolvedIntent(localStorage)).toBe(false);
    await keep('pre8', intent('completed'));
    await keep('os39', intent('rejected', 'os39u1'));
    expect(anyUnresolvedIntent(localStorage)).toBe(false);
    for (const [i, state] of (['sending', 'checking', 'pending'] as const).entries()) {
      await keep('os39', { ...intent(state, 'os39u2'), key: `key-${i}` });
      expect(anyUnresolvedIntent(localStorage)).toBe(true);
      createIntentStore('os39', undefined).update({ ...intent('unbooked', 'os39u2'), key: `key-${i}` });
      expect(anyUnresolvedIntent(localStorage)).toBe(state === 'pending');
    }
  });

  it('holds nothing back for unreadable storage or a value that is not intents', () => {
    localStorage.setItem(intentsKey('pre8'), '{not json');
    localStorage.setItem('elsewhere', JSON.stringify({ a: intent('pending') }));
    expect(anyUnresolvedIntent(localStorage)).toBe(false);
    expect(anyUnresolvedIntent(null)).toBe(false);
  });
});

describe('watching every brand’s intents', () => {
  it("hears this tab's own writes and the session's end, and other tabs' changes", async () => {
    await keep('pre8', intent('sending'));
    const onChange = vi.fn();
    const stop = watchAllIntents(onChange);
    createIntentStore('pre8', undefined).update(intent('pending'));
    expect(onChange).toHaveBeenCalledTimes(1);
    walletOnSessionEnd({ set: vi.fn() as never, prefix: 'pre8' });
    expect(onChange).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: intentsKey('os39') }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'locale' }));
    expect(onChange).toHaveBeenCalledTimes(3);
    stop();
    await keep('pre8', intent('completed'));
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});
