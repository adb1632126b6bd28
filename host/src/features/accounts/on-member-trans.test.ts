import { describe, expect, it, vi } from 'vitest';
import { balancesAtom, providersAtom, setWithdrawStatusAtom } from './state';
import { accountsOnMemberTrans } from './on-member-trans';
import { testMemberStore } from '../../core/base/test-member';
import { withCreditOnly } from './test-providers';

function accountsStore() {
  const store = testMemberStore({ memberInfo: null });
  const { credit } = withCreditOnly(store);
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
