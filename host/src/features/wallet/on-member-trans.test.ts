import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { lastDepositAtom, withdrawSettledSignalAtom } from './state';
import { walletOnMemberTrans } from './on-member-trans';

describe('the wallet on a completed MemberTrans', () => {
  it('settles a withdrawal of that game user, and nothing else', () => {
    const store = createStore();
    walletOnMemberTrans({ set: store.set, trans: { status: true, gameuser: 'pre8u1', type: 'withdraw', service: 'UFA' }, refetch: true });
    expect(store.get(withdrawSettledSignalAtom)).toMatchObject({ gameuser: 'pre8u1', seq: 1 });
    expect(store.get(lastDepositAtom)).toBeNull();
  });

  it('shows a deposit on the deposit page, and settles no withdrawal', () => {
    const store = createStore();
    walletOnMemberTrans({ set: store.set, trans: { status: true, gameuser: 'pre8u1', type: 'deposit', service: 'GCLUB' }, refetch: false });
    expect(store.get(lastDepositAtom)).toMatchObject({ gameuser: 'pre8u1' });
    expect(store.get(withdrawSettledSignalAtom)).toBeNull();
  });
});
