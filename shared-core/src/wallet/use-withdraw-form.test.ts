// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { GameAccountView } from '../bridge/types';
import { IDLE, type WithdrawFlow } from './withdraw-flow';
import { useWithdrawForm, type WithdrawFormPorts } from './use-withdraw-form';

const account = (service: 'UFA' | 'GCLUB', selected: boolean): GameAccountView => ({
  service, gameuser: `pre8${service}`, password: 'pw', main: selected, generate: false, selected, balance: 1000, balanceUpdatedAt: null,
  balanceLoading: false, logged: true, maintain: false, balanceFailed: false,
});
const t = ((key: string) => key) as unknown as TFunction;

function renderForm(flow: WithdrawFlow = IDLE) {
  const ports: WithdrawFormPorts = {
    accounts: [account('UFA', true), account('GCLUB', false)], minimum: 100, flowOf: () => flow, send: vi.fn(), check: vi.fn(), dismiss: vi.fn(), t,
  };
  return { ports, ...renderHook(() => useWithdrawForm(ports)) };
}

describe('useWithdrawForm', () => {
  it('asks about each account shown once, and sends what the member typed as one order', () => {
    const { ports, result } = renderForm();
    expect(ports.check).toHaveBeenCalledWith('pre8UFA');
    act(() => result.current.setService('GCLUB'));
    expect(ports.check).toHaveBeenLastCalledWith('pre8GCLUB');
    act(() => result.current.setAmount('1,000'));
    act(() => result.current.submit());
    expect(ports.send).toHaveBeenCalledWith({ gameuser: 'pre8GCLUB', service: 'GCLUB', amount: 1000 });
  });

  it('checks the amount before anything is sent', () => {
    const { ports, result } = renderForm();
    act(() => result.current.setAmount('50'));
    act(() => result.current.submit());
    expect(result.current.fieldErrors).toEqual({ amount: 'wallet.errors.amountMinimum' });
    expect(ports.send).not.toHaveBeenCalled();
  });

  it("checks again by asking, never by sending, and says why nothing goes while another device's withdrawal is pending", () => {
    const { ports, result } = renderForm({ phase: 'pending', intent: null });
    expect(result.current).toMatchObject({ blocked: true, locked: true, error: null });
    act(() => result.current.submit());
    expect(result.current.error).toBe('wallet.errors.pending');
    act(() => result.current.retry());
    expect(ports.check).toHaveBeenCalledTimes(2);
    expect(ports.send).not.toHaveBeenCalled();
  });
});
