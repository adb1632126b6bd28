import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { providersAtom, setWithdrawStatusAtom, balancesAtom } from '../../features/accounts/state';
import { refreshAtAtom } from '../../features/lobby/state';
import { lastDepositAtom, withdrawSettledSignalAtom } from '../../features/wallet/state';
import { TOAST_MS, memberTransAtom } from '../../features/realtime/member-events';
import { CREDIT_COUNTDOWN_MS } from '../../features/lobby/on-member-trans';
import { answerMemberTransInFeatures } from './answer-member-trans';
import { testMemberStore } from '../../core/base/test-member';
import { withCreditOnly } from '../../features/accounts/test-providers';

const fire = vi.hoisted(() => vi.fn());
vi.mock('../../core/lib/sweetalert', () => ({ default: { fire } }));

let stopAnswering: () => void = () => undefined;
beforeAll(() => {
  stopAnswering = answerMemberTransInFeatures();
});
afterAll(() => stopAnswering());

function memberStore() {
  const store = testMemberStore({ memberInfo: null });
  return { store, ...withCreditOnly(store) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  fire.mockClear();
});

describe('a MemberTrans, as the member chunk wires the features', () => {
  it('does nothing for status false or a payload of another shape', () => {
    const { store, credit } = memberStore();
    expect(store.set(memberTransAtom, { status: false, gameuser: 'pre8u1', type: 'withdraw', service: 'UFA' }, { refetch: true })).toBe(
      false,
    );
    expect(store.set(memberTransAtom, { status: true, gameuser: 'pre8u1', type: 'bonus', service: 'UFA' }, { refetch: true })).toBe(false);
    expect(store.get(withdrawSettledSignalAtom)).toBeNull();
    expect(store.get(refreshAtAtom)).toBe(0);
    expect(credit).not.toHaveBeenCalled();
  });

  it('for a withdrawal: a toast of 4.5 s, the withdrawal settled, the withdraw status false, a 5 s countdown and, in the leading tab, the balance again', async () => {
    const { store, credit } = memberStore();
    store.set(setWithdrawStatusAtom, 'UFA', true);
    const before = Date.now();
    expect(store.set(memberTransAtom, { status: true, gameuser: 'pre8u1', type: 'withdraw', service: 'UFA' }, { refetch: true })).toBe(
      true,
    );
    await vi.waitFor(() => expect(fire).toHaveBeenCalledTimes(1));
    expect(fire.mock.calls[0]![0]).toMatchObject({
      toast: true,
      timer: TOAST_MS,
      showConfirmButton: false,
      title: expect.stringContaining('pre8u1'),
    });
    expect(store.get(withdrawSettledSignalAtom)).toMatchObject({ gameuser: 'pre8u1', seq: 1 });
    expect(store.get(providersAtom).UFA.withdrawStatus).toBe(false);
    expect(store.get(refreshAtAtom)).toBeGreaterThanOrEqual(before + CREDIT_COUNTDOWN_MS);
    expect(credit).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(store.get(balancesAtom).UFA.balance).toBe(777));
  });

  it('for a deposit: the deposit is announced to the deposit page; another tab does not fetch the balance', () => {
    const { store, credit } = memberStore();
    store.set(memberTransAtom, { status: true, gameuser: 'pre8u1', type: 'deposit', service: 'UFA' }, { refetch: false });
    expect(store.get(lastDepositAtom)).toMatchObject({ gameuser: 'pre8u1' });
    expect(store.get(withdrawSettledSignalAtom)).toBeNull();
    expect(credit).not.toHaveBeenCalled();
  });
});
