import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutProps, PageKey, ThemeName } from '@member/shared-core';
import { en } from '@member/shared-core/i18n/en';
import { testIds } from '@member/shared-core';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from './preview-bridge';
import type { PageModule } from './preview-gallery';

/**
 * What every theme shows a member first, whatever it looks like (contract 2.3): the money of the account in use at the
 * top of the frame with deposit and withdraw one tap away, sport and casino one tap from the menu and the profile, the
 * reason for a forced logout on the login page, what each account switch does, and where a deposit lands. The preview's
 * member has two accounts: UFA in use and main with 8,250 baht, GCLUB with 1,520.50.
 */
export function describeMemberScreens(
  theme: ThemeName,
  Layout: ComponentType<LayoutProps>,
  loadPage: (key: PageKey) => Promise<PageModule>,
): void {
  afterEach(cleanup);

  const renderWith = (element: ReactElement, page: PageKey, overrides: PreviewBridgeOverrides = {}) => {
    const bridge = createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } });
    return render(
      <PreviewProviders bridge={bridge} page={page}>
        {element}
      </PreviewProviders>,
    );
  };
  const renderFrame = (page: PageKey, overrides: PreviewBridgeOverrides = {}) =>
    renderWith(
      <Layout>
        <p>page body</p>
      </Layout>,
      page,
      overrides,
    );
  const renderPage = async (key: PageKey, overrides: PreviewBridgeOverrides = {}) => {
    const { default: Page } = await loadPage(key);
    return renderWith(<Page />, key, overrides);
  };

  describe(`${theme} member screens`, () => {
    it("puts the member's money in the frame before the page: the balance in use, deposit and withdraw through the bridge", () => {
      const navigate = vi.fn();
      renderFrame('slot', { actions: { navigate } });
      const money = screen.getByTestId(testIds.moneyBar);
      expect(money.getAttribute('data-service')).toBe('UFA');
      expect(within(money).getByTestId(testIds.moneyBalance).textContent).toBe('฿8,250.00');
      // Before the page's own content in the document: what a member reads first.
      const main = screen.getByTestId(testIds.mainContent);
      expect(money.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      const deposit = screen.getAllByTestId(testIds.moneyDeposit);
      const withdraw = screen.getAllByTestId(testIds.moneyWithdraw);
      expect(deposit.length).toBeGreaterThan(0);
      fireEvent.click(deposit[0]!);
      fireEvent.click(withdraw[0]!);
      expect(navigate.mock.calls).toEqual([['/deposit'], ['/withdraw']]);
      // One page with each of the two links is all it ever offers.
      expect(new Set([...deposit, ...withdraw].map((link) => link.getAttribute('href')))).toEqual(new Set(['/deposit', '/withdraw']));
    });

    it("shows the other account's balance on the profile, and the provider's maintenance with its end where the host gives it", () => {
      renderFrame('profile');
      expect(screen.getByTestId(testIds.moneyOther).textContent).toContain('1,520.50');
      cleanup();
      renderFrame('withdraw');
      expect(screen.queryByTestId(testIds.moneyOther)).toBeNull();
      cleanup();
      const until = new Date(Date.now() + 3_600_000).toISOString();
      const account = {
        service: 'UFA' as const,
        gameuser: 'demou1001',
        password: 'p',
        main: true,
        generate: false,
        selected: true,
        balance: 8250,
        balanceUpdatedAt: null,
        balanceLoading: false,
        logged: false,
        maintain: true,
        maintainUntil: until,
        balanceFailed: false,
      };
      renderFrame('slot', { gameAccounts: { accounts: [account] } });
      expect(screen.getByTestId(testIds.moneyBar).textContent).toMatch(/UFA under maintenance until .*\d\d:\d\d/);
    });

    it('shows no money to a guest', () => {
      renderFrame('register', { session: false, gameAccounts: { accounts: [] } });
      expect(screen.queryByTestId(testIds.moneyBar)).toBeNull();
      expect(screen.queryByTestId(testIds.moneyDeposit)).toBeNull();
    });

    it('offers sport and casino in the menu, after the lobbies, each opened in one tap', () => {
      const open = vi.fn();
      renderFrame('profile', { products: { open } });
      const menu = screen.getByTestId(testIds.mainMenu);
      const featured = within(menu).getAllByTestId(testIds.featuredProduct);
      expect(featured.map((entry) => entry.getAttribute('data-kind'))).toEqual(['sport', 'casino']);
      expect(featured.map((entry) => entry.textContent)).toEqual([en.featured.sport, en.featured.casino]);
      const entries = within(menu).getAllByRole('listitem');
      const cards = entries.findIndex((item) => within(item).queryByRole('link', { name: en.page.cards }));
      expect(entries.indexOf(featured[0]!.closest('li')!)).toBe(cards + 1);
      fireEvent.click(featured[1]!);
      expect(open).toHaveBeenCalledWith(featured[1]!.getAttribute('data-key'));
    });

    it('offers sport and casino on the profile too, and says what each account switch does', async () => {
      const open = vi.fn();
      await renderPage('profile', { products: { open } });
      const featured = screen.getAllByTestId(testIds.featuredProduct);
      expect(featured.map((entry) => entry.getAttribute('data-kind'))).toEqual(['sport', 'casino']);
      fireEvent.click(featured[0]!);
      expect(open).toHaveBeenCalledWith('gclubOpenSport');
      const help = screen.getAllByTestId(testIds.gamesSwitchHelp).map((line) => line.textContent);
      expect(help).toEqual([
        en.gamesUi.switchHelp.replace('{{service}}', 'GCLUB'),
        en.gamesUi.makeMainHelp.replace('{{service}}', 'GCLUB'),
      ]);
    });

    it("says a main switch's refusal right under its button", async () => {
      await renderPage('profile', { gameAccounts: { error: en.games.errors.switchMainRefused } });
      const button = screen.getByTestId(testIds.switchMain);
      const message = screen.getByTestId(testIds.gamesMessage);
      expect(message.textContent).toBe(en.games.errors.switchMainRefused);
      expect(message.getAttribute('role')).toBe('alert');
      // In the same block as the button, after it.
      expect(button.parentElement!.contains(message)).toBe(true);
      expect(button.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('says where a deposit lands and lets the member choose the other account', async () => {
      const switchMain = vi.fn();
      await renderPage('deposit', { gameAccounts: { switchMain } });
      expect(screen.getByTestId(testIds.depositTarget).getAttribute('data-service')).toBe('UFA');
      fireEvent.click(screen.getByTestId(testIds.depositChoose));
      expect(switchMain).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId(testIds.depositChoose).textContent).toContain('GCLUB');
    });

    it('says on the login page why the member was logged out, where the host says (contract 2.3)', async () => {
      await renderPage('login', { session: false, loginForm: { notice: en.login.ended.elsewhere } });
      expect(screen.getByTestId(testIds.loginNotice).textContent).toBe(en.login.ended.elsewhere);
      cleanup();
      await renderPage('login', { session: false });
      expect(screen.queryByTestId(testIds.loginNotice)).toBeNull();
    });
  });
}
