import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageKey, ThemeName } from '@member/shared-core';
import { en } from '@member/shared-core/i18n/en';
import { testIds } from '@member/shared-core';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from './preview-bridge';
import type { PageModule } from './preview-gallery';

/**
 * Profile and game user inside a theme's shell, with the preview's two accounts (UFA main and in use with
 * 8,250 baht, GCLUB with 1,520.50): every id QA drives is there, on the card of the right provider.
 */
export function describeGamePages(theme: ThemeName, loadPage: (key: PageKey) => Promise<PageModule>): void {
  afterEach(cleanup);

  const renderPage = async (key: PageKey, overrides: PreviewBridgeOverrides = {}) => {
    const { default: Page } = await loadPage(key);
    const bridge = createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } });
    return render(
      <PreviewProviders bridge={bridge} page={key}>
        <Page />
      </PreviewProviders>,
    );
  };
  const card = (service: string) =>
    document.querySelector<HTMLElement>(`[data-testid="${testIds.gameAccount}"][data-service="${service}"]`)!;

  describe(`${theme} profile page`, () => {
    it('shows the member card with the formatted phone and bank number, and the account name as text', async () => {
      const { container } = await renderPage('profile', {
        session: {
          memberInfo: {
            cid: 1,
            phone: '0812345678',
            account_number: '123456789012',
            account_name: '<b>Nok</b>',
            bank_th: 'ธนาคารไทยพาณิชย์',
            bank_en: 'Siam Commercial Bank',
            set: 'SCB',
            logo: '',
          },
        },
      });
      expect(screen.getByTestId(testIds.profilePhone).textContent).toBe('081-234-5678');
      expect(screen.getByTestId(testIds.profileBankNumber).textContent).toBe('123-45678901-2');
      expect(container.textContent).toContain('Siam Commercial Bank');
      expect(container.textContent).toContain('<b>Nok</b>');
      expect(container.querySelector('b')).toBeNull();
    });

    it('gives each game account a card with its provider, user, balance and badges', async () => {
      await renderPage('profile');
      expect(screen.getAllByTestId(testIds.gameAccount)).toHaveLength(2);
      const ufa = within(card('UFA'));
      expect(ufa.getByTestId(testIds.gameBalance).textContent).toContain('8,250.00');
      expect(ufa.getByTestId(testIds.gameUser).textContent).toBe('demou1001');
      expect(ufa.getByTestId(testIds.gameBalanceUpdated).textContent).not.toBe('');
      expect(ufa.getByTestId(testIds.gameSelectedBadge)).toBeTruthy();
      expect(ufa.getByTestId(testIds.gameMainBadge)).toBeTruthy();
      const gclub = within(card('GCLUB'));
      expect(gclub.getByTestId(testIds.gameBalance).textContent).toContain('1,520.50');
      expect(gclub.queryByTestId(testIds.gameSelectedBadge)).toBeNull();
      expect(gclub.queryByTestId(testIds.gameMainBadge)).toBeNull();
    });

    it('offers the switches, the refresh and the game password form once each', async () => {
      await renderPage('profile');
      for (const id of [
        testIds.switchAccount,
        testIds.switchMain,
        testIds.refreshBalances,
        testIds.gamesMessage,
        testIds.gamePasswordService,
        testIds.gamePasswordOld,
        testIds.gamePasswordNew,
        testIds.gamePasswordConfirm,
        testIds.gamePasswordSubmit,
        testIds.formError,
        testIds.formSuccess,
      ]) {
        expect(screen.getAllByTestId(id), id).toHaveLength(1);
      }
      expect(screen.getByTestId(testIds.switchAccount).textContent).toContain('Switch to GCLUB');
      expect(screen.getByTestId(testIds.switchMain).textContent).toContain('Make GCLUB main');
      const select = screen.getByTestId(testIds.gamePasswordService) as HTMLSelectElement;
      expect([...select.options].map((o) => o.value)).toEqual(['UFA', 'GCLUB']);
    });

    it('says so when the member has no game account', async () => {
      await renderPage('profile', { gameAccounts: { accounts: [] } });
      expect(screen.queryByTestId(testIds.gameAccount)).toBeNull();
      expect(screen.getByText(en.gamesUi.noAccounts)).toBeTruthy();
      expect(screen.queryByTestId(testIds.gamePasswordService)).toBeNull();
    });
  });

  describe(`${theme} game user page`, () => {
    it('lists each account with its user, a masked password, reveal and copy buttons', async () => {
      await renderPage('gameuser');
      for (const service of ['UFA', 'GCLUB']) {
        const scope = within(card(service));
        for (const id of [
          testIds.gameUser,
          testIds.gameUserCopy,
          testIds.gamePasswordValue,
          testIds.gamePasswordReveal,
          testIds.gamePasswordCopy,
        ]) {
          expect(scope.getByTestId(id), `${service} ${id}`).toBeTruthy();
        }
        expect(scope.getByTestId(testIds.gamePasswordValue).textContent).toBe('••••••••');
        expect(scope.getByTestId(testIds.gamePasswordReveal).getAttribute('aria-pressed')).toBe('false');
      }
      expect(within(card('UFA')).getByRole('status')).toBeTruthy();
    });
  });
}
