// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { GameAccountView } from '../bridge/types';
import { IDLE, type WithdrawFlow } from './withdraw-flow';
import { useWithdrawForm, type WithdrawFormPorts } from './use-withdraw-form';

const account = (service: 'UFA' | 'GCLUB', selected: boolean): GameAccountView => ({
  service,
  gameuser: `pre8${service}`,
  password: 'pw',
  main: selected,
  generate: false,
  selected,
  balance: 1000,
  balanceUpdatedAt: null,
  balanceLoading: false,
  logged: true,
  maintain: false,
  balanceFailed: false,
});
const t = ((key: string) => key) as unknown as TFunction;

function renderForm(flow: WithdrawFlow = IDLE) {
  const ports: WithdrawFormPorts = {
    accounts: [account('UFA', true), account('GCLUB', false)],
    minimum: 100,
    flowOf: () => flow,
    send: vi.fn(),
    check: vi.fn(),
    dismiss: vi.fn(),
    t,
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

  it('while checking, says why and counts the seconds to the next send down, once a second', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const intent = {
      key: 'k',
      gameuser: 'pre8UFA',
      service: 'UFA' as const,
      amount: 300,
      createdAt: 990_000,
      state: 'checking' as const,
      reason: 'in_flight' as const,
      nextSendAt: 1_008_000,
    };
    const { result } = renderForm({ phase: 'checking', intent });
    expect(result.current.checking).toEqual({ reason: 'walletUi.withdraw.why.inFlight', askInS: 8 });
    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current.checking).toEqual({ reason: 'walletUi.withdraw.why.inFlight', askInS: 5 });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.checking?.askInS).toBe(0);
    // Ten minutes after the press the same request is no longer sent: it is only asked about.
    const late = renderForm({ phase: 'checking', intent: { ...intent, createdAt: Date.now() - 10 * 60_000 } });
    expect(late.result.current.checking).toEqual({ reason: 'walletUi.withdraw.why.inFlight', askInS: null });
    vi.useRealTimers();
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
