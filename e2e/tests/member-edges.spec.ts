import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { LoginPage } from '../support/login-page';
import { loggedInMember } from '../support/session';
import { createMember } from '../support/sim';
import { openRegistration } from '../support/site-overrides';
import { ONCE, perLook } from '../support/site-looks';

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
  test('does not offer "connect phone" to a member who logs in by phone', perLook('info'), async ({ page, site }) => {
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
      .poll(() => page.locator(`[data-testid="${testIds.lobbyBrand}"][data-code="${code}"]`).first().evaluate((el) => el.getAttribute('aria-checked') ?? el.getAttribute('aria-pressed')))
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
