import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { DEFAULT_BRANDS } from '@member/shared-core/games/menu';
import { expect, test } from '../support/fixtures';
import { LoginPage } from '../support/login-page';
import { loggedInMember, openInApp } from '../support/session';
import { createMember } from '../support/sim';
import { allSiteNames, openRegistration, overrideSite } from '../support/site-overrides';
import { ONCE, perLook, perTheme } from '../support/site-looks';

test.describe('a guest registering', () => {
  test('sees no member menu on /register: every member page would send them away', perLook('register'), async ({ page, site }) => {
    await openRegistration(page, site);
    await page.goto(`/register?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.registerPhone)).toBeVisible();
    await expect(page.getByTestId(testIds.layoutFrame)).toBeVisible();
    await expect(page.getByTestId(testIds.mainMenu)).toHaveCount(0);
    await expect(page.getByRole('link', { name: /โปรไฟล์|Profile/ })).toHaveCount(0);
  });
});

test.describe('account page', () => {
  test('does not offer "connect phone" to a member who logs in by phone', perTheme('info'), async ({ page, site }) => {
    await loggedInMember(page, site);
    await page.goto(`/info?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.infoPhoneStatus)).toBeVisible();
    await expect(page.locator('a[href*="/info/phoneAuthInfo"]')).toBeVisible();
    await expect(page.locator('a[href*="/info/connectPhone"]')).toHaveCount(0);
  });
});

test.describe('a lobby link shared with a guest', () => {
  /** A brand chip is chosen when it says so, as a radio (aria-checked) or a toggle (aria-pressed). */
  const expectChosen = (page: Page, code: string) =>
    expect
      .poll(() =>
        page
          .locator(`[data-testid="${testIds.lobbyBrand}"][data-code="${code}"]`)
          .first()
          .evaluate((el) => el.getAttribute('aria-checked') ?? el.getAttribute('aria-pressed')),
      )
      .toBe('true');

  test('survives a phone login: the member lands on the lobby and brand asked for', ONCE, async ({ page, site }) => {
    const member = await createMember(page.request, site.key);
    await page.goto(`/slot?prefix=${site.key}&brand=PP`);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fslot%3Fbrand%3DPP&prefix=${site.key}$`));
    await new LoginPage(page, site.key).logIn(member.phone, member.password);
    await expect(page).toHaveURL(new RegExp(`/slot\\?brand=PP&prefix=${site.key}$`));
    await expectChosen(page, 'PP');
  });

  test('survives a LINE login the same way', ONCE, async ({ page, site }) => {
    const member = await createMember(page.request, site.key, { line: true });
    await page.goto(`/fish?prefix=${site.key}&brand=JILI`);
    await expect(page.getByTestId(testIds.loginLine)).toBeVisible();
    await page.getByTestId(testIds.loginLine).click();
    await page.waitForURL(/\/line\/authorize/);
    await page.locator(`input[name="user"][value="${member.lineUserId}"]`).check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(new RegExp(`/fish\\?brand=JILI&prefix=${site.key}$`));
    await expectChosen(page, 'JILI');
  });

  test('never leads off the site: a foreign or script target lands on /profile', ONCE, async ({ page, site }) => {
    const member = await createMember(page.request, site.key);
    await page.goto(`/login?prefix=${site.key}&next=${encodeURIComponent('//evil.example/slot')}`);
    await new LoginPage(page, site.key).logIn(member.phone, member.password);
    await expect(page).toHaveURL(new RegExp(`/profile\\?prefix=${site.key}$`));
  });
});

test.describe('the lobby URL names the brand on screen', () => {
  test('an unknown ?brand= is replaced by the brand shown', ONCE, async ({ page, site }) => {
    await loggedInMember(page, site);
    await page.goto(`/slot?prefix=${site.key}&brand=NOPE`);
    await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]brand=${DEFAULT_BRANDS.slot}(&|$)`));
    await expect(page).toHaveURL(new RegExp(`[?&]prefix=${site.key}(&|$)`));
  });

  test('a stored brand is written into the URL on a reload', ONCE, async ({ page, site }) => {
    await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    await page.evaluate(() => localStorage.setItem('gclub-brand-slot', 'PP'));
    await page.goto(`/slot?prefix=${site.key}`);
    await expect(page).toHaveURL(/[?&]brand=PP(&|$)/);
    await expect(page.getByTestId(testIds.gameTile).first()).toHaveAttribute('data-game-id', /^PP-/);
  });
});

test.describe('the default theme at a phone width', () => {
  const longestName = allSiteNames().reduce((a, b) => (b.length > a.length ? b : a));

  test('shows the longest brand name whole in the app bar', ONCE, async ({ page, site }) => {
    await overrideSite(page, site.key, { name: longestName });
    await loggedInMember(page, site);
    await page.goto(`/profile/theme/default?prefix=${site.key}`);
    const name = page.getByTestId(testIds.layoutFrame).getByTestId(testIds.siteName);
    await expect(name).toHaveText(longestName);
    const box = await name.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return {
        clipped: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        right: r.right,
        left: r.left,
        overflow: getComputedStyle(el).textOverflow,
      };
    });
    expect(box.clipped, 'the name is cut').toBe(false);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    // Nothing laid over it: the language switch sits beside the name, not on it.
    const switchBox = (await page.getByTestId(testIds.localeSwitch).first().boundingBox())!;
    expect(box.right).toBeLessThanOrEqual(switchBox.x);
  });

  test('fades the bottom bar where more entries lie, and every entry can be scrolled to', ONCE, async ({ page, site }) => {
    await loggedInMember(page, site);
    await page.goto(`/profile/theme/default?prefix=${site.key}`);
    const list = page.getByTestId(testIds.mainMenu).getByRole('list');
    // The current entry (profile) is scrolled into view: more lies to one side or both.
    await expect(list).toHaveAttribute('data-scroll-more', /^(start|end|both)$/);
    expect(await list.evaluate((el) => getComputedStyle(el).maskImage)).toContain('linear-gradient');
    const links = list.getByRole('link');
    const count = await links.count();
    for (let i = 0; i < count; i += 1) {
      await links.nth(i).scrollIntoViewIfNeeded();
      const inside = await links.nth(i).evaluate((el) => {
        const bar = el.closest('ul')!.getBoundingClientRect();
        const entry = el.getBoundingClientRect();
        return entry.left >= bar.left - 1 && entry.right <= bar.right + 1;
      });
      expect(inside, `menu entry ${i + 1} of ${count} can be brought fully into view`).toBe(true);
    }
    // At either end the fade is on the other side only: the entry at the end is sharp.
    await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    await expect(list).toHaveAttribute('data-scroll-more', 'start');
    await list.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
    await expect(list).toHaveAttribute('data-scroll-more', 'end');
  });

  test('fades the brand chips on a wide screen where more brands lie', ONCE, async ({ page, site }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loggedInMember(page, site);
    await openInApp(page, `/slot/theme/default?prefix=${site.key}`);
    const row = page
      .getByRole('group')
      .filter({ has: page.getByTestId(testIds.lobbyBrand) })
      .first();
    await expect(row.getByTestId(testIds.lobbyBrand).first()).toBeVisible();
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth), 'the brands overflow their row at 1280 px').toBe(true);
    await expect(row).toHaveAttribute('data-scroll-more', /^(start|end|both)$/);
    expect(await row.evaluate((el) => getComputedStyle(el).maskImage)).toContain('linear-gradient');
    await row.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
    await expect(row).toHaveAttribute('data-scroll-more', 'end');
    await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    await expect(row).toHaveAttribute('data-scroll-more', 'start');
    await expect(row.getByTestId(testIds.lobbyBrand).last()).toBeInViewport({ ratio: 1 });
  });
});

test.describe('on a phone (390 px)', () => {
  test(
    'a page other than the profile starts high on the screen, and a menu wider than the screen shows it scrolls and reaches both ends',
    perLook('history'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.goto(`/history?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.historyAccount)).toBeVisible();
      // The page's own heading within the first 60 % of a 844 px screen: no frame pushes the page below the fold.
      const box = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(box, 'the page heading is laid out').not.toBeNull();
      expect(box!.y).toBeLessThan(844 * 0.6);
      const menu = page.getByTestId(testIds.mainMenu).locator('ul');
      const ends = await menu.evaluate((list) => {
        const overflows = list.scrollWidth > list.clientWidth + 1;
        const more = list.getAttribute('data-scroll-more');
        const edges = (item: Element | null) => item?.getBoundingClientRect() ?? null;
        list.scrollLeft = 0;
        const first = edges(list.firstElementChild);
        list.scrollLeft = list.scrollWidth;
        const last = edges(list.lastElementChild);
        return {
          overflows,
          more,
          first: first && [first.left, first.right],
          last: last && [last.left, last.right],
          width: document.documentElement.clientWidth,
        };
      });
      // Either every entry fits, or the strip fades the edge where more of it lies.
      if (ends.overflows) expect(ends.more).toMatch(/^(end|both|start)$/);
      // Scrolled to either end, the entry there is wholly on the screen.
      expect(ends.first![0]).toBeGreaterThanOrEqual(0);
      expect(ends.last![1]).toBeLessThanOrEqual(ends.width);
    },
  );
});
