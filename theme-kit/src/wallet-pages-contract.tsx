import nodeConsole from 'node:console';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageKey, ThemeName } from '@member/shared-core';
import { en } from '@member/shared-core/i18n/en';
import { testIds } from '@member/shared-core';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from './preview-bridge';
import type { PageModule } from './preview-gallery';

/**
 * happy-dom does not load frames and reports each one on the console it was given at start-up (Node's own);
 * a browser loads the page. Call inside a describe whose tests render a frame.
 */
export function silenceFrameLoading(): void {
  beforeEach(() => {
    const error = nodeConsole.error.bind(nodeConsole);
    vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('Iframe page loading is disabled')) error(...args);
    });
  });
  afterEach(() => vi.restoreAllMocks());
}

/**
 * Deposit, withdraw, history and promotion inside a theme's shell with the preview bridge: the shared blocks are
 * placed, every id QA drives is there once, and the states that matter read the same in every theme.
 */
export function describeWalletPages(theme: ThemeName, loadPage: (key: PageKey) => Promise<PageModule>): void {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  silenceFrameLoading();

  const renderPage = async (key: PageKey, overrides: PreviewBridgeOverrides = {}) => {
    const { default: Page } = await loadPage(key);
    const bridge = createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } });
    const view = render(
      <PreviewProviders bridge={bridge} page={key}>
        <Page />
      </PreviewProviders>,
    );
    return { ...view, bridge };
  };

  describe(`${theme} deposit page`, () => {
    it('shows the club’s account number formatted with a copy button, the member’s own account and the steps', async () => {
      const { container } = await renderPage('deposit');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.page.deposit);
      expect(screen.getByTestId(testIds.depositAccountNumber).textContent).toBe('098-7-65432-1');
      expect(screen.getByTestId(testIds.depositCopy).tagName).toBe('BUTTON');
      expect(screen.getByTestId(testIds.depositConfirmation).getAttribute('role')).toBe('status');
      expect(container.textContent).toContain('123-4-56789-0');
      expect(container.querySelectorAll('ol > li')).toHaveLength(4);
    });

    it('confirms a deposit announced while the page is open', async () => {
      await renderPage('deposit', { deposit: { lastDeposit: { gameuser: 'demou1001', at: new Date().toISOString() } } });
      expect(screen.getByTestId(testIds.depositConfirmation).textContent).toContain('Deposit received for demou1001.');
    });
  });

  describe(`${theme} withdraw page`, () => {
    it('has the account, amount, status and one submit button in a real form', async () => {
      await renderPage('withdraw');
      for (const id of [
        testIds.withdrawAccount,
        testIds.withdrawAmount,
        testIds.withdrawSubmit,
        testIds.withdrawStatus,
        testIds.withdrawError,
      ]) {
        expect(screen.getAllByTestId(id), id).toHaveLength(1);
      }
      const submit = screen.getByTestId(testIds.withdrawSubmit);
      expect(submit.getAttribute('type')).toBe('submit');
      expect(submit.closest('form')).not.toBeNull();
      expect(screen.getByTestId(testIds.withdrawAmount).getAttribute('inputmode')).toBe('decimal');
    });

    it('sends from one press', async () => {
      const submit = vi.fn();
      await renderPage('withdraw', { withdraw: { amount: '250', submit } });
      fireEvent.click(screen.getByTestId(testIds.withdrawSubmit));
      expect(submit).toHaveBeenCalledTimes(1);
    });

    it('keeps the button disabled while the withdrawal is locked, and says where it stands', async () => {
      for (const [phase, text] of [
        ['sending', en.walletUi.withdraw.statusSending],
        ['pending', en.walletUi.withdraw.statusPending],
      ] as const) {
        const { unmount } = await renderPage('withdraw', { withdraw: { phase, locked: true, amount: '250' } });
        expect((screen.getByTestId(testIds.withdrawSubmit) as HTMLButtonElement).disabled, phase).toBe(true);
        expect(screen.getByTestId(testIds.withdrawStatus).textContent, phase).toContain(text);
        unmount();
      }
      await renderPage('withdraw', { withdraw: { phase: 'done', locked: false } });
      expect((screen.getByTestId(testIds.withdrawSubmit) as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getByTestId(testIds.withdrawStatus).textContent).toContain(en.walletUi.withdraw.statusDone);
    });

    it('shows checking as a status with a retry, not as a failure', async () => {
      const retry = vi.fn();
      await renderPage('withdraw', { withdraw: { phase: 'checking', locked: true, retry } });
      const status = screen.getByTestId(testIds.withdrawStatus);
      expect(status.textContent).toContain(en.walletUi.withdraw.statusChecking);
      fireEvent.click(within(status).getByTestId(testIds.withdrawRetry));
      expect(retry).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId(testIds.withdrawError).hidden).toBe(true);
    });
  });

  describe(`${theme} history page`, () => {
    it('lists the preview’s movements newest first, with the period control and the account select', async () => {
      await renderPage('history');
      expect(screen.getByTestId(testIds.historyAccount).tagName).toBe('SELECT');
      const periods = screen.getAllByTestId(testIds.historyPeriod);
      expect(periods.map((b) => b.dataset.period)).toEqual(['today', '7d', '30d']);
      const rows = screen.getAllByTestId(testIds.historyRow);
      expect(rows.length).toBeGreaterThan(1);
      const times = rows.map((row) => Date.parse(row.querySelector('time')!.getAttribute('datetime')!));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(rows.every((row) => row.dataset.ref && row.querySelector('[data-status]')?.textContent)).toBe(true);
    });

    it('shows the error with a retry, and the empty state', async () => {
      const reload = vi.fn();
      await renderPage('history', { history: { status: 'error', error: en.wallet.errors.history, entries: [], reload } });
      fireEvent.click(within(screen.getByTestId(testIds.historyError)).getByTestId(testIds.historyRetry));
      expect(reload).toHaveBeenCalledTimes(1);
      cleanup();
      await renderPage('history', { history: { entries: [] } });
      expect(screen.getByTestId(testIds.historyEmpty)).toBeTruthy();
    });
  });

  describe(`${theme} promotion page`, () => {
    it('frames the site’s promotion with a link to open it', async () => {
      const { bridge } = await renderPage('promotion', { site: { promoLink: 'https://promo.example/offers' } });
      expect(screen.getByTestId(testIds.promotionFrame).getAttribute('src')).toBe('https://promo.example/offers');
      expect(screen.getByTestId(testIds.promotionFrame).getAttribute('title')).toBe(`Promotions of ${bridge.site.name}`);
      expect(screen.getByTestId(testIds.promotionOpen).getAttribute('target')).toBe('_blank');
    });

    it('refuses a script link with a message and neither frame nor link', async () => {
      await renderPage('promotion', { site: { promoLink: 'javascript:alert(1)' } });
      expect(screen.getByTestId(testIds.promotionRefused).getAttribute('role')).toBe('alert');
      expect(screen.queryByTestId(testIds.promotionFrame)).toBeNull();
      expect(screen.queryByTestId(testIds.promotionOpen)).toBeNull();
    });
  });
}
