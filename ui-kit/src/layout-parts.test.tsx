import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from '@member/theme-kit';
import { testIds } from '@member/shared-core';
import { DRAWN_MEMBER_CID, DRAWN_MONEY_ATTRIBUTES } from '@member/shared-core/drawing';
import { LogoutButton, MainContent, MemberName, MoneyBar, PageHeading, ProductsMenu, PreferenceSwitches, SiteFooter, ThemeRoot } from '.';

afterEach(cleanup);

const show = (element: ReactElement, overrides: PreviewBridgeOverrides = {}) =>
  render(
    <PreviewProviders bridge={createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } })} page="info">
      {element}
    </PreviewProviders>,
  );

describe('layout parts', () => {
  it('ThemeRoot names the theme, marks a frame and opens it with the skip link', () => {
    show(
      <ThemeRoot theme="PRE8" frame>
        <MainContent>body</MainContent>
      </ThemeRoot>,
    );
    const frame = screen.getByTestId(testIds.layoutFrame);
    expect(frame.getAttribute('data-theme-name')).toBe('PRE8');
    expect(frame.firstElementChild?.getAttribute('href')).toBe('#main-content');
    expect(screen.getByTestId(testIds.mainContent).getAttribute('tabindex')).toBe('-1');
  });

  it('ThemeRoot without frame carries neither the frame id nor a skip link', () => {
    const { container } = show(<ThemeRoot theme="OSAKA39">x</ThemeRoot>);
    expect(screen.queryByTestId(testIds.layoutFrame)).toBeNull();
    expect(container.querySelector('a')).toBeNull();
  });

  it('LogoutButton shows progress until the host has logged out', async () => {
    let finish: () => void = () => undefined;
    const logout = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    show(<LogoutButton />, { actions: { logout } });
    const button = screen.getByTestId(testIds.logoutButton);
    fireEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => finish());
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('PageHeading puts icon, h1, divider and introduction in order', () => {
    const { container } = show(<PageHeading page="info" inline divider={<hr />} />);
    const children = [...container.firstElementChild!.children].map((child) => child.tagName);
    expect(children).toEqual(['SPAN', 'H1', 'HR', 'P']);
    expect(container.firstElementChild!.className).toContain('mc-page-heading--inline');
  });

  it('SiteFooter ends with the rights line and the version', () => {
    show(<SiteFooter>first</SiteFooter>);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toMatch(/^first© \d{4} Demo Member Club\. Play responsibly; 18\+ only\.Version 1\.062$/);
  });

  it('PreferenceSwitches leaves out the scheme switch for single-scheme sites', () => {
    show(<PreferenceSwitches />, { preferences: { canSwitchScheme: false } });
    expect(screen.getByTestId(testIds.localeSwitch)).toBeTruthy();
    expect(screen.queryByTestId(testIds.schemeSwitch)).toBeNull();
  });

  describe('in a frame drawn before the member is known', () => {
    const drawn = { session: { cid: DRAWN_MEMBER_CID, username: '' }, gameAccounts: { accounts: [] } };

    it("MemberName keeps a name's place, on its way and unread", () => {
      const { container } = show(<MemberName />, drawn);
      expect(screen.queryByTestId(testIds.memberName)).toBeNull();
      const pending = container.querySelector('.mc-pending-text')!;
      expect(pending.getAttribute('aria-hidden')).toBe('true');
      expect(pending.textContent).toHaveLength('x5678'.length);
    });

    it('MoneyBar keeps its place with the balance on its way, deposit and withdraw as they are', () => {
      const { container } = show(<MoneyBar />, drawn);
      const bar = container.querySelector('section.mc-money')!;
      expect(bar.getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByTestId(testIds.moneyBalance)).toBeNull();
      expect(bar.querySelectorAll('.mc-pending-text[aria-hidden="true"]')).toHaveLength(2);
      expect(screen.getByTestId(testIds.moneyDeposit).getAttribute('href')).toBe('/deposit');
      expect(screen.getByTestId(testIds.moneyWithdraw).getAttribute('href')).toBe('/withdraw');
      // The words the app's bar says for each account in use, for the frame's first script to write from the kept balances.
      expect(bar.hasAttribute(DRAWN_MONEY_ATTRIBUTES.bar)).toBe(true);
      expect(bar.getAttribute(`${DRAWN_MONEY_ATTRIBUTES.inUse}ufa`)).toMatch(/UFA/);
      expect(bar.getAttribute(`${DRAWN_MONEY_ATTRIBUTES.inUse}gclub`)).toMatch(/GCLUB/);
      // The other account's line is the profile's alone.
      expect(bar.hasAttribute(`${DRAWN_MONEY_ATTRIBUTES.other}ufa`)).toBe(false);
    });

    it("MoneyBar on the profile also carries the other account's words", () => {
      const { container } = render(
        <PreviewProviders bridge={createPreviewBridge({ ...drawn, preferences: { locale: 'en' } })} page="profile">
          <MoneyBar />
        </PreviewProviders>,
      );
      const bar = container.querySelector('section.mc-money')!;
      expect(bar.getAttribute(`${DRAWN_MONEY_ATTRIBUTES.other}gclub`)).toMatch(/GCLUB/);
      expect(bar.getAttribute(`${DRAWN_MONEY_ATTRIBUTES.other}ufa`)).toMatch(/UFA/);
      expect(bar.querySelector('.mc-money__other .mc-pending-text')).not.toBeNull();
    });

    it('ProductsMenu keeps the "more games" disclosure, closed, until the products come', () => {
      show(<ProductsMenu variant="disclosure" />, { ...drawn, products: { products: [] } });
      expect(screen.getByRole('button', { name: /more games/i }).getAttribute('aria-expanded')).toBe('false');
    });

    it('a known member without game accounts has no money bar and no products', () => {
      const { container: bar } = show(<ProductsMenu variant="disclosure" />, { products: { products: [] } });
      expect(bar.querySelector('.mc-products-more')).toBeNull();
      cleanup();
      const { container } = show(<MoneyBar />, { gameAccounts: { accounts: [] } });
      expect(container.querySelector('.mc-money')).toBeNull();
    });
  });
});
