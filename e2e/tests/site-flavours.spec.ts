import type { Page } from '@playwright/test';
import type { Scheme } from '@member/shared-core';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { ONCE } from '../support/site-looks';
import { overrideSite } from '../support/site-overrides';
import { siteOf } from '../support/sites';
import { pageTokenColours } from '../support/theme-tokens';

/** The login page of `key`: its scheme and the computed colour of its primary button and links. */
async function loginLook(page: Page, key: string) {
  await page.goto(`/login?prefix=${key}`);
  const submit = page.getByTestId(testIds.loginSubmit);
  await expect(submit).toBeVisible();
  const scheme = (await page.locator('html').getAttribute('data-theme')) as Scheme;
  return {
    scheme,
    button: await submit.evaluate((el) => getComputedStyle(el).backgroundColor),
    primary: (await pageTokenColours(page, ['--mc-primary']))['--mc-primary']!,
  };
}

test('bkmc, ufkk and sm88 each show their own flavour: the primary button is the flavour’s accent', ONCE, async ({ page }) => {
  const buttons: string[] = [];
  for (const key of ['bkmc', 'ufkk', 'sm88']) {
    const look = await loginLook(page, key);
    expect(look.button, `${key}'s login button (${siteOf(key).flavour}, ${look.scheme})`).toBe(look.primary);
    buttons.push(look.button);
  }
  // Three brands, three accents: ufkk is not bkmc in another scheme, sm88 is not plain OSAKA39 red. (That each
  // accent is the value its theme's tokens.ts declares for the flavour is the theme's own unit test.)
  expect(new Set(buttons).size).toBe(3);
  const os39 = await loginLook(page, 'os39');
  expect(os39.button).not.toBe(buttons[2]);
});

test('a flavour the theme does not have shows the theme’s base colours and warns once', ONCE, async ({ page }) => {
  const site = siteOf('bkmc');
  // bkmc's own flavour is the default theme's base colours: what an unknown flavour must fall back to.
  const base = await loginLook(page, site.key);
  await overrideSite(page, site.key, { flavour: 'default-tangerine' });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('default-tangerine')) warnings.push(message.text());
  });
  const look = await loginLook(page, site.key);
  expect(look.scheme).toBe(base.scheme);
  expect(look.button).toBe(base.button);
  // The member switches the scheme: the page renders again, and still only the one warning.
  await page.getByTestId(testIds.schemeSwitch).first().click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', look.scheme);
  const switched = (await pageTokenColours(page, ['--mc-primary']))['--mc-primary']!;
  expect(switched).not.toBe(look.button);
  await expect(page.getByTestId(testIds.loginSubmit)).toHaveCSS('background-color', switched);
  expect(warnings).toHaveLength(1);
});
