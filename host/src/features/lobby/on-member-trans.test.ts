import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { refreshAtAtom } from './state';
import { lobbyOnMemberTrans } from './on-member-trans';

describe('the lobby on a completed MemberTrans', () => {
  it('counts down 5 s to the fresh credit', () => {
    const store = createStore();
    const before = Date.now();
    lobbyOnMemberTrans({ set: store.set, trans: { status: true, gameuser: 'pre8u1', type: 'deposit', service: 'UFA' }, refetch: false });
    expect(store.get(refreshAtAtom)).toBeGreaterThanOrEqual(before + 5000);
    expect(store.get(refreshAtAtom)).toBeLessThan(before + 6000);
  });
});
