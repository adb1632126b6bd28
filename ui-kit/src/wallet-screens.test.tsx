import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameAccountView, HistoryRow } from '@member/shared-core';
import { formatDateTime, formatMoney } from '@member/shared-core/helpers/format';
import { en } from '@member/shared-core/i18n/en';
import { th } from '@member/shared-core/i18n/th';
import { createPreviewBridge, PREVIEW_SESSION, PreviewProviders, type PreviewBridgeOverrides } from '@member/theme-kit';
import { silenceFrameLoading } from '@member/theme-kit/vitest';
import { testIds } from '@member/shared-core';
import { DepositScreen } from './deposit-screen';
import { HistoryList } from './history-list';
import { PromotionPanel } from './promotion-panel';
import { WithdrawForm } from './withdraw-form';

const show = (element: ReactElement, overrides: PreviewBridgeOverrides = {}) =>
  render(
    <PreviewProviders
      bridge={createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } })}
      page="deposit"
    >
      {element}
    </PreviewProviders>,
  );

const account = (patch: Partial<GameAccountView> = {}): GameAccountView => ({
  service: 'UFA',
  gameuser: 'pre8u1001',
  password: 'Secret#99',
  main: true,
  generate: false,
  selected: true,
  balance: 8250,
  balanceUpdatedAt: '2025-03-14T07:05:00.000Z',
  balanceLoading: false,
  logged: true,
  maintain: false,
  balanceFailed: false,
  ...patch,
});

const ufa = account();
const gclub = account({ service: 'GCLUB', gameuser: 'pre8g1001', main: false, selected: false, balance: 1520.5 });
const HOSTILE = '<img src=x onerror="alert(1)"><b>Club</b>';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('WithdrawForm', () => {
  const form = () => screen.getByTestId(testIds.withdrawSubmit).closest('form')!;

  it('offers each game account with its user and balance, and an amount field with its label, minimum and balance', () => {
    const { container } = show(<WithdrawForm />, { gameAccounts: { accounts: [ufa, gclub] } });
    const select = screen.getByTestId(testIds.withdrawAccount) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['UFA', 'GCLUB']);
    expect(select.value).toBe('UFA');
    // Short options, so a phone's select never cuts the balance; the chosen account's game user is said under it.
    expect(select.options[1]!.textContent).toBe(`GCLUB · ${formatMoney(1520.5, 'en')}`);
    expect(document.getElementById(select.getAttribute('aria-describedby')!)!.textContent).toBe('Game user pre8u1001');
    const amount = screen.getByTestId(testIds.withdrawAmount) as HTMLInputElement;
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(container.querySelector(`label[for="${amount.id}"]`)?.textContent).toBe(en.walletUi.withdraw.amount);
    const hint = document.getElementById(amount.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    expect(hint.textContent).toBe(`At least 100 baht. Balance: ${formatMoney(8250, 'en')}.`);
    expect(screen.getByTestId(testIds.withdrawSubmit).getAttribute('type')).toBe('submit');
    expect(screen.getByTestId(testIds.withdrawSubmit).textContent).toBe(en.walletUi.withdraw.submit);
    expect(container.textContent).toContain('123-4-56789-0');
  });

  it('sends once per press: a click on the button and Enter in the form each call submit exactly once', () => {
    const submit = vi.fn();
    show(<WithdrawForm />, { withdraw: { submit, amount: '250' } });
    fireEvent.click(screen.getByTestId(testIds.withdrawSubmit));
    expect(submit).toHaveBeenCalledTimes(1);
    fireEvent.submit(form());
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('pressing Enter in the amount submits the form once, and the button is disabled from that moment', async () => {
    vi.useFakeTimers();
    show(<WithdrawForm />);
    fireEvent.change(screen.getByTestId(testIds.withdrawAmount), { target: { value: '250' } });
    fireEvent.submit(form());
    const button = screen.getByTestId(testIds.withdrawSubmit) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe(en.walletUi.withdraw.sending);
    expect(screen.getByTestId(testIds.withdrawStatus).textContent).toContain(en.walletUi.withdraw.statusSending);
    expect(screen.getByTestId(testIds.withdrawIntent).textContent).toMatch(/250\.00 from /);
    // A second Enter while locked changes nothing.
    fireEvent.submit(form());
    await act(async () => vi.advanceTimersByTime(600));
    expect(button.textContent).toBe(en.walletUi.withdraw.processing);
    expect(screen.getByTestId(testIds.withdrawStatus).textContent).toContain(en.walletUi.withdraw.statusPending);
    await act(async () => vi.advanceTimersByTime(600));
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe(en.walletUi.withdraw.submit);
    expect(screen.getByTestId(testIds.withdrawStatus).textContent).toContain(en.walletUi.withdraw.statusDone);
    expect(screen.getByTestId(testIds.withdrawIntent).textContent).toMatch(/250\.00 from/);
    expect((screen.getByTestId(testIds.withdrawAmount) as HTMLInputElement).value).toBe('');
  });

  it('keeps the button disabled and busy while locked, with the account and amount fixed', () => {
    show(<WithdrawForm />, { withdraw: { locked: true, phase: 'pending', amount: '300' } });
    const button = screen.getByTestId(testIds.withdrawSubmit) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe(en.walletUi.withdraw.processing);
    expect((screen.getByTestId(testIds.withdrawAccount) as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByTestId(testIds.withdrawAmount) as HTMLInputElement).readOnly).toBe(true);
    const status = screen.getByTestId(testIds.withdrawStatus);
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe(en.walletUi.withdraw.statusPending);
  });

  it('while checking, says so with a retry and no failure: nothing in the alert, no failure words', () => {
    const retry = vi.fn();
    const submit = vi.fn();
    show(<WithdrawForm />, { withdraw: { locked: true, phase: 'checking', retry, submit, amount: '300' } });
    const status = screen.getByTestId(testIds.withdrawStatus);
    expect(status.textContent).toContain(en.walletUi.withdraw.statusChecking);
    const retryButton = within(status).getByTestId(testIds.withdrawRetry);
    expect(retryButton.getAttribute('type')).toBe('button');
    fireEvent.click(retryButton);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
    const error = screen.getByTestId(testIds.withdrawError);
    expect(error.hidden).toBe(true);
    expect(error.textContent).toBe('');
    expect(document.body.textContent).not.toContain(en.wallet.errors.failed);
    expect(document.body.textContent?.toLowerCase()).not.toMatch(/fail|did not go through/);
    expect((screen.getByTestId(testIds.withdrawSubmit) as HTMLButtonElement).disabled).toBe(true);
  });

  it('while checking, says why and counts to the next send of the same request, or says it is asking now', () => {
    show(<WithdrawForm />, {
      withdraw: { locked: true, phase: 'checking', amount: '300', checking: { reason: en.walletUi.withdraw.why.inFlight, askInS: 8 } },
    });
    const why = screen.getByTestId(testIds.withdrawCheckingWhy);
    expect(why.textContent).toBe(`${en.walletUi.withdraw.why.inFlight} We ask the server again in 8 s.`);
    cleanup();
    show(<WithdrawForm />, {
      withdraw: { locked: true, phase: 'checking', checking: { reason: en.walletUi.withdraw.why.busy, askInS: 0 } },
    });
    expect(screen.getByTestId(testIds.withdrawCheckingWhy).textContent).toBe(
      `${en.walletUi.withdraw.why.busy} ${en.walletUi.withdraw.askingNow}`,
    );
    cleanup();
    // Only asked about, not sent again (past the time a withdrawal is sent for), and an older host that says nothing.
    show(<WithdrawForm />, {
      withdraw: { locked: true, phase: 'checking', checking: { reason: en.walletUi.withdraw.why.ambiguous, askInS: null } },
    });
    expect(screen.getByTestId(testIds.withdrawCheckingWhy).textContent).toBe(en.walletUi.withdraw.why.ambiguous);
    cleanup();
    show(<WithdrawForm />, { withdraw: { locked: true, phase: 'checking' } });
    expect(screen.queryByTestId(testIds.withdrawCheckingWhy)).toBeNull();
  });

  it('offers no retry outside checking, and explains a withdrawal already being processed', () => {
    show(<WithdrawForm />, { withdraw: { blocked: true } });
    expect(screen.queryByTestId(testIds.withdrawRetry)).toBeNull();
    expect(screen.getByTestId(testIds.withdrawStatus).textContent).toBe(en.walletUi.withdraw.blocked);
  });

  it('shows the host’s error as an alert and the amount problem under the field', () => {
    show(<WithdrawForm />, { withdraw: { error: en.wallet.errors.failed, fieldErrors: { amount: en.wallet.errors.amountBalance } } });
    const error = screen.getByTestId(testIds.withdrawError);
    expect(error.hidden).toBe(false);
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe(en.wallet.errors.failed);
    const amount = screen.getByTestId(testIds.withdrawAmount);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(en.wallet.errors.amountBalance).getAttribute('role')).toBe('alert');
  });

  it('checks the amount before sending: below the minimum is refused in words and nothing locks', () => {
    show(<WithdrawForm />, { preferences: { locale: 'th' } });
    fireEvent.change(screen.getByTestId(testIds.withdrawAmount), { target: { value: '99' } });
    fireEvent.submit(screen.getByTestId(testIds.withdrawSubmit).closest('form')!);
    expect(screen.getByText(th.wallet.errors.amountMinimum.replace('{{minimum}}', '100'))).toBeTruthy();
    expect((screen.getByTestId(testIds.withdrawSubmit) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId(testIds.withdrawSubmit).textContent).toBe(th.walletUi.withdraw.submit);
  });

  it('says so when the member has no game account', () => {
    show(<WithdrawForm />, { gameAccounts: { accounts: [] } });
    expect(screen.queryByTestId(testIds.withdrawSubmit)).toBeNull();
    expect(screen.getByText(en.gamesUi.noAccounts)).toBeTruthy();
  });
});

describe('HistoryList', () => {
  const rows: HistoryRow[] = [
    {
      ref: 'WD000003',
      type: 'withdraw',
      amount: 250,
      status: 'pending',
      time: '2025-03-14T09:00:00.000Z',
      service: 'UFA',
      gameuser: 'pre8u1001',
    },
    {
      ref: 'DP000002',
      type: 'deposit',
      amount: 1000,
      status: 'completed',
      time: '2025-03-13T09:00:00.000Z',
      service: 'UFA',
      gameuser: 'pre8u1001',
    },
    {
      ref: 'WD000001',
      type: 'withdraw',
      amount: 300.5,
      status: 'rejected',
      time: '2025-03-12T09:00:00.000Z',
      service: 'UFA',
      gameuser: 'pre8u1001',
    },
  ];

  it('lists one row per entry in the host’s order, with kind, amount, date and a status badge in words', () => {
    show(<HistoryList />, { history: { entries: rows } });
    const shown = screen.getAllByTestId(testIds.historyRow);
    expect(shown.map((row) => row.dataset.ref)).toEqual(['WD000003', 'DP000002', 'WD000001']);
    const first = within(shown[0]!);
    expect(first.getByText(en.walletUi.history.types.withdraw)).toBeTruthy();
    expect(shown[0]!.textContent).toContain(formatMoney(250, 'en'));
    expect(shown[0]!.querySelector('time')?.textContent).toBe(formatDateTime(rows[0]!.time, 'en'));
    expect(shown[0]!.querySelector('time')?.getAttribute('datetime')).toBe(rows[0]!.time);
    const badges = shown.map((row) => row.querySelector('[data-status]')!);
    expect(badges.map((b) => b.getAttribute('data-status'))).toEqual(['pending', 'completed', 'rejected']);
    expect(badges.map((b) => b.textContent)).toEqual([
      en.walletUi.history.statuses.pending,
      en.walletUi.history.statuses.completed,
      en.walletUi.history.statuses.rejected,
    ]);
    expect(within(shown[1]!).getByText(en.walletUi.history.types.deposit)).toBeTruthy();
    expect(shown[1]!.textContent).toContain(formatMoney(1000, 'en'));
  });

  it('shows the period as a segmented control with the current one pressed, and asks the host for another', () => {
    const setPeriod = vi.fn();
    show(<HistoryList />, { history: { entries: rows, setPeriod } });
    const periods = screen.getAllByTestId(testIds.historyPeriod);
    expect(periods.map((b) => b.dataset.period)).toEqual(['today', '7d', '30d']);
    expect(periods.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(periods.every((b) => b.getAttribute('type') === 'button')).toBe(true);
    expect(periods[0]!.closest('[role="group"]')?.getAttribute('aria-labelledby')).toBeTruthy();
    fireEvent.click(periods[2]!);
    expect(setPeriod).toHaveBeenCalledWith('30d');
  });

  it('switches the period and the game account in the preview', () => {
    show(<HistoryList />, { gameAccounts: { accounts: [ufa, gclub] } });
    const select = screen.getByTestId(testIds.historyAccount) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['pre8u1001', 'pre8g1001']);
    const sevenDays = screen.getAllByTestId(testIds.historyRow).length;
    fireEvent.click(screen.getAllByTestId(testIds.historyPeriod)[2]!);
    expect(screen.getAllByTestId(testIds.historyPeriod)[2]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId(testIds.historyRow).length).toBeGreaterThan(sevenDays);
    fireEvent.change(select, { target: { value: 'pre8g1001' } });
    expect(screen.getAllByTestId(testIds.historyRow).every((row) => row.textContent?.includes('Ref.'))).toBe(true);
    expect(select.value).toBe('pre8g1001');
  });

  it('shows a skeleton while loading, and nothing else', () => {
    show(<HistoryList />, { history: { status: 'loading', entries: [], error: null } });
    const loading = screen.getByTestId(testIds.historyLoading);
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.textContent).toBe(en.walletUi.history.loading);
    expect(screen.queryByTestId(testIds.historyRow)).toBeNull();
    expect(screen.queryByTestId(testIds.historyEmpty)).toBeNull();
  });

  it('says when the period has nothing', () => {
    show(<HistoryList />, { history: { entries: [] } });
    expect(screen.getByTestId(testIds.historyEmpty).textContent).toContain(en.walletUi.history.empty);
    expect(screen.queryByTestId(testIds.historyRow)).toBeNull();
  });

  it('shows an error as an alert with a retry that reloads', () => {
    const reload = vi.fn();
    show(<HistoryList />, { history: { status: 'error', entries: [], error: en.wallet.errors.history, reload } });
    const error = screen.getByTestId(testIds.historyError);
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain(en.wallet.errors.history);
    fireEvent.click(within(error).getByTestId(testIds.historyRetry));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId(testIds.historyRow)).toBeNull();
  });
});

describe('PromotionPanel', () => {
  silenceFrameLoading();

  it('frames the promotion sandboxed, lazily and without a referrer, with a link to open it in a new tab', () => {
    show(<PromotionPanel />, { promotion: { url: 'https://promo.example/pre8', refused: false }, site: { name: 'PRE8' } });
    const frame = screen.getByTestId(testIds.promotionFrame);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://promo.example/pre8');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('title')).toBe('Promotions of PRE8');
    const open = screen.getByTestId(testIds.promotionOpen);
    expect(open.getAttribute('href')).toBe('https://promo.example/pre8');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    expect(screen.queryByTestId(testIds.promotionRefused)).toBeNull();
  });

  it('shows a refused link as an alert, with neither frame nor link', () => {
    const { container } = show(<PromotionPanel />, { promotion: { url: null, refused: true } });
    const refused = screen.getByTestId(testIds.promotionRefused);
    expect(refused.getAttribute('role')).toBe('alert');
    expect(refused.textContent).toContain(en.walletUi.promotion.refused);
    expect(screen.queryByTestId(testIds.promotionFrame)).toBeNull();
    expect(screen.queryByTestId(testIds.promotionOpen)).toBeNull();
    expect(container.querySelector('iframe, a')).toBeNull();
  });

  it('shows a card with one button, and no frame, when the host cannot frame the promotion', () => {
    show(<PromotionPanel />, { promotion: { url: 'https://promo.example/pre8', refused: false, framable: false }, site: { name: 'PRE8' } });
    const card = screen.getByTestId(testIds.promotionCard);
    expect(within(card).getByRole('heading', { name: 'Promotions of PRE8' })).toBeTruthy();
    expect(card.getAttribute('aria-labelledby')).toBe(within(card).getByRole('heading').id);
    expect(card.textContent).toContain(en.walletUi.promotion.cardText);
    const open = within(card).getByRole('link', { name: en.walletUi.promotion.cardOpen });
    expect(open.getAttribute('data-testid')).toBe(testIds.promotionOpen);
    expect(open.getAttribute('href')).toBe('https://promo.example/pre8');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    expect(screen.queryByTestId(testIds.promotionFrame)).toBeNull();
    expect(screen.queryByTestId(testIds.promotionRefused)).toBeNull();
  });

  it('frames it when the host says nothing about framing (an older host)', () => {
    show(<PromotionPanel />, { promotion: { url: 'https://promo.example/pre8', refused: false }, site: { name: 'PRE8' } });
    expect(screen.getByTestId(testIds.promotionFrame)).toBeTruthy();
    expect(screen.queryByTestId(testIds.promotionCard)).toBeNull();
  });

  it('refuses a script link in the preview as the host does', () => {
    show(<PromotionPanel />, { site: { promoLink: 'javascript:alert(document.cookie)' } });
    expect(screen.getByTestId(testIds.promotionRefused)).toBeTruthy();
    expect(screen.queryByTestId(testIds.promotionFrame)).toBeNull();
  });
});

describe('DepositScreen', () => {
  const clipboard = (writeText: (text: string) => Promise<void>) => vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

  it('shows the club’s account with the bank in the member’s language and the number formatted', () => {
    show(<DepositScreen />);
    expect(screen.getByTestId(testIds.depositAccountNumber).textContent).toBe('098-7-65432-1');
    expect(document.body.textContent).toContain('Siam Commercial Bank');
    expect(document.body.textContent).toContain(PREVIEW_SESSION.accWeb!.bank.account_name);
    cleanup();
    show(<DepositScreen />, { preferences: { locale: 'th' } });
    expect(document.body.textContent).toContain('ธนาคารไทยพาณิชย์');
  });

  it('shows the bank’s logo when it is given by URL', () => {
    const bank = { ...PREVIEW_SESSION.accWeb!.bank, logo: 'https://cdn.example/banks/scb.png' };
    const { container } = show(<DepositScreen />, { session: { accWeb: { bank } } });
    expect(container.querySelector('img[src="https://cdn.example/banks/scb.png"]')).not.toBeNull();
  });

  it('copies the digits of the account number and says so politely', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    clipboard(writeText);
    show(<DepositScreen />);
    const copy = screen.getByTestId(testIds.depositCopy);
    expect(screen.getByRole('button', { name: en.walletUi.deposit.copyNumber })).toBe(copy);
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledWith('0987654321');
    const status = copy.closest('.mc-deposit__club')!.querySelector('[role="status"]')!;
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe(en.walletUi.deposit.copied);
  });

  it('says how to copy by hand when the clipboard is refused', async () => {
    clipboard(() => Promise.reject(new Error('NotAllowedError')));
    show(<DepositScreen />);
    const copy = screen.getByTestId(testIds.depositCopy);
    await act(async () => fireEvent.click(copy));
    expect(copy.closest('.mc-deposit__club')!.querySelector('[role="status"]')!.textContent).toBe(en.walletUi.deposit.copyFailed);
  });

  it('shows the member’s own account formatted, the steps in order and the game accounts', () => {
    const { container } = show(<DepositScreen />, { gameAccounts: { accounts: [gclub, ufa] } });
    expect(container.textContent).toContain('123-4-56789-0');
    expect(container.textContent).toContain(en.walletUi.deposit.fromNote);
    const steps = container.querySelectorAll('ol > li');
    expect(steps).toHaveLength(4);
    expect(steps[1]!.textContent).toBe(`${en.walletUi.deposit.step2} Kasikornbank 123-4-56789-0`);
    expect(steps[1]!.querySelector('.mc-bank-inline__number')?.textContent).toBe('123-4-56789-0');
    const users = [...container.querySelectorAll('.mc-deposit__account-user')].map((n) => n.textContent);
    expect(users).toEqual(['pre8u1001', 'pre8g1001']);
  });

  it('renders names containing markup as text', () => {
    const { container } = show(<DepositScreen />, {
      session: {
        memberInfo: { ...PREVIEW_SESSION.memberInfo!, account_name: '<b>Nok</b>' },
        accWeb: { bank: { ...PREVIEW_SESSION.accWeb!.bank, account_name: HOSTILE, bank_en: '<i>Bank</i>' } },
      },
    });
    expect(container.textContent).toContain(HOSTILE);
    expect(container.textContent).toContain('<b>Nok</b>');
    expect(container.textContent).toContain('<i>Bank</i>');
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b, i')).toBeNull();
  });

  it('confirms a deposit the channel announced in a status region, which is empty before', () => {
    show(<DepositScreen />);
    const region = screen.getByTestId(testIds.depositConfirmation);
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');
    cleanup();
    show(<DepositScreen />, { deposit: { lastDeposit: { gameuser: 'pre8u1001', at: '2025-03-14T09:00:00.000Z' } } });
    expect(screen.getByTestId(testIds.depositConfirmation).textContent).toContain('Deposit received for pre8u1001.');
  });

  it('asks for the account on record when the member has no bank account yet', () => {
    const { container } = show(<DepositScreen />, { session: { memberInfo: { ...PREVIEW_SESSION.memberInfo!, account_number: '' } } });
    expect(container.querySelectorAll('ol > li')[1]!.textContent).toBe(en.walletUi.deposit.step2NoAccount);
    expect(screen.getByText(en.walletUi.deposit.noMemberBank)).toBeTruthy();
  });

  it('says when the club has no account to pay into, without a number or copy button', () => {
    show(<DepositScreen />, { session: { accWeb: null } });
    expect(screen.queryByTestId(testIds.depositAccountNumber)).toBeNull();
    expect(screen.queryByTestId(testIds.depositCopy)).toBeNull();
    expect(screen.getByText(en.walletUi.deposit.unavailable)).toBeTruthy();
  });
});
