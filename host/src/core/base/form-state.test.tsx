// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@member/shared-core/i18n/en';
import { th } from '@member/shared-core/i18n/th';
import { useFormState } from './form-state';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const reported = vi.hoisted(() => [] as Array<{ kind: string; message: unknown }>);
vi.mock('../lib/error-report', () => ({ reportError: (kind: string, message: unknown) => reported.push({ kind, message }) }));

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'th', resources: { th: { translation: th }, en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(async () => {
  reported.length = 0;
  await act(() => i18next.changeLanguage('th'));
});

const form = () => renderHook(() => useFormState<'phone' | 'accountNumber'>());

describe("a form's server refusal, in the member's language", () => {
  it('says a known code from the shared strings, and follows a change of language', async () => {
    const { result } = form();
    act(() =>
      result.current.setServerRefusal(
        { code: 'bank_account_registered', message: 'This bank account is already registered' },
        'register.errors.failed',
      ),
    );
    expect(result.current.errors.error).toBe(th.serverMessages.bank_account_registered);
    await act(() => i18next.changeLanguage('en'));
    expect(result.current.errors.error).toBe(en.serverMessages.bank_account_registered);
    expect(reported).toEqual([]);
  });

  it("gives an English message on a Thai screen the form's own line, and reports the server's text once", () => {
    const { result, rerender } = form();
    act(() => result.current.setServerRefusal({ message: 'Account frozen by compliance' }, 'register.errors.failed'));
    expect(result.current.errors.error).toBe(th.register.errors.failed);
    rerender();
    expect(reported).toEqual([{ kind: 'server-message', message: 'Account frozen by compliance' }]);
  });

  it("shows a message already in the member's language as the server wrote it", () => {
    const { result } = form();
    act(() => result.current.setServerRefusal({ message: 'บัญชีนี้ถูกระงับชั่วคราว' }, 'register.errors.failed'));
    expect(result.current.errors.error).toBe('บัญชีนี้ถูกระงับชั่วคราว');
  });

  it("puts the server's reasons next to their fields, in the member's language, and drops one as the member edits it", () => {
    const { result } = form();
    act(() => result.current.setServerFields({ phone: 'Phone number must be 10 digits starting with 0', accountNumber: 'เลขบัญชีไม่ถูกต้อง' }));
    expect(result.current.errors.fieldErrors).toEqual({ phone: th.serverMessages.field, accountNumber: 'เลขบัญชีไม่ถูกต้อง' });
    act(() => result.current.clearField('phone'));
    expect(result.current.errors.fieldErrors).toEqual({ accountNumber: 'เลขบัญชีไม่ถูกต้อง' });
  });

  it("lets the form's own key replace a refusal", () => {
    const { result } = form();
    act(() => result.current.setServerRefusal({ code: 'phone_registered' }, 'register.errors.failed'));
    act(() => result.current.setErrorKey('api.errors.offline'));
    expect(result.current.errors.error).toBe(th.api.errors.offline);
  });
});
