import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { en } from '@member/shared-core/i18n/en';
import { th } from '@member/shared-core/i18n/th';
import { PAGES } from '@member/shared-core/routes';
import type { PageKey } from '@member/shared-core/contract';
import { expect, test } from '../support/fixtures';
import { balanceOf } from '../support/games';
import { firstScreen, inFirstScreen, looks, visibleBox } from '../support/first-screen';
import { LoginPage } from '../support/login-page';
import { appHasThePage, loggedInMember, openMemberPage } from '../support/session';
import { createMember, ledgerOf, simPost } from '../support/sim';
import { openRegistration } from '../support/site-overrides';
import { ONCE, perLook } from '../support/site-looks';

/** A tap on deposit or withdraw: where it went, then back. */
async function tapTo(page: Page, testId: string, path: string) {
  await page.getByTestId(testId).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${path}\\?`));
}

test.describe("the member's money", () => {
  test(
    'the balance in use, deposit and withdraw are in the first screen of every member page, in both languages and at both sizes',
    perLook('profile'),
    async ({ page, site }) => {
      // Two pages in each language at each size: more than the 30 s a one-page test is given, on a loaded runner.
      test.setTimeout(60_000);
      await loggedInMember(page, site);
      await page.goto(`/profile?prefix=${site.key}`);
      for await (const look of looks(page)) {
        for (const path of ['profile', 'withdraw'] as const) {
          const at = `${path} ${look.language} ${look.width}×${look.height}`;
          await page.goto(`/${path}?prefix=${site.key}`);
          const balance = page.getByTestId(testIds.moneyBalance);
          await expect(balance, at).toHaveText(/^฿[\d,]+\.\d\d$/);
          // In the member's language, as the rest of the screen.
          await expect(page.getByTestId(testIds.moneyBar), at).toContainText(
            (look.language === 'en' ? en : th).money.inUse.replace('{{service}}', 'UFA'),
          );
          for (const part of [balance, page.getByTestId(testIds.moneyDeposit), page.getByTestId(testIds.moneyWithdraw)]) {
            expect(await inFirstScreen(page, part), `${at}: ${part.toString()}`).toBe(true);
          }
          expect((await firstScreen(page)).sideways, at).toBe(false);
          if (path === 'profile') {
            // The other account's balance too, and the same figure as the account's own card.
            await expect(page.getByTestId(testIds.moneyOther), at).toContainText(/฿[\d,]+\.\d\d/);
            await expect(balance).toHaveText((await balanceOf(page, 'UFA').textContent()) ?? '');
          }
        }
      }
      // One tap each.
      await tapTo(page, testIds.moneyDeposit, '/deposit');
      await tapTo(page, testIds.moneyWithdraw, '/withdraw');
    },
  );

  test(
    "a frame's LINE contact and menu entries are never cut: the whole LINE ID in a bottom bar, no entry alone on a wide menu's line",
    perLook('profile'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.goto(`/profile?prefix=${site.key}`);
      for await (const look of looks(page)) {
        await page.goto(`/profile?prefix=${site.key}`);
        const at = `${look.language} ${look.width}×${look.height}`;
        await expect(page.getByTestId(testIds.moneyBar)).toBeVisible();
        const cut = await page
          .getByTestId(testIds.lineContact)
          .evaluateAll(
            (links) =>
              links
                .filter((link) => (link as HTMLElement).offsetParent !== null)
                .filter((link) => [link, ...link.querySelectorAll('span')].some((el) => el.scrollWidth > el.clientWidth + 1)).length,
          );
        expect(cut, at).toBe(0);
        // A menu laid out in lines (not a column): no entry sits alone on the last one.
        const lines = await page
          .getByTestId(testIds.mainMenu)
          .locator('li')
          .evaluateAll((items) => {
            const tops = items
              .map((item) => Math.round(item.getBoundingClientRect().top))
              .filter((_, i) => (items[i] as HTMLElement).offsetParent !== null);
            const counts = new Map<number, number>();
            for (const top of tops) counts.set(top, (counts.get(top) ?? 0) + 1);
            return [...counts.values()];
          });
        if (lines.length > 1 && lines[0]! > 1) expect(lines.at(-1), `${at}: ${lines.join(' + ')}`).toBeGreaterThan(1);
      }
    },
  );

  test('sport and casino open in one tap from the menu and from the profile', perLook('profile'), async ({ page, site }) => {
    const opened: string[] = [];
    await page.route(/\/launch\//, async (route) => {
      opened.push(new URL(route.request().url()).pathname);
      await route.fulfill({ status: 204 });
    });
    await loggedInMember(page, site);
    await openMemberPage(page, `/profile?prefix=${site.key}`);
    const inMenu = page.getByTestId(testIds.mainMenu).getByTestId(testIds.featuredProduct);
    const inPage = page.getByTestId(testIds.mainContent).getByTestId(testIds.featuredProduct);
    await expect(inMenu).toHaveCount(2);
    await expect(inPage).toHaveCount(2);
    expect(await inMenu.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')))).toEqual(['sport', 'casino']);
    await inMenu.nth(0).click();
    await expect.poll(() => opened.length).toBe(1);
    await inPage.nth(1).click();
    await expect.poll(() => opened.length).toBe(2);
    expect(opened[0]).toMatch(/^\/launch\/product\//);
    await expect(page).toHaveURL(/\/profile/);
  });

  test(
    "switching and making main each say what they do, next to their buttons, in the member's language",
    perLook('profile'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.goto(`/profile?prefix=${site.key}`);
      for (const [language, strings] of [
        ['th', th],
        ['en', en],
      ] as const) {
        await page.evaluate((stored) => localStorage.setItem('locale', stored), language === 'en' ? 'EN' : 'TH');
        await page.goto(`/profile?prefix=${site.key}`);
        const help = page.getByTestId(testIds.gamesSwitchHelp);
        await expect(help).toHaveText([
          strings.gamesUi.switchHelp.replace('{{service}}', 'GCLUB'),
          strings.gamesUi.makeMainHelp.replace('{{service}}', 'GCLUB'),
        ]);
        // Each line right under its own button.
        for (const [button, line] of [
          [testIds.switchAccount, 0],
          [testIds.switchMain, 1],
        ] as const) {
          const buttonBox = await visibleBox(page.getByTestId(button));
          const lineBox = await visibleBox(help.nth(line));
          expect(lineBox.y).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height - 1);
          expect(lineBox.y - (buttonBox.y + buttonBox.height)).toBeLessThan(24);
        }
      }
    },
  );
});

test.describe('deposit', () => {
  test('says which account the deposit lands in, and lets the member choose the other', perLook('deposit'), async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    await page.goto(`/deposit?prefix=${site.key}`);
    const target = page.getByTestId(testIds.depositTarget);
    const main = member.games.find((g) => g.main)!;
    const other = member.games.find((g) => !g.main)!;
    await expect(target).toHaveAttribute('data-service', main.service);
    await page.getByTestId(testIds.depositChoose).click();
    await expect(target).toHaveAttribute('data-service', other.service);
    // The server has it: a deposit without a provider named lands there.
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, amount: 100 });
    const ledger = await ledgerOf(page.request, site.key, member.phone);
    expect(ledger.at(-1)?.gameuser).toBe(other.game_user);
  });
});

test.describe('numbers as members type them', () => {
  test(
    'the withdraw amount reads Thai digits and a pasted currency, refuses a negative amount with a reason, and its menu never cuts the balance',
    perLook('withdraw'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.goto(`/withdraw?prefix=${site.key}`);
      const amount = page.getByTestId(testIds.withdrawAmount);
      await amount.fill('๑,๕๐๐');
      await expect(amount).toHaveValue('1,500');
      await amount.fill('฿1,500.00');
      await expect(amount).toHaveValue('1,500.00');
      await amount.fill('-50');
      await expect(amount).toHaveValue('-50');
      // Said next to the field, at once.
      await expect(page.locator('.mc-field__error').filter({ hasText: th.wallet.errors.amountNegative })).toBeVisible();
      const account = page.getByTestId(testIds.withdrawAccount);
      await expect(account).toHaveValue('UFA');
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await account.evaluate((select: HTMLSelectElement) => select.options[select.selectedIndex]!.text)).toMatch(/฿[\d,]+\.\d\d$/);
        expect(await account.evaluate((select) => select.scrollWidth <= select.clientWidth + 1), `${width}px`).toBe(true);
      }
    },
  );

  test('the phone fields take Thai and full-width digits', perLook('login'), async ({ page, site }) => {
    const member = await createMember(page.request, site.key);
    const login = new LoginPage(page, site.key);
    await login.open();
    const digits = member.phone.replace(/\d/g, (d) => '๐๑๒๓๔๕๖๗๘๙'[Number(d)]!);
    await page.getByTestId(testIds.loginPhone).fill(digits);
    await expect(page.getByTestId(testIds.loginPhone)).toHaveValue(
      `${member.phone.slice(0, 3)}-${member.phone.slice(3, 6)}-${member.phone.slice(6)}`,
    );
    await page.getByTestId(testIds.loginPassword).fill(member.password);
    await page.getByTestId(testIds.loginSubmit).click();
    await expect(page).toHaveURL(/\/profile/);
  });
});

test.describe('one language per screen', () => {
  test(
    "a refusal the contract knows by code is said in the member's language, Thai or English",
    perLook('register'),
    async ({ page, site }) => {
      const taken = await createMember(page.request, site.key);
      await openRegistration(page, site);
      for (const [language, strings] of [
        ['th', th],
        ['en', en],
      ] as const) {
        await page.goto(`/register?prefix=${site.key}`);
        await page.evaluate((stored) => localStorage.setItem('locale', stored), language === 'en' ? 'EN' : 'TH');
        await page.goto(`/register?prefix=${site.key}`);
        // Full-width digits, as a phone keyboard may give them.
        await page.getByTestId(testIds.registerPhone).fill(taken.phone.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))));
        await page.getByTestId(testIds.registerPassword).fill('secret99');
        await page.getByTestId(testIds.registerConfirm).fill('secret99');
        await page.getByTestId(testIds.registerSubmit).click();
        // A site the server keeps closed to registration says that first; an open one, that the phone is taken.
        await expect(page.getByTestId(testIds.registerError)).toHaveText(
          site.registerEnabled ? strings.serverMessages.phone_registered : strings.serverMessages.registration_closed,
        );
      }
    },
  );
});

test.describe('a forced logout explains itself', () => {
  test('on the login screen: logged in on another device, or run out', perLook('login'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    await openMemberPage(page, `/profile?prefix=${site.key}`);
    await simPost(page.request, '/__sim/sessions/revoke', { prefix: site.key, phone: member.phone, reason: 'elsewhere' });
    // The next verify (every 20 s) hears it.
    await page.clock.fastForward(20_000);
    await page.clock.fastForward(2_000);
    await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
    await expect(page.getByTestId(testIds.loginNotice)).toHaveText(th.login.ended.elsewhere);
    // A session that ran out while the member was away: said when they come back.
    const again = await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.moneyBar)).toBeVisible();
    await simPost(page.request, '/__sim/sessions/expire', { prefix: site.key, phone: again.phone });
    await page.reload();
    await expect(page.getByTestId(testIds.loginNotice)).toHaveText(th.login.ended.expired);
  });
});

test.describe('a steady frame', () => {
  test("every member page is drawn in the site's one frame, whatever theme draws the page", perLook('history'), async ({ page, site }) => {
    await loggedInMember(page, site);
    const frameTheme = (key: PageKey) => site.pages[key].frameTheme;
    const framed = (Object.keys(PAGES) as PageKey[]).filter((key) => !PAGES[key].frameless && PAGES[key].menu);
    for (const key of framed) {
      await page.goto(`/${key}?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.mainContent), key).toBeVisible();
      await expect(page.getByTestId(testIds.layoutFrame), key).toHaveAttribute('data-theme-name', frameTheme(key));
      await expect(page.getByTestId(testIds.layoutFrame)).toHaveCount(1);
    }
  });
});

test.describe('my account', () => {
  test("shows the bank's own logo, as the profile does", perLook('info'), async ({ page, site }) => {
    await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    const profileLogo = await page.locator('.mc-member-card__bank-mark img').getAttribute('src');
    expect(profileLogo).toBeTruthy();
    await page.goto(`/info?prefix=${site.key}`);
    await expect(page.locator('.mc-account__mark--bank img')).toHaveAttribute('src', profileLogo!);
  });
});

test.describe('pages with no club of their own', () => {
  test('an address that leads to no club says so in one language and offers the ways on', ONCE, async ({ page, site }) => {
    // A club this device has opened before (the app has taken its drawn page over, and noted the club).
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    await appHasThePage(page);
    await page.goto('/login?prefix=zzzz');
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /login');
    const nowhere = page.locator('.host-not-found');
    await expect(nowhere).toContainText(th.notFound.noSite);
    await expect(nowhere).not.toContainText(en.notFound.noSite);
    await expect(page.getByTestId(testIds.notFoundBackButton)).toBeVisible();
    const way = page.getByTestId(testIds.notFoundSite);
    await expect(way).toHaveText(th.notFound.goTo.replace('{{site}}', site.brand.name));
    await way.click();
    await expect(page.getByTestId(testIds.siteName).first()).toHaveText(site.brand.name);
    // And back again, the way it came.
    await page.goto('/login?prefix=zzzz');
    await page.getByTestId(testIds.notFoundBackButton).click();
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
  });

  test("a divided site's guest reads which LINE contact serves which game users", ONCE, async ({ page }) => {
    const divided = 'ufkk';
    await page.goto(`/login?prefix=${divided}`);
    const contacts = page.getByTestId(testIds.lineContact);
    await expect(contacts).toHaveCount(4);
    await expect(contacts).toContainText([/ufkklacsag1…\s*LINE ID: @ufk-north/, /ufkklacsag2…/, /ufkklacsag3…/, /ufkklacsag4…/]);
  });
});

test.describe('the first paint', () => {
  test(
    'a dark brand never paints a light ground: not on a return visit, and not waiting for config.json on the first',
    ONCE,
    async ({ page, context }) => {
      const dark = 'pre8';
      // Every frame's colour at the middle of the screen, from the first frame until the login form shows: the first
      // painted background up from the element there, else the page's own ground, else the browser's white.
      await context.addInitScript(() => {
        const painted: string[] = [];
        (window as unknown as { painted: string[] }).painted = painted;
        const transparent = (colour: string) => colour === 'rgba(0, 0, 0, 0)' || colour === 'transparent';
        const record = () => {
          let element = document.body ? document.elementFromPoint(innerWidth / 2, innerHeight / 2) : null;
          let colour = '';
          while (element && !colour) {
            const background = getComputedStyle(element).backgroundColor;
            if (!transparent(background)) colour = background;
            element = element.parentElement;
          }
          const ground = getComputedStyle(document.documentElement).backgroundColor;
          painted.push(colour || (transparent(ground) ? 'rgb(255, 255, 255)' : ground));
          if (!document.querySelector('[data-testid="login-submit"]') && painted.length < 600) requestAnimationFrame(record);
        };
        requestAnimationFrame(record);
      });
      const light = (colour: string) =>
        (colour.match(/\d+/g) ?? [])
          .slice(0, 3)
          .map(Number)
          .reduce((sum, part) => sum + part, 0) >
        3 * 128;
      // First visit, config.json held: the page comes drawn in the brand's dark scheme, with nothing light before it.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/config.json', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/login?prefix=${dark}`, { waitUntil: 'commit' });
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      const first = await page.evaluate(() => (window as unknown as { painted: string[] }).painted);
      expect(first.length).toBeGreaterThan(0);
      expect(first.filter(light)).toEqual([]);
      release();
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      // The return visit: not one light frame, from the first to the login form.
      await page.reload();
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      const painted = await page.evaluate(() => (window as unknown as { painted: string[] }).painted);
      expect(painted.length).toBeGreaterThan(0);
      expect(painted.filter(light)).toEqual([]);
    },
  );
});
