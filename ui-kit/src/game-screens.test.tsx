import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameAccountView } from '@member/shared-core';
import { formatDateTime, formatMoney } from '@member/shared-core/helpers/format';
import { en } from '@member/shared-core/i18n/en';
import { th } from '@member/shared-core/i18n/th';
import { createPreviewBridge, PREVIEW_SESSION, PreviewProviders, type PreviewBridgeOverrides } from '@member/theme-kit';
import { testIds } from '@member/shared-core';
import { GameAccountCard } from './game-account-card';
import { GameAccountsPanel } from './game-accounts-panel';
import { GamePasswordForm } from './game-password-form';
import { GameUserList, MASKED_PASSWORD } from './game-user-list';
import { MemberCard } from './member-card';

const show = (element: ReactElement, overrides: PreviewBridgeOverrides = {}) =>
  render(
    <PreviewProviders
      bridge={createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } })}
      page="profile"
    >
      {element}
    </PreviewProviders>,
  );

const account = (patch: Partial<GameAccountView> = {}): GameAccountView => ({
  service: 'UFA',
  gameuser: 'pre8u1001',
  password: 'Secret#99',
  main: false,
  generate: false,
  selected: false,
  balance: 8250,
  balanceUpdatedAt: '2025-03-14T07:05:00.000Z',
  balanceLoading: false,
  logged: true,
  maintain: false,
  balanceFailed: false,
  ...patch,
});

const ufa = account({ selected: true, main: true });
const gclub = account({ service: 'GCLUB', gameuser: 'pre8g1001', password: 'Gc-pass1', balance: 1520.5 });
const card = (service: string) => document.querySelector<HTMLElement>(`[data-testid="${testIds.gameAccount}"][data-service="${service}"]`)!;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('GameAccountCard', () => {
  it('shows the balance and the time in the member’s language, and the badges only where due', () => {
    show(<GameAccountCard account={ufa} />, { preferences: { locale: 'th' } });
    const card = screen.getByTestId(testIds.gameAccount);
    expect(card.dataset.service).toBe('UFA');
    expect(screen.getByTestId(testIds.gameBalance).textContent).toBe(formatMoney(8250, 'th'));
    expect(screen.getByTestId(testIds.gameBalanceUpdated).textContent).toBe(formatDateTime(ufa.balanceUpdatedAt!, 'th'));
    expect(screen.getByTestId(testIds.gameSelectedBadge).textContent).toBe(th.gamesUi.selected);
    expect(screen.getByTestId(testIds.gameMainBadge).textContent).toBe(th.gamesUi.main);
    expect(screen.getByTestId(testIds.gameUser).textContent).toBe('pre8u1001');
    cleanup();
    show(<GameAccountCard account={gclub} />);
    expect(screen.getByTestId(testIds.gameBalance).textContent).toBe(formatMoney(1520.5, 'en'));
    expect(screen.queryByTestId(testIds.gameSelectedBadge)).toBeNull();
    expect(screen.queryByTestId(testIds.gameMainBadge)).toBeNull();
  });

  it('shows a busy shimmer before the first balance, a dash when there is none, and maintenance in words', () => {
    show(<GameAccountCard account={account({ balance: null, balanceUpdatedAt: null, balanceLoading: true })} />);
    const balance = screen.getByTestId(testIds.gameBalance);
    expect(balance.closest('[aria-busy="true"]')).not.toBeNull();
    expect(balance.textContent).toBe(en.gamesUi.loadingBalance);
    expect(screen.queryByTestId(testIds.gameBalanceUpdated)).toBeNull();
    cleanup();
    const { container } = show(<GameAccountCard account={account({ balance: null, balanceUpdatedAt: null, maintain: true })} />);
    expect(screen.getByTestId(testIds.gameBalance).textContent).toBe('—');
    expect(container.querySelector('[aria-busy]')).toBeNull();
    expect(container.textContent).toContain(en.gamesUi.maintenance);
  });

  it('keeps the previous balance and its time when a refresh failed, and says it could not update', () => {
    show(<GameAccountCard account={account({ balanceFailed: true })} />);
    expect(screen.getByTestId(testIds.gameBalance).textContent).toBe(formatMoney(8250, 'en'));
    expect(screen.getByTestId(testIds.gameBalanceUpdated).getAttribute('datetime')).toBe('2025-03-14T07:05:00.000Z');
    expect(screen.getByTestId(testIds.gameBalanceFailed).textContent).toBe(en.balanceStatus.failed);
    cleanup();
    // While the next refresh is on its way, the spinner speaks instead.
    show(<GameAccountCard account={account({ balanceFailed: true, balanceLoading: true })} />);
    expect(screen.queryByTestId(testIds.gameBalanceFailed)).toBeNull();
    cleanup();
    show(<GameAccountCard account={account()} />);
    expect(screen.queryByTestId(testIds.gameBalanceFailed)).toBeNull();
  });
});

describe('GameAccountsPanel', () => {
  it('puts "switch to" on the account not in use and "make main" on the one that is not main, and calls the host', () => {
    const switchAccount = vi.fn();
    const switchMain = vi.fn();
    const refreshBalances = vi.fn();
    show(<GameAccountsPanel />, { gameAccounts: { accounts: [ufa, gclub], switchAccount, switchMain, refreshBalances } });
    const gc = within(card('GCLUB'));
    expect(gc.getByTestId(testIds.switchAccount).textContent).toBe('Switch to GCLUB');
    expect(gc.getByTestId(testIds.switchMain).textContent).toBe('Make GCLUB main');
    expect(within(card('UFA')).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByTestId(testIds.switchAccount));
    fireEvent.click(screen.getByTestId(testIds.switchMain));
    fireEvent.click(screen.getByTestId(testIds.refreshBalances));
    expect([switchAccount, switchMain, refreshBalances].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    expect(screen.getByTestId(testIds.gamesMessage).hidden).toBe(true);
  });

  it('marks the switches busy while the host works, and shows its error as an alert or its notice as a status', () => {
    show(<GameAccountsPanel />, {
      gameAccounts: { accounts: [ufa, gclub], switching: true, switchingMain: true, error: en.games.errors.switchMainRefused },
    });
    expect(screen.getByTestId(testIds.switchAccount).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId(testIds.switchMain).getAttribute('aria-busy')).toBe('true');
    const message = screen.getByTestId(testIds.gamesMessage);
    expect(message.hidden).toBe(false);
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.textContent).toBe(en.games.errors.switchMainRefused);
    cleanup();
    show(<GameAccountsPanel />, { gameAccounts: { accounts: [ufa, gclub], notice: en.games.mainSwitched } });
    expect(screen.getByTestId(testIds.gamesMessage).getAttribute('role')).toBe('status');
    expect(screen.getByTestId(testIds.gamesMessage).textContent).toBe(en.games.mainSwitched);
  });

  it('offers no switch with a single account, and an empty state with none', () => {
    show(<GameAccountsPanel />, { gameAccounts: { accounts: [ufa] } });
    expect(screen.queryByTestId(testIds.switchAccount)).toBeNull();
    expect(screen.queryByTestId(testIds.switchMain)).toBeNull();
    cleanup();
    show(<GameAccountsPanel />, { gameAccounts: { accounts: [] } });
    expect(screen.getByText(en.gamesUi.noAccounts)).toBeTruthy();
    expect(screen.queryByTestId(testIds.refreshBalances)).toBeNull();
  });

  it('switches in the preview after a pause', () => {
    vi.useFakeTimers();
    show(<GameAccountsPanel />);
    fireEvent.click(screen.getByTestId(testIds.switchAccount));
    expect(screen.getByTestId(testIds.switchAccount).getAttribute('aria-busy')).toBe('true');
    act(() => vi.runAllTimers());
    expect(within(card('GCLUB')).getByTestId(testIds.gameSelectedBadge)).toBeTruthy();
    expect(within(card('UFA')).getByTestId(testIds.switchAccount).textContent).toBe('Switch to UFA');
  });
});

describe('MemberCard', () => {
  it('shows the username, the phone 3-3-4, the bank by language and number 3-1-5-1, and a name with markup as text', () => {
    const { container } = show(<MemberCard />, {
      preferences: { locale: 'th' },
      session: { memberInfo: { ...PREVIEW_SESSION.memberInfo!, account_name: '<b>Nok</b>', logo: 'https://bank.example/kbank.svg' } },
    });
    expect(container.textContent).toContain(PREVIEW_SESSION.username);
    expect(screen.getByTestId(testIds.profilePhone).textContent).toBe('081-234-5678');
    expect(screen.getByTestId(testIds.profileBankNumber).textContent).toBe('123-4-56789-0');
    expect(container.textContent).toContain(PREVIEW_SESSION.memberInfo!.bank_th);
    expect(container.textContent).toContain('<b>Nok</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://bank.example/kbank.svg');
  });

  it('draws the bank instead of a logo that is not a web address', () => {
    const { container } = show(<MemberCard />, {
      session: { memberInfo: { ...PREVIEW_SESSION.memberInfo!, logo: 'javascript:alert(1)' } },
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain(PREVIEW_SESSION.memberInfo!.bank_en);
  });
});

describe('GamePasswordForm', () => {
  it('offers the member’s accounts by service and sends through the hook', () => {
    const setService = vi.fn();
    const submit = vi.fn();
    const setOldPassword = vi.fn();
    show(<GamePasswordForm />, {
      gameAccounts: { accounts: [ufa, gclub] },
      gamePassword: { service: 'UFA', setService, submit, setOldPassword },
    });
    const select = screen.getByTestId(testIds.gamePasswordService) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => o.value)).toEqual(['UFA', 'GCLUB']);
    expect(select.value).toBe('UFA');
    fireEvent.change(select, { target: { value: 'GCLUB' } });
    expect(setService).toHaveBeenCalledWith('GCLUB');
    for (const id of [testIds.gamePasswordOld, testIds.gamePasswordNew, testIds.gamePasswordConfirm]) {
      const input = screen.getByTestId(id) as HTMLInputElement;
      expect(input.type, id).toBe('password');
      expect(document.querySelector(`label[for="${input.id}"]`), `${id} label`).not.toBeNull();
    }
    fireEvent.change(screen.getByTestId(testIds.gamePasswordOld), { target: { value: 'old-one' } });
    expect(setOldPassword).toHaveBeenCalledWith('old-one');
    fireEvent.submit(screen.getByTestId(testIds.gamePasswordSubmit).closest('form')!);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('shows field errors, the form error as an alert, success as a status, and busy while pending', () => {
    show(<GamePasswordForm />, {
      gamePassword: {
        service: 'GCLUB',
        pending: true,
        error: en.games.errors.wrongOldPassword,
        fieldErrors: { newPassword: en.register.errors.passwordShort },
      },
    });
    expect(screen.getByTestId(testIds.formError).textContent).toBe(en.games.errors.wrongOldPassword);
    expect(screen.getByTestId(testIds.formError).getAttribute('role')).toBe('alert');
    expect(screen.getByText(en.register.errors.passwordShort)).toBeTruthy();
    expect(screen.getByTestId(testIds.gamePasswordSubmit).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId(testIds.formSuccess).hidden).toBe(true);
    cleanup();
    show(<GamePasswordForm />, { gamePassword: { service: 'GCLUB', done: true } });
    expect(screen.getByTestId(testIds.formSuccess).hidden).toBe(false);
    expect(screen.getByTestId(testIds.formSuccess).textContent).toBe('Your GCLUB game password has been changed.');
  });
});

/** The word a chip button shows (its name, read from a hidden span, is longer). */
const visibleWord = (button: HTMLElement) => button.querySelector('[aria-hidden="true"]:not(svg)')?.textContent;

describe('GameUserList', () => {
  const clipboard = (writeText: (text: string) => Promise<void>) => vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

  it('masks each password until the reveal button is pressed, and hides it again', () => {
    show(<GameUserList />, { gameAccounts: { accounts: [ufa, gclub] } });
    const scope = within(card('UFA'));
    const value = scope.getByTestId(testIds.gamePasswordValue);
    const reveal = scope.getByTestId(testIds.gamePasswordReveal);
    expect(value.textContent).toBe(MASKED_PASSWORD);
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    expect(scope.getByRole('button', { name: 'Show UFA password' })).toBe(reveal);
    fireEvent.click(reveal);
    expect(value.textContent).toBe('Secret#99');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    expect(scope.getByRole('button', { name: 'Hide UFA password' })).toBe(reveal);
    expect(within(card('GCLUB')).getByTestId(testIds.gamePasswordValue).textContent).toBe(MASKED_PASSWORD);
    fireEvent.click(reveal);
    expect(value.textContent).toBe(MASKED_PASSWORD);
  });

  it('copies the real password and the game user, and announces each politely', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    clipboard(writeText);
    show(<GameUserList />, { gameAccounts: { accounts: [ufa, gclub] } });
    const scope = within(card('GCLUB'));
    await act(async () => fireEvent.click(scope.getByTestId(testIds.gamePasswordCopy)));
    expect(writeText).toHaveBeenCalledWith('Gc-pass1');
    expect(scope.getByTestId(testIds.gamePasswordValue).textContent).toBe(MASKED_PASSWORD);
    const status = scope.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('GCLUB password copied.');
    expect(visibleWord(scope.getByTestId(testIds.gamePasswordCopy))).toBe(en.gamesUi.copied);
    expect(scope.getByRole('button', { name: 'Copy GCLUB password' })).toBe(scope.getByTestId(testIds.gamePasswordCopy));
    await act(async () => fireEvent.click(scope.getByTestId(testIds.gameUserCopy)));
    expect(writeText).toHaveBeenLastCalledWith('pre8g1001');
    expect(status.textContent).toBe('GCLUB game user copied.');
  });

  it('says so when the clipboard is refused, and shows the password to copy by hand', async () => {
    clipboard(() => Promise.reject(new Error('NotAllowedError')));
    show(<GameUserList />, { gameAccounts: { accounts: [ufa] } });
    await act(async () => fireEvent.click(screen.getByTestId(testIds.gamePasswordCopy)));
    expect(screen.getByRole('status').textContent).toBe(en.gamesUi.copyFailed);
    expect(screen.getByTestId(testIds.gamePasswordValue).textContent).toBe('Secret#99');
    expect(visibleWord(screen.getByTestId(testIds.gamePasswordCopy))).toBe(en.gamesUi.copy);
  });

  it('shows the game user names as text', () => {
    const { container } = show(<GameUserList />, { gameAccounts: { accounts: [account({ gameuser: '<img src=x onerror=alert(1)>' })] } });
    expect(screen.getByTestId(testIds.gameUser).textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
  });
});
