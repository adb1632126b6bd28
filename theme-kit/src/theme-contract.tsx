import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutProps } from '@member/shared-core';
import { APP_VERSION, PAGE_KEYS, type PageKey, type ThemeName } from '@member/shared-core';
import { en } from '@member/shared-core/i18n/en';
import { FRAMELESS_PAGES } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { MAIN_CONTENT_ID } from '@member/shared-core';
import { createPreviewBridge, PREVIEW_MENU, PREVIEW_SESSION, PreviewProviders, type PreviewBridgeOverrides } from './preview-bridge';
import { describeGamePages } from './game-pages-contract';
import { describeLobbyPages } from './lobby-pages-contract';
import { describeMemberScreens } from './member-screens-contract';
import { silenceFrameLoading } from './wallet-pages-contract';
import type { PageModule } from './preview-gallery';

export interface ThemeUnderTest {
  theme: ThemeName;
  Layout: ComponentType<LayoutProps>;
  loadPage(key: PageKey): Promise<PageModule>;
}

const HOSTILE_NAME = '<img src=x onerror="alert(1)"><b>Club</b>';

function renderWith(element: ReactElement, page: PageKey, overrides: PreviewBridgeOverrides = {}, sub: string | null = null) {
  const bridge = createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } });
  const view = render(
    <PreviewProviders bridge={bridge} page={page} sub={sub}>
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
      expect(screen.getByTestId(testIds.siteName).textContent).toBe(bridge.site.name);
      const logo = screen.getByTestId(testIds.siteLogo);
      expect(logo.getAttribute('src')).toBe(bridge.site.logo);
      expect(logo.getAttribute('alt')).toBe(bridge.site.name);
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

    it('offers to add the site to the home screen, last in the menu, where the host says the browser can (contract 2.2)', () => {
      const install = vi.fn(() => Promise.resolve());
      renderLayout({ install: { kind: 'prompt', install } });
      const nav = screen.getByTestId(testIds.mainMenu);
      const entry = within(nav).getByRole('button', { name: en.install.entry });
      expect(entry.getAttribute('data-testid')).toBe(testIds.installEntry);
      expect(within(nav).getAllByRole('listitem').at(-1)?.contains(entry)).toBe(true);
      fireEvent.click(entry);
      expect(install).toHaveBeenCalledTimes(1);
      cleanup();
      // An older host, or a browser that offers nothing: no entry, no empty item (the pages and sport and casino).
      renderLayout({ install: null });
      expect(screen.queryByTestId(testIds.installEntry)).toBeNull();
      const menu = screen.getByTestId(testIds.mainMenu);
      expect(within(menu).getAllByRole('listitem')).toHaveLength(
        PREVIEW_MENU.length + within(menu).getAllByTestId(testIds.featuredProduct).length,
      );
    });

    it('shows Safari on iOS the Share-menu steps in a dialog that gives focus back to the entry when closed', () => {
      const { bridge } = renderLayout({ install: { kind: 'ios' } });
      const entry = screen.getByTestId(testIds.installEntry);
      expect(entry.getAttribute('aria-haspopup')).toBe('dialog');
      fireEvent.click(entry);
      const dialog = screen.getByTestId(testIds.installIosDialog);
      expect(dialog.tagName).toBe('DIALOG');
      expect(within(dialog).getByRole('heading').textContent).toBe(en.install.iosTitle.replace('{{site}}', bridge.site.name));
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([en.install.iosStep1, en.install.iosStep2, en.install.iosStep3]);
      fireEvent.click(screen.getByTestId(testIds.installIosClose));
      expect(screen.queryByTestId(testIds.installIosDialog)).toBeNull();
      expect(document.activeElement).toBe(entry);
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
      const { container } = renderLayout({ site: { name: HOSTILE_NAME } });
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
        testIds.loginPhone,
        testIds.loginPassword,
        testIds.loginSubmit,
        testIds.loginLine,
        testIds.loginError,
        testIds.localeSwitch,
        testIds.schemeSwitch,
        testIds.siteName,
        testIds.siteLogo,
        testIds.appVersion,
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
      const { container } = await renderLogin({ site: { name: HOSTILE_NAME } });
      expect(screen.getByTestId(testIds.siteName).textContent).toBe(HOSTILE_NAME);
      expect(container.querySelector('img[src="x"]')).toBeNull();
      expect(container.textContent).toContain(HOSTILE_NAME);
    });
  });

  describe(`${theme} pages`, () => {
    // The promotion page frames the site's promotion.
    silenceFrameLoading();
    const introductions: Partial<Record<PageKey, (site: string) => string>> = {
      register: (site) => `Join ${site} in three short steps.`,
      info: (site) => `Your details, bank account and log-in options at ${site}.`,
      profile: (site) => en.gamesUi.profileIntro.replace('{{site}}', site),
      gameuser: (site) => en.gamesUi.gameuserIntro.replace('{{site}}', site),
      deposit: (site) => en.walletUi.depositIntro.replace('{{site}}', site),
      withdraw: (site) => en.walletUi.withdrawIntro.replace('{{site}}', site),
      history: (site) => en.walletUi.historyIntro.replace('{{site}}', site),
      promotion: (site) => en.walletUi.promotionIntro.replace('{{site}}', site),
      slot: (site) => en.lobbyUi.intro.slot.replace('{{site}}', site),
      fish: (site) => en.lobbyUi.intro.fish.replace('{{site}}', site),
      cards: (site) => en.lobbyUi.intro.cards.replace('{{site}}', site),
      logout: () => en.logout.inProgress,
    };
    for (const key of PAGE_KEYS.filter((page) => page !== 'login')) {
      it(`${key}: titles the page and introduces it for the brand`, async () => {
        const { default: Page } = await loadPage(key);
        const { container, bridge } = renderWith(<Page />, key);
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.page[key]);
        expect(screen.getByTestId(testIds.pageTitle)).toBeTruthy();
        const intro = introductions[key]?.(bridge.site.name) ?? `${en.page[key]} opens here for members of ${bridge.site.name}.`;
        expect(container.textContent).toContain(intro);
        if (FRAMELESS_PAGES.includes(key)) {
          expect(container.querySelector(`[data-theme-name="${theme}"]`)).not.toBeNull();
          expect(screen.getByTestId(testIds.appVersion)).toBeTruthy();
        }
      });
    }
  });

  describeAccountPages(theme, loadPage);
  describeGamePages(theme, loadPage);
  describeLobbyPages(theme, loadPage, Layout);
  describeMemberScreens(theme, Layout, loadPage);
}

/** Register, info and logout: the shared blocks inside each theme's shell, driven by the bridge's hooks. */
function describeAccountPages(theme: ThemeName, loadPage: ThemeUnderTest['loadPage']): void {
  const renderPage = async (key: PageKey, overrides: PreviewBridgeOverrides = {}, sub: string | null = null) => {
    const { default: Page } = await loadPage(key);
    return renderWith(<Page />, key, overrides, sub);
  };
  const hrefs = (container: HTMLElement) => [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));

  describe(`${theme} register page`, () => {
    it('starts at step 1: the step list, phone and both password fields, next, and the way to log in', async () => {
      const { container } = await renderPage('register', { session: false });
      const steps = container.querySelector('ol')!;
      expect(steps.querySelectorAll(':scope > li')).toHaveLength(3);
      expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain(en.register.step1);
      const heading = screen.getByTestId(testIds.registerStep);
      expect(heading.textContent).toContain('Step 1 of 3');
      expect(heading.textContent).toContain(en.register.step1);
      for (const id of [testIds.registerPhone, testIds.registerPassword, testIds.registerConfirm]) {
        const input = screen.getByTestId(id);
        expect(input.tagName, id).toBe('INPUT');
        expect(container.querySelector(`label[for="${input.id}"]`), `${id} has a visible label`).not.toBeNull();
      }
      expect(screen.getByTestId(testIds.registerSubmit).textContent).toContain(en.register.next);
      expect(screen.queryByTestId(testIds.registerBack)).toBeNull();
      expect(screen.getByTestId(testIds.registerError).hidden).toBe(true);
      expect(hrefs(container)).toContain('/login');
    });

    it('asks no password of a member who came from LINE', async () => {
      await renderPage('register', { session: false, registerFlow: { viaLine: true } });
      expect(screen.getByText(en.register.lineNoPassword)).toBeTruthy();
      expect(screen.queryByTestId(testIds.registerPassword)).toBeNull();
      expect(screen.queryByTestId(testIds.registerConfirm)).toBeNull();
    });

    it('shows the bank fields at step 2, with a back button that goes through the flow', async () => {
      const back = vi.fn();
      const { container } = await renderPage('register', { session: false, registerFlow: { step: 2, back } });
      const bank = screen.getByTestId(testIds.registerBank) as HTMLSelectElement;
      expect(bank.tagName).toBe('SELECT');
      expect(bank.options[0]!.value).toBe('');
      expect(bank.options[0]!.textContent).toBe(en.register.chooseBank);
      expect(bank.options).toHaveLength(18);
      expect(screen.getByTestId(testIds.registerAccountNumber).getAttribute('inputmode')).toBe('numeric');
      expect(screen.getByTestId(testIds.registerAccountName)).toBeTruthy();
      expect(container.querySelector('[aria-current="step"]')?.textContent).toContain(en.register.step2);
      fireEvent.click(screen.getByTestId(testIds.registerBack));
      expect(back).toHaveBeenCalledTimes(1);
    });

    it('reviews the entries at step 3, formatted and as text, and submits through the flow', async () => {
      const submit = vi.fn();
      const { container } = await renderPage('register', {
        session: false,
        registerFlow: { step: 3, phone: '0812345678', bankCode: 'SCB', accountNumber: '1234567890', accountName: HOSTILE_NAME, submit },
      });
      expect(container.textContent).toContain('081-234-5678');
      expect(container.textContent).toContain(en.banks.SCB);
      expect(container.textContent).toContain('123-4-56789-0');
      expect(container.textContent).toContain(HOSTILE_NAME);
      expect(container.querySelector('img[src="x"]')).toBeNull();
      expect(screen.getByTestId(testIds.registerSubmit).textContent).toContain(en.register.create);
      expect(screen.getByTestId(testIds.registerBack)).toBeTruthy();
      fireEvent.submit(screen.getByTestId(testIds.registerSubmit).closest('form')!);
      expect(submit).toHaveBeenCalledTimes(1);
    });

    it('shows the flow’s error and marks the submit busy while it works', async () => {
      await renderPage('register', { session: false, registerFlow: { error: en.register.errors.failed, pending: true } });
      const error = screen.getByTestId(testIds.registerError);
      expect(error.hidden).toBe(false);
      expect(error.getAttribute('role')).toBe('alert');
      expect(error.textContent).toBe(en.register.errors.failed);
      expect(screen.getByTestId(testIds.registerSubmit).getAttribute('aria-busy')).toBe('true');
    });
  });

  describe(`${theme} info page`, () => {
    it('summarises the account: username, formatted phone and bank number, LINE and phone status, links to each setting', async () => {
      const { container, bridge } = await renderPage('info');
      expect(container.textContent).toContain(bridge.session.username);
      expect(screen.getByTestId(testIds.infoPhone).textContent).toBe('081-234-5678');
      expect(screen.getByTestId(testIds.infoBankNumber).textContent).toBe('123-4-56789-0');
      expect(container.textContent).toContain(bridge.session.memberInfo!.bank_en);
      expect(screen.getByTestId(testIds.infoLineStatus).textContent).toBe(en.info.notConnected);
      expect(screen.getByTestId(testIds.infoPhoneStatus).textContent).toBe(en.info.connected);
      expect(hrefs(container)).toEqual(expect.arrayContaining(['/info/changePassword', '/info/lineAuthInfo', '/info/phoneAuthInfo']));
      // The member's phone log-in is connected already: no offer to connect it.
      expect(hrefs(container)).not.toContain('/info/connectPhone');
    });

    it('shows names from the server as text, even when they contain markup', async () => {
      const { container } = await renderPage('info', {
        session: {
          memberInfo: { ...PREVIEW_SESSION.memberInfo!, account_name: '<b>Nok</b>' },
          profile: { ...PREVIEW_SESSION.profile!, name: HOSTILE_NAME },
        },
      });
      expect(container.textContent).toContain('<b>Nok</b>');
      expect(container.textContent).toContain(HOSTILE_NAME);
      expect(container.querySelector('b')).toBeNull();
      expect(container.querySelector('img[src="x"]')).toBeNull();
    });

    const subPages: Array<[string, PreviewBridgeOverrides, string[]]> = [
      [
        'changePassword',
        {},
        [
          testIds.changePasswordOld,
          testIds.changePasswordNew,
          testIds.changePasswordConfirm,
          testIds.changePasswordSubmit,
          testIds.formError,
        ],
      ],
      [
        'connectPhone',
        { session: { profile: { ...PREVIEW_SESSION.profile!, phoneConnect: false } } },
        [testIds.connectPhoneNumber, testIds.connectPhonePassword, testIds.connectPhoneSubmit, testIds.formError],
      ],
      ['lineAuthInfo', {}, [testIds.lineConnectButton]],
      ['phoneAuthInfo', {}, []],
    ];
    for (const [sub, overrides, ids] of subPages) {
      it(`${sub}: renders its controls and a way back to the account`, async () => {
        await renderPage('info', overrides, sub);
        for (const id of ids) expect(screen.getByTestId(id), id).toBeTruthy();
        const back = screen.getByRole('link', { name: en.info.backToAccount });
        expect(back.getAttribute('href')).toBe('/info');
        expect(screen.getByRole('heading', { level: 2, name: en.info[sub as keyof typeof en.info] as string })).toBeTruthy();
        expect(screen.queryByTestId(testIds.infoPhone)).toBeNull();
      });
    }

    it('changePassword: confirms a changed password in a status message', async () => {
      await renderPage('info', { changePassword: { done: true } }, 'changePassword');
      const success = screen.getByTestId(testIds.formSuccess);
      expect(success.hidden).toBe(false);
      expect(success.getAttribute('role')).toBe('status');
      expect(success.textContent).toBe(en.info.passwordChanged);
      expect(screen.getByTestId(testIds.formError).hidden).toBe(true);
    });

    it('connectPhone: shows an already connected phone instead of the form', async () => {
      const { container } = await renderPage('info', {}, 'connectPhone');
      expect(container.textContent).toContain(en.info.phoneConnectedInfo.replace('{{phone}}', '081-234-5678'));
      expect(screen.queryByTestId(testIds.connectPhoneNumber)).toBeNull();
    });

    it('lineAuthInfo: shows the failed LINE connection as an alert, and the connected state without a button', async () => {
      await renderPage('info', { lineConnect: { failed: true } }, 'lineAuthInfo');
      const error = screen.getByTestId(testIds.formError);
      expect(error.hidden).toBe(false);
      expect(error.getAttribute('role')).toBe('alert');
      expect(error.textContent).toBe(en.info.errors.lineConnectFailed);
      expect(screen.getByTestId(testIds.lineConnectButton)).toBeTruthy();
      cleanup();
      await renderPage('info', { lineConnect: { connected: true } }, 'lineAuthInfo');
      expect(screen.getByText(en.info.lineConnectedInfo)).toBeTruthy();
      expect(screen.queryByTestId(testIds.lineConnectButton)).toBeNull();
    });
  });

  describe(`${theme} logout page`, () => {
    it('shows the logout happening, with nothing to press', async () => {
      const { container } = await renderPage('logout');
      const status = screen.getByRole('status');
      expect(status.textContent).toBe(en.logout.inProgress);
      expect(status.querySelector('.mc-spinner')).not.toBeNull();
      expect(screen.queryByTestId(testIds.logoutButton)).toBeNull();
      expect(container.querySelector('button')).toBeNull();
    });
  });
}
