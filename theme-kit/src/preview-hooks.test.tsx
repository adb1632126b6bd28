// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreviewBridge, PreviewProviders } from './preview-bridge';
import { PREVIEW_LOGIN, usePreviewChangePassword, usePreviewLoginForm, usePreviewRegisterFlow } from './preview-hooks';

const navigate = vi.fn();
const wrapper = ({ children }: { children: ReactNode }) => (
  <PreviewProviders bridge={createPreviewBridge({ preferences: { locale: 'en' }, actions: { navigate } })} page="login">
    {children}
  </PreviewProviders>
);

beforeEach(() => {
  vi.useFakeTimers();
  navigate.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('preview hooks', () => {
  it('login: checks fields, then fails or navigates like the host would', () => {
    const { result } = renderHook(usePreviewLoginForm, { wrapper });
    act(() => result.current.submit());
    expect(result.current.fieldErrors).toEqual({ phone: 'Enter your phone number.', password: 'Enter your password.' });
    act(() => {
      result.current.setPhone('0899999999');
      result.current.setPassword('nope');
    });
    act(() => result.current.submit());
    expect(result.current.pending).toBe(true);
    act(() => vi.runAllTimers());
    expect(result.current.error).toBe('Phone number or password is incorrect.');
    act(() => {
      result.current.setPhone(PREVIEW_LOGIN.phone);
      result.current.setPassword(PREVIEW_LOGIN.password);
    });
    act(() => result.current.submit());
    act(() => vi.runAllTimers());
    expect(navigate).toHaveBeenCalledWith('/profile');
  });

  it('register: walks three steps and lists every bank by name', () => {
    const { result } = renderHook(usePreviewRegisterFlow, { wrapper });
    expect(result.current.banks).toHaveLength(17);
    expect(result.current.banks[0]).toEqual({ code: 'KBANK', name: 'Kasikornbank' });
    act(() => {
      result.current.setPhone('0812345678');
      result.current.setPassword('secret1');
      result.current.setConfirm('secret2');
    });
    act(() => result.current.submit());
    expect(result.current.fieldErrors).toEqual({ confirm: 'The passwords do not match.' });
    act(() => result.current.setConfirm('secret1'));
    act(() => result.current.submit());
    act(() => vi.runAllTimers());
    expect(result.current.step).toBe(2);
    act(() => {
      result.current.setBankCode('SCB');
      result.current.setAccountNumber('123-4-56789-0');
      result.current.setAccountName('Somchai');
    });
    act(() => result.current.submit());
    act(() => vi.runAllTimers());
    expect(result.current.step).toBe(3);
    act(() => result.current.back());
    expect(result.current.step).toBe(2);
  });

  it('change password: refuses the old password as the new one', () => {
    const { result } = renderHook(usePreviewChangePassword, { wrapper });
    act(() => {
      result.current.setOldPassword('secret1');
      result.current.setNewPassword('secret1');
      result.current.setConfirm('secret1');
    });
    act(() => result.current.submit());
    expect(result.current.fieldErrors.newPassword).toBe('Choose a password different from the current one.');
    act(() => result.current.setNewPassword('secret2'));
    act(() => result.current.setConfirm('secret2'));
    act(() => result.current.submit());
    act(() => vi.runAllTimers());
    expect(result.current.done).toBe(true);
  });
});
