import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { perLook } from '../support/site-looks';
import { th } from '@member/shared-core/i18n/th';

test('language switch persists across reload in storage and cookie', perLook('login'), async ({ page, site, context }) => {
  await page.goto(`/login?prefix=${site.key}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByTestId(testIds.loginSubmit)).toHaveText(th.login.submit);
  await page.getByTestId(testIds.localeSwitch).click();
  await expect(page.getByTestId(testIds.loginSubmit)).toHaveText('Log in');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('EN');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('en');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId(testIds.loginSubmit)).toHaveText('Log in');
  await page.getByTestId(testIds.localeSwitch).click();
  await expect(page.getByTestId(testIds.loginSubmit)).toHaveText(th.login.submit);
  expect(await page.evaluate(() => localStorage.getItem('locale'))).not.toBe('EN');
});

test(
  'with no choice in local storage, the language cookie decides: English from the first paint, and a switch back stores Thai',
  perLook('login'),
  async ({ page, site, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', domain: 'localhost', path: '/' }]);
    const strings: string[] = [];
    page.on('request', (r) => {
      if (/\/static\/js\/async\/strings-(th|en)/.test(r.url())) strings.push(r.url());
    });
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId(testIds.loginSubmit)).toHaveText('Log in');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBeNull();
    // Only the English strings were asked for: the page never drew Thai first.
    expect(strings.length).toBeGreaterThan(0);
    expect(strings.every((url) => url.includes('/strings-en'))).toBe(true);
    await page.getByTestId(testIds.localeSwitch).click();
    await expect(page.getByTestId(testIds.loginSubmit)).toHaveText(th.login.submit);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('th');
    await page.reload();
    await expect(page.getByTestId(testIds.loginSubmit)).toHaveText(th.login.submit);
  },
);

test('scheme switch persists across reload where the site offers both schemes', async ({ page, site }) => {
  await page.goto(`/login?prefix=${site.key}`);
  const schemes = new Set(site.schemes);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', site.schemes[0]!);
  if (schemes.size < 2) {
    await expect(page.getByTestId(testIds.schemeSwitch)).toHaveCount(0);
    // A stored preference cannot override a single-scheme site.
    await page.evaluate((dark) => localStorage.setItem('isDark', String(dark)), site.schemes[0]! !== 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', site.schemes[0]!);
    return;
  }
  const before = await html.getAttribute('data-theme');
  const after = before === 'dark' ? 'light' : 'dark';
  await page.getByTestId(testIds.schemeSwitch).click();
  await expect(html).toHaveAttribute('data-theme', after);
  expect(await page.evaluate(() => localStorage.getItem('isDark'))).toBe(String(after === 'dark'));
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', after);
  const background = await page
    .locator('[data-theme-name]')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
});
