import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutProps } from '../bridge/types';
import { APP_VERSION, PAGE_KEYS, type PageKey, type ThemeName } from '../contract';
import { en } from '../i18n/en';
import { FRAMELESS_PAGES } from '../routes';
import { testIds } from '../test-ids';
import { MAIN_CONTENT_ID } from '../ui/layout-parts';
import { createPreviewBridge, PREVIEW_MENU, PreviewProviders, type PreviewBridgeOverrides } from './preview-bridge';
import type { PageModule } from './preview-gallery';

export interface ThemeUnderTest {
  theme: ThemeName;
  Layout: ComponentType<LayoutProps>;
  loadPage(key: PageKey): Promise<PageModule>;
}

const HOSTILE_NAME = '<img src=x onerror="alert(1)"><b>Club</b>';

function renderWith(element: ReactElement, page: PageKey, overrides: PreviewBridgeOverrides = {}) {
  const bridge = createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } });
  const view = render(
    <PreviewProviders bridge={bridge} page={page}>
      {element}
    </PreviewProviders>,
  );
  return { ...view, bridge };
}

/**
 * What every theme remote must do the same way, whatever it looks like: test ids, the frame's
 * contents, the current page in the menu, the login form, preference switches, text-only brand names.
 * Each remote calls this with its own components and adds its own look-specific assertions.
 */
export function describeThemeContract({ theme, Layout, loadPage }: ThemeUnderTest): void {
  afterEach(cleanup);

  describe(`${theme} layout`, () => {
    const renderLayout = (overrides: PreviewBridgeOverrides = {}, page: PageKey = 'deposit') =>
      renderWith(
        <Layout>
          <p>page body</p>
        </Layout>,
        page,
        overrides,
      );

    it('frames the page with the brand, the version and the page in the main content', () => {
      const { bridge } = renderLayout();
      const frame = screen.getByTestId(testIds.layoutFrame);
      expect(frame.getAttribute('data-theme-name')).toBe(theme);
      expect(screen.getByTestId(testIds.siteName).textContent).toBe(bridge.site.web);
      const logo = screen.getByTestId(testIds.siteLogo);
      expect(logo.getAttribute('src')).toBe(bridge.site.logo);
      expect(logo.getAttribute('alt')).toBe(bridge.site.web);
      expect(screen.getByTestId(testIds.appVersion).textContent).toBe(`Version ${APP_VERSION}`);
      const main = document.getElementById(MAIN_CONTENT_ID);
      expect(main?.tagName).toBe('MAIN');
      expect(within(main!).getByText('page body')).toBeTruthy();
      const skip = screen.getByRole('link', { name: en.app.skipToContent });
      expect(skip.getAttribute('href')).toBe(`#${MAIN_CONTENT_ID}`);
    });

    it('lists the bridge menu in a labelled nav with the current page marked', () => {
      renderLayout({}, 'withdraw');
      const nav = screen.getByTestId(testIds.mainMenu);
      expect(nav.tagName).toBe('NAV');
      expect(nav.getAttribute('aria-label')).toBe(en.layout.mainMenu);
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(PREVIEW_MENU.map((item) => item.path));
      const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current).toHaveLength(1);
      expect(current[0]!.textContent).toContain(en.page.withdraw);
    });

    it('navigates through the bridge when a menu entry is clicked', () => {
      const navigate = vi.fn();
      renderLayout({ actions: { navigate } });
      fireEvent.click(within(screen.getByTestId(testIds.mainMenu)).getByRole('link', { name: en.page.history }));
      expect(navigate).toHaveBeenCalledWith('/history');
    });

    it('offers the LINE contact in a new tab without an opener', () => {
      const { bridge } = renderLayout();
      const line = screen.getByTestId(testIds.lineContact);
      expect(line.tagName).toBe('A');
      expect(line.getAttribute('href')).toBe(bridge.site.lineLink);
      expect(line.getAttribute('target')).toBe('_blank');
      expect(line.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
      expect(line.textContent).toContain(`LINE ID: ${bridge.site.lineId}`);
    });

    it('shows the member and a logout button that asks the host to log out', () => {
      const logout = vi.fn(() => Promise.resolve());
      renderLayout({ session: { username: 'x4321' }, actions: { logout } });
      expect(screen.getByTestId(testIds.memberName).textContent).toBe('x4321');
      fireEvent.click(screen.getByTestId(testIds.logoutButton));
      expect(logout).toHaveBeenCalledTimes(1);
    });

    it('shows neither member nor logout to a guest', () => {
      renderLayout({ session: false });
      expect(screen.queryByTestId(testIds.memberName)).toBeNull();
      expect(screen.queryByTestId(testIds.logoutButton)).toBeNull();
    });

    it('switches language and scheme through the bridge, and hides the scheme switch for single-scheme sites', () => {
      const setLocale = vi.fn();
      const setScheme = vi.fn();
      renderLayout({ preferences: { locale: 'th' }, actions: { setLocale, setScheme } });
      fireEvent.click(screen.getByTestId(testIds.localeSwitch));
      expect(setLocale).toHaveBeenCalledWith('en');
      fireEvent.click(screen.getByTestId(testIds.schemeSwitch));
      expect(setScheme).toHaveBeenCalledWith('dark');
      cleanup();
      renderLayout({ preferences: { canSwitchScheme: false } });
      expect(screen.queryByTestId(testIds.schemeSwitch)).toBeNull();
      expect(screen.getByTestId(testIds.localeSwitch)).toBeTruthy();
    });

    it('renders a brand name containing markup as text', () => {
      const { container } = renderLayout({ site: { web: HOSTILE_NAME } });
      expect(screen.getByTestId(testIds.siteName).textContent).toBe(HOSTILE_NAME);
      expect(container.querySelector('img[src="x"]')).toBeNull();
      expect(container.querySelector('b')).toBeNull();
    });

    it('speaks Thai by default', () => {
      renderLayout({ preferences: { locale: 'th' } });
      expect(screen.getByTestId(testIds.mainMenu).getAttribute('aria-label')).toBe('เมนูหลัก');
      expect(screen.getByTestId(testIds.layoutFrame).getAttribute('lang')).toBe('th');
    });
  });

  describe(`${theme} login page`, () => {
    const renderLogin = async (overrides: PreviewBridgeOverrides = {}) => {
      const { default: Login } = await loadPage('login');
      return renderWith(<Login />, 'login', overrides);
    };

    it('is its own themed screen with every control QA drives', async () => {
      const { container } = await renderLogin();
      expect(container.querySelector(`[data-theme-name="${theme}"]`)).not.toBeNull();
      expect(screen.queryByTestId(testIds.layoutFrame)).toBeNull();
      for (const id of [
        testIds.loginPhone, testIds.loginPassword, testIds.loginSubmit, testIds.loginLine, testIds.loginError,
        testIds.localeSwitch, testIds.schemeSwitch, testIds.siteName, testIds.siteLogo, testIds.appVersion,
      ]) {
        expect(screen.getByTestId(id), id).toBeTruthy();
      }
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.page.login);
      expect(screen.getByTestId(testIds.appVersion).textContent).toContain(APP_VERSION);
      expect(screen.getByTestId(testIds.loginError).hidden).toBe(true);
    });

    it('shows the host’s error and submits through the login-form hook', async () => {
      const submit = vi.fn();
      await renderLogin({ loginForm: { error: en.login.errors.failed, submit } });
      const error = screen.getByTestId(testIds.loginError);
      expect(error.hidden).toBe(false);
      expect(error.textContent).toBe(en.login.errors.failed);
      fireEvent.submit(screen.getByTestId(testIds.loginSubmit).closest('form')!);
      expect(submit).toHaveBeenCalledTimes(1);
    });

    it('switches language through the bridge', async () => {
      const setLocale = vi.fn();
      await renderLogin({ preferences: { locale: 'th' }, actions: { setLocale } });
      fireEvent.click(screen.getByTestId(testIds.localeSwitch));
      expect(setLocale).toHaveBeenCalledWith('en');
    });

    it('hides the scheme switch when the site has one scheme', async () => {
      await renderLogin({ preferences: { canSwitchScheme: false } });
      expect(screen.queryByTestId(testIds.schemeSwitch)).toBeNull();
    });

    it('renders a brand name containing markup as text', async () => {
      const { container } = await renderLogin({ site: { web: HOSTILE_NAME } });
      expect(screen.getByTestId(testIds.siteName).textContent).toBe(HOSTILE_NAME);
      expect(container.querySelector('img[src="x"]')).toBeNull();
      expect(container.textContent).toContain(HOSTILE_NAME);
    });
  });

  describe(`${theme} pages`, () => {
    for (const key of PAGE_KEYS.filter((page) => page !== 'login')) {
      it(`${key}: titles the page and introduces it for the brand`, async () => {
        const { default: Page } = await loadPage(key);
        const { container, bridge } = renderWith(<Page />, key);
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.page[key]);
        expect(screen.getByTestId(testIds.pageTitle)).toBeTruthy();
        expect(container.textContent).toContain(`${en.page[key]} opens here for members of ${bridge.site.web}.`);
        if (FRAMELESS_PAGES.includes(key)) {
          expect(container.querySelector(`[data-theme-name="${theme}"]`)).not.toBeNull();
          expect(screen.getByTestId(testIds.appVersion)).toBeTruthy();
        }
      });
    }
  });
}
