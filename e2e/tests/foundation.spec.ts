import { testIds } from '@member/shared-core/test-ids';
import { APP_VERSION } from '@member/shared-core/contract';
import { expect, test } from '../support/fixtures';
import { ONCE, perLook } from '../support/site-looks';
import { appHasThePage, logInWithCookies } from '../support/session';
import { createMember } from '../support/sim';
import { th } from '@member/shared-core/i18n/th';

test.describe('each site on /login', () => {
  test('shows its name, logo, theme layout and version', async ({ page, site }) => {
    const loginTheme = site.pages.login.theme;
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.siteName).first()).toHaveText(site.brand.name);
    const logo = page.getByTestId(testIds.siteLogo).first();
    await expect(logo).toHaveAttribute('src', site.brand.logo);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator(`[data-theme-name="${loginTheme}"]`).first()).toBeVisible();
    await expect(page.getByTestId(testIds.appVersion).first()).toContainText(APP_VERSION);
    for (const id of [testIds.loginPhone, testIds.loginPassword, testIds.loginSubmit, testIds.loginLine, testIds.localeSwitch]) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    // The blocks' stylesheet comes with the theme remote, not the host: without it the button is a bare 20 px line.
    const submitHeight = await page.getByTestId(testIds.loginSubmit).evaluate((button) => button.getBoundingClientRect().height);
    expect(submitHeight).toBeGreaterThanOrEqual(44);
    await expect(page).toHaveTitle('Member');
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /user-scalable=no/);
    const scheme = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(scheme).toBe(site.schemes[0]!);
  });

  test('the root path redirects to the configured target, keeping the prefix', perLook('login'), async ({ page, site }) => {
    await page.goto(`/?prefix=${site.key}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
  });

  test(
    'a member page needs a session and sends a guest to log in, keeping the page to come back to',
    perLook('login'),
    async ({ page, site }) => {
      await page.goto(`/profile?prefix=${site.key}`);
      await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fprofile&prefix=${site.key}$`));
    },
  );
});

test.describe('theme-variant routes', () => {
  for (const theme of ['default', 'PRE8', 'OSAKA39'] as const) {
    test(`/login/theme/${theme} renders the ${theme} theme`, perLook('login'), async ({ page, site }) => {
      await page.goto(`/login/theme/${theme}?prefix=${site.key}`);
      await expect(page.locator(`[data-theme-name="${theme}"]`).first()).toBeVisible();
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    });
  }

  test('a variant with an unknown theme or sub-route is not found', perLook('login'), async ({ page, site }) => {
    await page.goto(`/login/theme/NEON?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /login/theme/NEON');
    await page.goto(`/slot/theme/PRE8/fishGame?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /slot/theme/PRE8/fishGame');
  });
});

test.describe('prefix', () => {
  test('an unknown prefix shows Page Not Found', ONCE, async ({ page }) => {
    await page.goto('/login?prefix=zzzz');
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /login');
  });

  test('no prefix at all shows Page Not Found', ONCE, async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /login');
  });

  test('a prefix the server refuses shows Page Not Found', async ({ page, site }) => {
    await page.route('**/api/checkPrefix**', async (route) => {
      // Same site, but asked with the divisions value the server does not hold for it.
      const url = new URL(route.request().url());
      url.searchParams.set('divisions', site.divided ? 'false' : 'true');
      await route.continue({ url: url.toString() });
    });
    await page.goto(`/login?prefix=${site.key}`);
    // A guest's page asks the server once the guest starts to use it.
    await page.getByTestId(testIds.loginPhone).click();
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /login');
  });

  test('a guest who never touches the page learns the server refused the prefix within 15 seconds', ONCE, async ({ page, site }) => {
    const asked: string[] = [];
    await page.route('**/api/checkPrefix**', async (route) => {
      asked.push(route.request().url());
      const url = new URL(route.request().url());
      url.searchParams.set('divisions', site.divided ? 'false' : 'true');
      await route.continue({ url: url.toString() });
    });
    await page.clock.install();
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginPhone)).toBeVisible();
    // The page came drawn in the HTML: its app starts a moment after it is painted and takes it over, and the 15 s
    // count from then.
    await page.clock.runFor(1_000);
    await appHasThePage(page);
    await page.clock.runFor(10_000);
    expect(asked).toHaveLength(0);
    await page.clock.runFor(5_500);
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /login');
    expect(asked).toHaveLength(1);
  });

  test('the prefix comes from the LINE state when there is no prefix query', async ({ page, site }) => {
    await page.goto(`/login?state=${site.key}.AbCdEfGhIjKlMnOpQrStUvWxYz012345`);
    await expect(page.getByTestId(testIds.siteName).first()).toHaveText(site.brand.name);
  });

  test('an unknown route shows Page Not Found with its path', perLook('login'), async ({ page, site }) => {
    await page.goto(`/no/such/page/here?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /no/such/page/here');
  });

  test(
    "on a known site the 404 carries the brand, says it in the member's language and leads back; the console stays quiet",
    perLook('login'),
    async ({ page, site }) => {
      const remoteOrigins = new Set(
        Object.values(((await (await page.request.get('/config.json')).json()) as { remotes: Record<string, string> }).remotes).map(
          (url) => new URL(url).origin,
        ),
      );
      const toRemotes: string[] = [];
      page.on('request', (r) => {
        if (remoteOrigins.has(new URL(r.url()).origin)) toRemotes.push(r.url());
      });
      await page.goto(`/nonexistent?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /nonexistent');
      const notFound = page.locator('.host-not-found');
      await expect(notFound.getByText(site.brand.name, { exact: true })).toBeVisible();
      await expect(notFound.locator('img')).toHaveAttribute('src', site.brand.logo);
      await expect(notFound).toContainText(th.notFound.help);
      await expect(notFound).not.toContainText('does not exist');
      // No theme code is asked for a page that is not one (the browser would warn of each unused preload).
      await page.waitForLoadState('networkidle');
      expect(toRemotes).toEqual([]);
      expect(
        await page
          .locator('link[rel="preload"]')
          .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href).filter((href) => !href.startsWith(location.origin))),
      ).toEqual([]);
      await page.getByTestId(testIds.notFoundBack).click();
      await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();

      // In English for a member who chose it, and a member is led back to their profile.
      const member = await createMember(page.request, site.key);
      await logInWithCookies(page, site, member);
      await page.evaluate(() => localStorage.setItem('locale', 'EN'));
      await page.goto(`/nonexistent?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /nonexistent');
      await expect(notFound).toContainText('does not exist');
      await expect(page.getByTestId(testIds.notFoundBack)).toHaveText('Go to my profile');
      await page.getByTestId(testIds.notFoundBack).click();
      await expect(page).toHaveURL(new RegExp(`/profile\\?prefix=${site.key}$`));
    },
  );

  test('the tab carries the site\'s icon (its logo); the title stays "Member"', async ({ page, site }) => {
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', site.brand.logo);
    await expect(page).toHaveTitle('Member');
    const icon = await page.request.get(site.brand.logo);
    expect(icon.ok()).toBe(true);
  });

  test(
    "with no known site the 404 says it in the member's language only, with no brand, and no club this device has not opened",
    ONCE,
    async ({ page }) => {
      for (const path of ['/login', '/login?prefix=zzzz']) {
        await page.goto(path);
        await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /login');
        const notFound = page.locator('.host-not-found');
        await expect(notFound).toHaveAttribute('lang', 'th');
        await expect(notFound).toContainText(th.notFound.noSite);
        await expect(notFound).not.toContainText('does not lead');
        await expect(notFound.locator('img, a')).toHaveCount(0);
      }
    },
  );
});
