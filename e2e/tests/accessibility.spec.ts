import type { Locator, Page } from '@playwright/test';
import type { PageKey, Site } from '@member/shared-core';
import { testIds } from '@member/shared-core/test-ids';
import { axeViolations } from '../support/axe';
import { expect, holdRequests, test } from '../support/fixtures';
import { loggedInMember } from '../support/session';
import { openRegistration } from '../support/site-overrides';
import { ONCE, perLook } from '../support/site-looks';

/**
 * Every page, in every theme and in each scheme its site offers, has no axe violation. The one rule left
 * out is `meta-viewport`: the product locks the zoom on purpose (a game site that must not zoom on a
 * double tap), so that finding is known and accepted. Every other rule runs as axe ships it.
 */

type Scheme = 'light' | 'dark';

/** axe's rules that read colours: all a scheme switch changes (the page's markup stays as it is). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function violations(page: Page, { coloursOnly = false } = {}): Promise<string[]> {
  return axeViolations(
    page,
    coloursOnly ? { runOnly: { type: 'rule', values: COLOUR_RULES } } : { rules: { 'meta-viewport': { enabled: false } } },
  );
}

/**
 * Checks the page as it stands, then, where the site offers both schemes, switches the scheme in place and checks
 * its colours again (the switch changes colours, not markup; the 404 test reads each scheme whole).
 */
async function expectNoViolationsInEveryScheme(page: Page, site: Site, ready: Locator): Promise<void> {
  const html = page.locator('html');
  await expect(ready).toBeVisible();
  const first = (await html.getAttribute('data-theme')) as Scheme;
  expect.soft(await violations(page), `axe violations in the ${first} scheme`).toEqual([]);
  const offered = new Set(site.schemes);
  if (offered.size < 2) {
    await expect(page.getByTestId(testIds.schemeSwitch)).toHaveCount(0);
    return;
  }
  const second: Scheme = first === 'dark' ? 'light' : 'dark';
  await page.getByTestId(testIds.schemeSwitch).first().click();
  await expect(html).toHaveAttribute('data-theme', second);
  await expect(ready).toBeVisible();
  expect.soft(await violations(page, { coloursOnly: true }), `axe colour violations in the ${second} scheme`).toEqual([]);
}

test.describe('accessibility (axe)', () => {
  // Colour transitions would let axe read a colour half-way between the schemes.
  test.use({ reducedMotion: 'reduce' });

  const guestPages: Array<{ page: PageKey; path: string; ready: (page: Page) => Locator }> = [
    { page: 'login', path: '/login', ready: (p) => p.getByTestId(testIds.loginSubmit) },
    { page: 'register', path: '/register', ready: (p) => p.getByTestId(testIds.registerPhone) },
  ];
  for (const guest of guestPages) {
    test(`${guest.path} as a guest`, perLook(guest.page), async ({ page, site }) => {
      if (guest.page === 'register') await openRegistration(page, site);
      await page.goto(`${guest.path}?prefix=${site.key}`);
      await expectNoViolationsInEveryScheme(page, site, guest.ready(page));
    });
  }

  const memberPages: Array<{ page: PageKey; path: string; ready: (page: Page) => Locator }> = [
    { page: 'profile', path: '/profile', ready: (p) => p.getByTestId(testIds.gameAccount).first() },
    { page: 'deposit', path: '/deposit', ready: (p) => p.getByTestId(testIds.depositAccountNumber).first() },
    { page: 'withdraw', path: '/withdraw', ready: (p) => p.getByTestId(testIds.withdrawAmount) },
    { page: 'history', path: '/history', ready: (p) => p.getByTestId(testIds.historyEmpty).or(p.getByTestId(testIds.historyRow).first()) },
    {
      page: 'promotion',
      path: '/promotion',
      ready: (p) => p.getByTestId(testIds.promotionFrame).or(p.getByTestId(testIds.promotionCard)).first(),
    },
    { page: 'gameuser', path: '/gameuser', ready: (p) => p.getByTestId(testIds.gameUser).first() },
    { page: 'slot', path: '/slot', ready: (p) => p.getByTestId(testIds.gameTile).first() },
    { page: 'fish', path: '/fish', ready: (p) => p.getByTestId(testIds.gameTile).first() },
    { page: 'cards', path: '/cards', ready: (p) => p.getByTestId(testIds.productOpen).or(p.getByTestId(testIds.gameTile)).first() },
    { page: 'info', path: '/info', ready: (p) => p.getByTestId(testIds.infoPhone) },
  ];
  for (const member of memberPages) {
    test(`${member.path} as a member`, perLook(member.page), async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.goto(`${member.path}?prefix=${site.key}`);
      await expectNoViolationsInEveryScheme(page, site, member.ready(page));
    });
  }

  test('/logout while the member is logged out', perLook('logout'), async ({ page, site }) => {
    await loggedInMember(page, site);
    // Hold the logout call so the page stays on its "logging out" screen while axe reads it.
    const release = await holdRequests(page, '**/api/logout');
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.gameAccount).first()).toBeVisible();
    await page.getByTestId(testIds.logoutButton).first().click();
    await expect(page).toHaveURL(/\/logout\b/);
    // The logout screen itself, not the profile it replaces nor what shows while the theme's page comes: the profile's
    // accounts gone, the screen's own status inside its main region (the host's live notice is a status too, empty and
    // hidden, outside it), and its heading there.
    await expect(page.getByTestId(testIds.gameAccount)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId(testIds.pageTitle)).toBeVisible();
    expect(await violations(page), 'axe violations on the logout screen').toEqual([]);
    release();
    await expect(page).toHaveURL(/\/login\b/);
  });

  test(
    'the check finds what it must: an unlabelled field on the page and faint text in the promotion frame',
    ONCE,
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.goto(`/promotion?prefix=${site.key}`);
      const frameElement = page.getByTestId(testIds.promotionFrame);
      await expect(frameElement).toBeVisible();
      const promotion = page.frameLocator(`[data-testid="${testIds.promotionFrame}"]`);
      await expect(promotion.locator('h1')).toBeVisible();
      expect(await violations(page), 'the page as it ships').toEqual([]);

      await page.evaluate(() =>
        document.querySelector('main')!.append(Object.assign(document.createElement('input'), { id: 'unlabelled-probe' })),
      );
      await promotion.locator('h1').evaluate((h1) => {
        const faint = h1.ownerDocument.createElement('p');
        faint.id = 'faint-probe';
        faint.textContent = 'faint';
        faint.style.cssText = 'color:#ddd;background:#fff';
        h1.after(faint);
      });
      const found = await violations(page);
      expect(found.find((line) => line.startsWith('label '))).toContain('#unlabelled-probe');
      expect(found.find((line) => line.startsWith('color-contrast '))).toMatch(/iframe.* #faint-probe/);
    },
  );

  test('the 404 page', perLook('login'), async ({ page, site }) => {
    for (const scheme of site.schemes) {
      await page.goto(`/no-such-page?prefix=${site.key}`);
      await page.evaluate((dark) => localStorage.setItem('isDark', String(dark)), scheme === 'dark');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect(page.getByTestId(testIds.notFound)).toBeVisible();
      expect(await violations(page), `axe violations on the 404 page in the ${scheme} scheme`).toEqual([]);
    }
  });
});
