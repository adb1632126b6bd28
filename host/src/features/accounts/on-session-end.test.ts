// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { local } from '../../core/lib/safe-storage';
import { balancesAtom, markAwayForGameAtom, providersAtom, setBalanceAtom, setProviderAtom, takeReturnFromGameAtom } from './state';
import { accountsOnSessionEnd } from './on-session-end';

const MEMBER_KEYS = ['gclubToken_', 'accountInfo_', 'ufaAccid_', 'ufaSessionsn_', 'ufaShots_', 'balances_'];

afterEach(() => localStorage.clear());

describe('the game accounts at the end of a session', () => {
  it('forget the providers, balances and a game left open, with the provider sessions and balances on the device, of this site only', () => {
    const store = createStore();
    store.set(setProviderAtom, 'UFA', { logged: true, withdrawStatus: true });
    store.set(setBalanceAtom, 'UFA', { balance: 900 });
    store.set(markAwayForGameAtom);
    for (const key of MEMBER_KEYS) {
      local.set(`${key}pre8`, 'x');
      local.set(`${key}os39`, 'y');
    }
    local.set('locale', 'EN');

    accountsOnSessionEnd({ set: store.set, prefix: 'pre8' });

    expect(store.get(providersAtom).UFA).toMatchObject({ logged: false, withdrawStatus: false });
    expect(store.get(balancesAtom).UFA.balance).not.toBe(900);
    expect(store.set(takeReturnFromGameAtom)).toBe(false);
    for (const key of MEMBER_KEYS) {
      expect(local.get(`${key}pre8`)).toBeNull();
      expect(local.get(`${key}os39`)).toBe('y');
    }
    expect(local.get('locale')).toBe('EN');
  });
});
