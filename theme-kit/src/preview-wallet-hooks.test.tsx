// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHistory, useWithdraw } from '@member/shared-core';
import { createPreviewBridge, PreviewProviders } from './preview-bridge';
import { PAUSE_MS } from './preview-hooks';
import { createPreviewWalletServer, type PreviewSendFate } from './preview-wallet-server';

function renderWithdraw(fate: PreviewSendFate) {
  const server = createPreviewWalletServer(fate);
  // The withdrawals sent, whichever provider's call.
  const sent = vi.fn();
  const call = server.call.bind(server);
  server.call = ((name, request, key) => {
    if (name === 'gclubWithdraw' || name === 'ufaWithdraw') sent(request, key);
    return call(name, request, key);
  }) as typeof server.call;
  const bridge = createPreviewBridge({ preferences: { locale: 'en' }, walletServer: server });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PreviewProviders bridge={bridge} page="withdraw">
      {children}
    </PreviewProviders>
  );
  const { result } = renderHook(useWithdraw, { wrapper });
  act(() => result.current.setAmount('1,250'));
  // Typed as a member would: the field keeps what reads as an amount.
  act(() => result.current.setAmount('1,250x'));
  act(() => result.current.submit());
  act(() => vi.advanceTimersByTime(PAUSE_MS));
  return { result, server, sent, wrapper };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('preview withdraw', () => {
  it('sends once and shows it taken, then paid out', () => {
    const { result, server, sent, wrapper } = renderWithdraw('answered');
    expect(result.current.phase).toBe('pending');
    act(() => vi.runAllTimers());
    expect(result.current.phase).toBe('done');
    expect(result.current.amount).toBe('');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(server.booked.map((row) => [row.amount, row.status])).toEqual([[1250, 'completed']]);
    const history = renderHook(useHistory, { wrapper }).result.current;
    expect(history.entries[0]).toMatchObject({ type: 'withdraw', amount: 1250, status: 'completed' });
  });

  it('checks again after a lost reply by asking what became of the withdrawal, never by sending it again', () => {
    const { result, server, sent } = renderWithdraw('reply-lost');
    expect(result.current.phase).toBe('checking');
    expect(result.current.locked).toBe(true);
    act(() => result.current.retry());
    act(() => vi.advanceTimersByTime(PAUSE_MS / 2));
    // The server booked it and is processing it: that is the answer shown.
    expect(result.current.phase).toBe('pending');
    expect(result.current.intent).toEqual({ amount: 1250, gameuser: 'demou1001', service: 'UFA' });
    act(() => result.current.retry());
    act(() => vi.runAllTimers());
    expect(result.current.phase).toBe('done');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(server.booked).toHaveLength(1);
  });

  it('keeps a withdrawal the server never saw as unknown: checking again shows no failure and sends nothing', () => {
    const { result, server, sent } = renderWithdraw('request-lost');
    expect(result.current.phase).toBe('checking');
    act(() => result.current.retry());
    act(() => vi.runAllTimers());
    expect(result.current.phase).toBe('checking');
    expect(result.current.locked).toBe(true);
    expect(result.current.error).toBeNull();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(server.booked).toHaveLength(0);
  });

  it('refuses an amount below the minimum without sending it', () => {
    const server = createPreviewWalletServer();
    const bridge = createPreviewBridge({ preferences: { locale: 'en' }, walletServer: server });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PreviewProviders bridge={bridge} page="withdraw">
        {children}
      </PreviewProviders>
    );
    const { result } = renderHook(useWithdraw, { wrapper });
    act(() => result.current.setAmount('99'));
    act(() => result.current.submit());
    expect(result.current.fieldErrors.amount).toMatch(/100/);
    expect(result.current.phase).toBe('idle');
    expect(server.booked).toHaveLength(0);
  });
});
