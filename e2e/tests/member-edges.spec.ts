import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { loggedInMember } from '../support/session';
import { openRegistration } from '../support/site-overrides';
import { perLook } from '../support/site-looks';

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
