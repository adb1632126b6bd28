// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ActionOutcome } from './session-actions';
import { useLoginForm } from './use-login-form';

/** The login the session chunk sends: it answers when the test says, or stops when the member cancels. */
const login = vi.hoisted(() => ({
  calls: [] as Array<{ phone: string; password: string }>,
  answer: (_outcome: unknown) => undefined as void,
}));
vi.mock('./load-session-actions', async () => {
  const { atom: makeAtom } = await import('jotai');
  return {
    loadSessionActions: () =>
      Promise.resolve({
        submitPhoneLoginAtom: makeAtom(null, (_get, _set, phone: string, password: string, signal?: AbortSignal) => {
          login.calls.push({ phone, password });
          return new Promise<ActionOutcome>((resolve) => {
            login.answer = (outcome) => resolve(outcome as ActionOutcome);
            signal?.addEventListener('abort', () => resolve({ ok: false, messageKey: 'api.errors.cancelled' }), { once: true });
          });
        }),
        startLineLoginAtom: makeAtom(null, async () => ({ ok: true })),
      }),
  };
});

/** How long a login waits before the form says the server is slow, written out. */
const THREE_SECONDS = 3_000;

function form() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useLoginForm(), { wrapper });
}

async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  login.calls = [];
});
afterEach(() => vi.useRealTimers());

describe('the login form', () => {
  it('says the server is slow once a login has waited 3 seconds, and no sooner', async () => {
    const { result } = form();
    act(() => {
      result.current.setPhone('0812345678');
      result.current.setPassword('secret');
    });
    act(() => result.current.submit());
    await pass(0);
    expect(login.calls).toEqual([{ phone: '0812345678', password: 'secret' }]);
    expect(result.current.pending).toBe(true);
    await pass(THREE_SECONDS - 1);
    expect(result.current.slow).toBe(false);
    await pass(1);
    expect(result.current.slow).toBe(true);

    await act(async () => login.answer({ ok: true }));
    expect(result.current.pending).toBe(false);
    expect(result.current.slow).toBe(false);
  });

  it('a login answered in time never turns slow', async () => {
    const { result } = form();
    act(() => {
      result.current.setPhone('0812345678');
      result.current.setPassword('secret');
    });
    act(() => result.current.submit());
    await pass(THREE_SECONDS - 1);
    await act(async () => login.answer({ ok: false, messageKey: 'login.errors.failed' }));
    await pass(10 * THREE_SECONDS);
    expect(result.current.slow).toBe(false);
    expect(result.current.error).not.toBeNull();
    // The next login starts its own count: nothing of the last one's makes it slow at once.
    act(() => result.current.submit());
    await pass(1);
    expect(result.current.pending).toBe(true);
    expect(result.current.slow).toBe(false);
  });

  it('the member may stop waiting: the login is cancelled and the form is free again', async () => {
    const { result } = form();
    act(() => {
      result.current.setPhone('0812345678');
      result.current.setPassword('secret');
    });
    act(() => result.current.submit());
    await pass(THREE_SECONDS);
    const { cancel } = result.current;
    if (!cancel) throw new Error('the login form offers no way to stop waiting');
    await act(async () => cancel());
    await pass(0);
    expect(result.current.pending).toBe(false);
    expect(result.current.slow).toBe(false);
    act(() => result.current.submit());
    await pass(0);
    expect(login.calls).toHaveLength(2);
  });

  it('sends nothing while a field is wrong', async () => {
    const { result } = form();
    act(() => result.current.setPhone('12'));
    act(() => result.current.submit());
    await pass(THREE_SECONDS);
    expect(login.calls).toEqual([]);
    expect(result.current.pending).toBe(false);
  });
});
