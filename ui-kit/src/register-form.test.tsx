import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from '@member/theme-kit';
import { testIds } from '@member/shared-core';
import { en } from '@member/shared-core/i18n/en';
import { RegisterForm } from './register-form';

const show = (overrides: PreviewBridgeOverrides = {}) =>
  render(
    <PreviewProviders
      bridge={createPreviewBridge({ session: false, ...overrides, preferences: { locale: 'en', ...overrides.preferences } })}
      page="register"
    >
      <RegisterForm />
    </PreviewProviders>,
  );

const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
const submit = () => fireEvent.submit(screen.getByTestId(testIds.registerSubmit).closest('form')!);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RegisterForm', () => {
  it('links each field error to its field and keeps the form on step 1 until the fields are right', () => {
    show();
    submit();
    const phone = screen.getByTestId(testIds.registerPhone);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const described = phone.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(en.login.errors.phoneRequired);
    const password = screen.getByTestId(testIds.registerPassword);
    expect(document.getElementById(`${password.id}-hint`)?.textContent).toBe(en.register.passwordHint);
    expect(screen.getByTestId(testIds.registerStep).textContent).toContain('Step 1 of 3');
  });

  it('walks the three steps, moving focus to each new step heading and back again', () => {
    show();
    type(testIds.registerPhone, '081-234-5678');
    expect((screen.getByTestId(testIds.registerPhone) as HTMLInputElement).value).toBe('081-234-5678');
    type(testIds.registerPassword, 'secret1');
    type(testIds.registerConfirm, 'secret1');
    submit();
    expect(screen.getByTestId(testIds.registerSubmit).getAttribute('aria-busy')).toBe('true');
    act(() => vi.runAllTimers());
    const heading = screen.getByTestId(testIds.registerStep);
    expect(heading.textContent).toBe(`Step 2 of 3 ${en.register.step2}`);
    expect(document.activeElement).toBe(heading);
    expect(heading.tagName).toBe('H2');

    const steps = [...document.querySelectorAll('ol > li')];
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(steps[0]!.className).toContain('mc-steps__item--done');

    fireEvent.change(screen.getByTestId(testIds.registerBank), { target: { value: 'KTB' } });
    type(testIds.registerAccountNumber, '123456789012');
    type(testIds.registerAccountName, 'สมชาย ใจดี');
    submit();
    act(() => vi.runAllTimers());
    expect(screen.getByTestId(testIds.registerStep).textContent).toContain(en.register.step3);
    const review = document.querySelector('dl')!;
    expect([...review.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '081-234-5678',
      en.banks.KTB,
      '123-45678901-2',
      'สมชาย ใจดี',
    ]);
    expect(screen.getByTestId(testIds.registerSubmit).textContent).toBe(en.register.create);

    fireEvent.click(screen.getByTestId(testIds.registerBack));
    expect(screen.getByTestId(testIds.registerStep).textContent).toContain(en.register.step2);
    expect(document.activeElement).toBe(screen.getByTestId(testIds.registerStep));
    expect((screen.getByTestId(testIds.registerBank) as HTMLSelectElement).value).toBe('KTB');
  });

  it('does not take focus when it first appears', () => {
    show({ registerFlow: { step: 2 } });
    expect(document.activeElement).toBe(document.body);
  });

  it('styles the bank select like a text field, with its label and the bank names of the flow', () => {
    show({ registerFlow: { step: 2, fieldErrors: { bankCode: en.register.errors.bankRequired } } });
    const select = screen.getByTestId(testIds.registerBank) as HTMLSelectElement;
    expect(select.closest('.mc-field__control')).not.toBeNull();
    expect(document.querySelector(`label[for="${select.id}"]`)?.textContent).toBe(en.register.bank);
    expect(select.getAttribute('aria-describedby')).toBe(`${select.id}-error`);
    expect([...select.options].slice(1, 3).map((option) => [option.value, option.textContent])).toEqual([
      ['KBANK', en.banks.KBANK],
      ['SCB', en.banks.SCB],
    ]);
  });

  it('disables back while a step is being sent and says it is creating on the last step', () => {
    show({ registerFlow: { step: 3, pending: true } });
    expect((screen.getByTestId(testIds.registerBack) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId(testIds.registerSubmit).textContent).toBe(en.register.creating);
  });

  it('speaks Thai by default', () => {
    show({ preferences: { locale: 'th' } });
    expect(screen.getByTestId(testIds.registerStep).textContent).toContain('ขั้นตอนที่ 1 จาก 3');
    expect(screen.getByRole('list', { name: 'ขั้นตอนการสมัคร' })).toBeTruthy();
  });
});
