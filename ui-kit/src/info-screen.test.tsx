import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPreviewBridge, PREVIEW_SESSION, PreviewProviders, type PreviewBridgeOverrides } from '@member/theme-kit';
import { testIds } from '@member/shared-core';
import { en } from '@member/shared-core/i18n/en';
import { th } from '@member/shared-core/i18n/th';
import { InfoScreen } from './info-screen';
import { LogoutStatus } from './logout-status';

const withBridge = (element: ReactElement, overrides: PreviewBridgeOverrides, sub: string | null) => (
  <PreviewProviders
    bridge={createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } })}
    page="info"
    sub={sub}
  >
    {element}
  </PreviewProviders>
);
const show = (sub: string | null = null, overrides: PreviewBridgeOverrides = {}) => render(withBridge(<InfoScreen />, overrides, sub));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('InfoScreen summary', () => {
  it('names the bank in the member’s language', () => {
    show(null, { preferences: { locale: 'th' } });
    expect(document.body.textContent).toContain(PREVIEW_SESSION.memberInfo!.bank_th);
    cleanup();
    show();
    expect(document.body.textContent).toContain(PREVIEW_SESSION.memberInfo!.bank_en);
  });

  it('leaves out a profile name and email the member has not given, and says what is not set', () => {
    show(null, {
      session: {
        memberInfo: { ...PREVIEW_SESSION.memberInfo!, phone: '', account_number: '' },
        profile: { ...PREVIEW_SESSION.profile!, name: '', email: '' },
      },
    });
    expect(screen.queryByText(en.info.email)).toBeNull();
    expect(screen.queryByText(en.info.name)).toBeNull();
    expect(screen.getByTestId(testIds.infoPhone).textContent).toBe(en.info.notSet);
    expect(screen.getByTestId(testIds.infoBankNumber).textContent).toBe(en.info.notSet);
  });

  it('shows a 12-digit account number as 3-8-1 and the profile name and email when present', () => {
    show(null, { session: { memberInfo: { ...PREVIEW_SESSION.memberInfo!, account_number: '020123456708' } } });
    expect(screen.getByTestId(testIds.infoBankNumber).textContent).toBe('020-12345670-8');
    expect(document.body.textContent).toContain(PREVIEW_SESSION.profile!.email);
    expect(document.body.textContent).toContain(PREVIEW_SESSION.profile!.name);
  });

  it('treats an unknown sub-route as the summary', () => {
    show('constructor');
    expect(screen.getByTestId(testIds.infoPhone)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.info.backToAccount })).toBeNull();
  });

  it('marks each section with a heading and lists the settings as links', () => {
    show();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      en.info.details,
      en.info.bank,
      en.info.security,
    ]);
    // The preview member logs in by phone already, so "connect phone" is not among them.
    expect(screen.getByRole('region', { name: en.info.security }).querySelectorAll('li > a')).toHaveLength(3);
  });

  it('offers to connect a phone only while the member cannot log in by phone', () => {
    show(null, { session: { profile: { ...PREVIEW_SESSION.profile!, phoneConnect: false } } });
    expect(screen.getByRole('link', { name: en.info.connectPhone })).toBeTruthy();
    cleanup();
    show(null, { session: { profile: { ...PREVIEW_SESSION.profile!, phoneConnect: true } } });
    expect(screen.queryByRole('link', { name: en.info.connectPhone })).toBeNull();
    expect(screen.getByTestId(testIds.infoPhoneStatus)).toBeTruthy();
  });
});

describe('InfoScreen sub-pages', () => {
  it('moves focus to the new heading when the member goes to a setting and back', () => {
    const view = show();
    expect(document.activeElement).toBe(document.body);
    view.rerender(withBridge(<InfoScreen />, {}, 'changePassword'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: en.info.changePassword }));
    view.rerender(withBridge(<InfoScreen />, {}, null));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: en.info.details }));
  });

  it('changePassword: errors beside the fields, then a status when done', () => {
    vi.useFakeTimers();
    show('changePassword');
    fireEvent.submit(screen.getByTestId(testIds.changePasswordSubmit).closest('form')!);
    const old = screen.getByTestId(testIds.changePasswordOld);
    expect(document.getElementById(old.getAttribute('aria-describedby')!)?.textContent).toBe(en.info.errors.oldRequired);
    expect(screen.getByTestId(testIds.formSuccess).hidden).toBe(true);
    fireEvent.change(old, { target: { value: 'demo1234' } });
    fireEvent.change(screen.getByTestId(testIds.changePasswordNew), { target: { value: 'better123' } });
    fireEvent.change(screen.getByTestId(testIds.changePasswordConfirm), { target: { value: 'better123' } });
    fireEvent.submit(screen.getByTestId(testIds.changePasswordSubmit).closest('form')!);
    expect(screen.getByTestId(testIds.changePasswordSubmit).textContent).toBe(en.info.saving);
    act(() => vi.runAllTimers());
    expect(screen.getByTestId(testIds.formSuccess).textContent).toBe(en.info.passwordChanged);
  });

  it('connectPhone: a LINE-first member connects a phone and then sees it connected', () => {
    vi.useFakeTimers();
    show('connectPhone', { session: { profile: { ...PREVIEW_SESSION.profile!, phoneConnect: false } } });
    fireEvent.change(screen.getByTestId(testIds.connectPhoneNumber), { target: { value: '0898765432' } });
    fireEvent.change(screen.getByTestId(testIds.connectPhonePassword), { target: { value: 'secret1' } });
    fireEvent.submit(screen.getByTestId(testIds.connectPhoneSubmit).closest('form')!);
    act(() => vi.runAllTimers());
    expect(screen.getByTestId(testIds.formSuccess).textContent).toBe(en.info.phoneConnected);
    expect(document.body.textContent).toContain('089-876-5432');
    expect(screen.queryByTestId(testIds.connectPhoneNumber)).toBeNull();
  });

  it('connectPhone: shows the host’s error as an alert', () => {
    show('connectPhone', {
      session: { profile: { ...PREVIEW_SESSION.profile!, phoneConnect: false } },
      connectPhone: { error: en.info.errors.connectPhoneFailed },
    });
    expect(screen.getByTestId(testIds.formError).textContent).toBe(en.info.errors.connectPhoneFailed);
  });

  it('lineAuthInfo: prefers the host’s own error message, starts connecting, and shows progress', () => {
    const start = vi.fn();
    show('lineAuthInfo', { lineConnect: { failed: true, error: en.api.errors.offline, start, pending: true } });
    expect(screen.getByTestId(testIds.formError).textContent).toBe(en.api.errors.offline);
    const button = screen.getByTestId(testIds.lineConnectButton);
    expect(button.getAttribute('aria-busy')).toBe('true');
    cleanup();
    show('lineAuthInfo', { lineConnect: { start } });
    expect(screen.getByTestId(testIds.formError).hidden).toBe(true);
    fireEvent.click(screen.getByTestId(testIds.lineConnectButton));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('lineAuthInfo: no stale failure once LINE is connected', () => {
    show('lineAuthInfo', { lineConnect: { connected: true, failed: true } });
    expect(screen.getByTestId(testIds.formError).hidden).toBe(true);
    expect(screen.getByText(en.info.connected)).toBeTruthy();
  });

  it('phoneAuthInfo: the connected phone, or the way to connect one', () => {
    show('phoneAuthInfo');
    expect(document.body.textContent).toContain(en.info.phoneConnectedInfo.replace('{{phone}}', '081-234-5678'));
    cleanup();
    const navigate = vi.fn();
    show('phoneAuthInfo', { session: { profile: { ...PREVIEW_SESSION.profile!, phoneConnect: false } }, actions: { navigate } });
    expect(screen.getByText(en.info.phoneNotConnectedInfo)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: en.info.connectPhone }));
    expect(navigate).toHaveBeenCalledWith('/info/connectPhone');
  });
});

describe('LogoutStatus', () => {
  it('announces the logout politely with a decorative spinner', () => {
    render(withBridge(<LogoutStatus />, { preferences: { locale: 'th' } }, null));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(th.logout.inProgress);
    expect(status.querySelector('.mc-spinner')?.getAttribute('aria-hidden')).toBe('true');
  });
});
