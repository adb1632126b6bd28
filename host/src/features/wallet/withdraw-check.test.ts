// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { WithdrawReply } from '@member/shared-core';
import { ApiError } from '../../core/api/api-error';
import {
  checkWithdrawalAtom,
  flowOf,
  startWithdrawalsAtom,
  submitWithdrawAtom,
  withdrawFlowsAtom,
  type WithdrawPorts,
} from './withdraw-state';
import { fakeWithdrawPorts } from './test-withdraw-ports';

const PREFIX = 'pre8';
const UFA = { gameuser: 'pre8u1', service: 'UFA' as const, amount: 300 };

function flowWith(overrides: Partial<WithdrawPorts> = {}) {
  const store = createStore();
  const ports = fakeWithdrawPorts(PREFIX, overrides);
  store.set(startWithdrawalsAtom, ports);
  return { store, ports, flow: () => flowOf(store.get(withdrawFlowsAtom), UFA.gameuser) };
}

afterEach(() => localStorage.clear());

describe('checking an account for withdrawals', () => {
  it('a withdrawal pending that no tab here sent (another device) blocks the account until the server says it is done', async () => {
    let pending = true;
    const t = flowWith({ checkPending: vi.fn(async () => ({ pending })) });
    await t.store.set(checkWithdrawalAtom, UFA.gameuser);
    expect(t.flow()).toEqual({ phase: 'pending', intent: null });
    // Nothing of ours to report a state for.
    expect(t.ports.onServerState).not.toHaveBeenCalled();
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.ports.send).not.toHaveBeenCalled();

    pending = false;
    await t.store.set(checkWithdrawalAtom, UFA.gameuser);
    expect(t.flow()).toEqual({ phase: 'idle' });
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.ports.send).toHaveBeenCalledTimes(1);
  });

  it('our own pending withdrawal is reported to the provider state and stays until the history settles it', async () => {
    const t = flowWith();
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.ports.onServerState).toHaveBeenCalledWith('UFA', true);
    vi.mocked(t.ports.checkPending).mockResolvedValueOnce({ pending: true });
    await t.store.set(checkWithdrawalAtom, UFA.gameuser);
    expect(t.flow()).toMatchObject({ phase: 'pending', intent: { key: 'key-1' } });
    expect(t.ports.onServerState).toHaveBeenLastCalledWith('UFA', true);
  });

  it('a 401 while checking logs out', async () => {
    const t = flowWith({ checkPending: vi.fn(async () => Promise.reject(new ApiError('unauthorized', 'checkWithdraw', 401))) });
    await t.store.set(checkWithdrawalAtom, UFA.gameuser);
    expect(t.ports.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(t.flow()).toEqual({ phase: 'idle' });
  });

  it('asks one question per account at a time', async () => {
    let answer: (pending: { pending: boolean }) => void = () => undefined;
    const t = flowWith();
    vi.mocked(t.ports.checkPending).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const first = t.store.set(checkWithdrawalAtom, UFA.gameuser);
    await t.store.set(checkWithdrawalAtom, UFA.gameuser);
    expect(t.ports.checkPending).toHaveBeenCalledTimes(1);
    answer({ pending: false });
    await first;
    await t.store.set(checkWithdrawalAtom, UFA.gameuser);
    expect(t.ports.checkPending).toHaveBeenCalledTimes(2);
  });
});

describe('the answers to a submitted withdrawal', () => {
  it('a 4xx that names no final refusal is not "not made": the intent is checked, and the same key asked again', async () => {
    const t = flowWith({ send: vi.fn(async () => Promise.reject(new ApiError('http', 'ufaWithdraw', 422))) });
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow()).toMatchObject({ phase: 'checking', intent: { key: 'key-1', reason: 'unclear' } });
    expect(t.ports.intents.read()[UFA.gameuser]?.state).toBe('checking');
    await vi.waitFor(() => expect(vi.mocked(t.ports.send).mock.calls.map(([sent]) => sent.key)).toEqual(['key-1', 'key-1']));
    expect(t.flow()).toMatchObject({ phase: 'checking', intent: { key: 'key-1', reason: 'unclear' } });
    expect(t.ports.refreshBalance).not.toHaveBeenCalled();
  });

  it('a 4xx carrying a final refusal is "not made", with its reason', async () => {
    const t = flowWith({
      send: vi.fn(async () => Promise.reject(new ApiError('http', 'ufaWithdraw', 422, null, { code: 'limit_exceeded' }))),
    });
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow()).toMatchObject({ phase: 'refused', problem: 'limit_exceeded', intent: { key: 'key-1' } });
    expect(t.ports.intents.read()[UFA.gameuser]).toMatchObject({ state: 'unbooked', refusal: 'limit_exceeded' });
  });

  it('a refusal because another is pending is this withdrawal\'s "not made", kept on screen with its amount', async () => {
    const t = flowWith({ send: vi.fn(async (): Promise<WithdrawReply> => ({ status: false, code: 'pending' })) });
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow()).toMatchObject({ phase: 'refused', problem: 'pending', intent: { key: 'key-1', amount: 300 } });
  });

  it("a withdrawal the server took refreshes the provider's balance once", async () => {
    const t = flowWith();
    await t.store.set(submitWithdrawAtom, UFA);
    expect(t.flow()).toMatchObject({ phase: 'pending', intent: { amount: 300, service: 'UFA' } });
    expect(t.ports.send).toHaveBeenCalledWith(expect.objectContaining({ key: 'key-1', gameuser: 'pre8u1', service: 'UFA', amount: 300 }));
    expect(t.ports.refreshBalance).toHaveBeenCalledTimes(1);
    expect(t.ports.refreshBalance).toHaveBeenCalledWith('UFA');
  });
});
