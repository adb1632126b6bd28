import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { RuntimeConfig, SitesFile } from '@member/shared-core';
import { bootReadyAtom } from '../core/boot-state';
import { sessionFromReplyAtom } from '../core/session-state';
import type { ProviderAdapter } from './providers';
import { providerAdaptersAtom } from './game-actions';
import { balancesAtom, providersAtom, setWithdrawStatusAtom } from './state';
import { accountsOnMemberTrans } from './on-member-trans';

function accountsStore() {
  const store = createStore();
  store.set(bootReadyAtom, { config: { allowedOrigins: [] } as unknown as RuntimeConfig, sites: { sites: [{ key: 'pre8' }] } as unknown as SitesFile, prefix: 'pre8' });
  store.set(sessionFromReplyAtom, {
    reply: { status: true, access_token: 't', games: [{ service: 'UFA', game_user: 'pre8u1', game_password: 'p', main: true, generate: false }] },
    loginBy: 'phone',
    fresh: true,
  });
  const credit = vi.fn<ProviderAdapter['credit']>(async () => 777);
  const adapter: ProviderAdapter = {
    maintain: async () => false,
    login: async () => null,
    check: async () => null,
    credit,
    changePassword: async () => null,
    keepAlive: async () => 'alive',
  };
  store.set(providerAdaptersAtom, { GCLUB: adapter, UFA: adapter });
  store.set(setWithdrawStatusAtom, 'UFA', true);
  return { store, credit };
}

const withdrawal = { status: true, gameuser: 'pre8u1', type: 'withdraw', service: 'UFA' } as const;

describe('the game accounts on a completed MemberTrans', () => {
  it('free the account a withdrawal held and, in the tab that fetches, read its credit again', async () => {
    const { store, credit } = accountsStore();
    accountsOnMemberTrans({ set: store.set, trans: withdrawal, refetch: true });
    expect(store.get(providersAtom).UFA.withdrawStatus).toBe(false);
    await vi.waitFor(() => expect(store.get(balancesAtom).UFA.balance).toBe(777));
    expect(credit).toHaveBeenCalledTimes(1);
  });

  it('in another tab of the member, free the account without asking the provider', () => {
    const { store, credit } = accountsStore();
    accountsOnMemberTrans({ set: store.set, trans: withdrawal, refetch: false });
    expect(store.get(providersAtom).UFA.withdrawStatus).toBe(false);
    expect(credit).not.toHaveBeenCalled();
  });
});
