import type { Page } from '@playwright/test';
import type { Scheme, SiteConfig } from '@member/shared-core';
import { testIds } from '@member/shared-core/test-ids';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { ONCE } from '../support/site-looks';
import { cssRgb, expectedTokens, themeOfPage } from '../support/theme-tokens';

const sites = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../sites.json'), 'utf8')) as { sites: SiteConfig[] }).sites;
const siteOf = (key: string) => sites.find((s) => s.key === key)!;

/** The login page of `key`: its scheme and the computed colour of its primary button and links. */
async function loginLook(page: Page, key: string) {
  await page.goto(`/login?prefix=${key}`);
  const submit = page.getByTestId(testIds.loginSubmit);
  await expect(submit).toBeVisible();
  const scheme = (await page.locator('html').getAttribute('data-theme')) as Scheme;
  return {
    scheme,
    button: await submit.evaluate((el) => getComputedStyle(el).backgroundColor),
    primary: await page.locator('[data-theme-name]').first().evaluate((el) => getComputedStyle(el).getPropertyValue('--mc-primary').trim()),
  };
}

test('bkmc, ufkk and sm88 each show their own flavour: the primary button is the flavour’s accent', ONCE, async ({ page }) => {
  const buttons: string[] = [];
  for (const key of ['bkmc', 'ufkk', 'sm88']) {
    const site = siteOf(key);
    const look = await loginLook(page, key);
    const expected = expectedTokens(themeOfPage(site, 'login'), look.scheme, site.css);
    expect(look.primary, `${key} (${site.css}, ${look.scheme})`).toBe(expected['--mc-primary']);
    expect(look.button, `${key}'s login button`).toBe(cssRgb(expected['--mc-primary']!));
    buttons.push(look.button);
  }
  // Three brands, three accents: ufkk is not bkmc in another scheme, sm88 is not plain OSAKA39 red.
  expect(new Set(buttons).size).toBe(3);
  const os39 = await loginLook(page, 'os39');
  expect(os39.button).not.toBe(buttons[2]);
});

test('a flavour the theme does not have shows the theme’s base colours and warns once', ONCE, async ({ page }) => {
  const site = siteOf('bkmc');
  await page.route('**/sites.json', async (route) => {
    const response = await route.fetch();
    const file = (await response.json()) as { sites: SiteConfig[] };
    const changed = { sites: file.sites.map((s) => (s.key === site.key ? { ...s, css: 'default-tangerine' } : s)) };
    await route.fulfill({ response, body: JSON.stringify(changed) });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('default-tangerine')) warnings.push(message.text());
  });
  const look = await loginLook(page, site.key);
  const base = expectedTokens('default', look.scheme, '');
  expect(look.button).toBe(cssRgb(base['--mc-primary']!));
  // The member switches the scheme: the page renders again, and still only the one warning.
  await page.getByTestId(testIds.schemeSwitch).first().click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', look.scheme);
  await expect(page.getByTestId(testIds.loginSubmit)).toHaveCSS('background-color', cssRgb(expectedTokens('default', look.scheme === 'dark' ? 'light' : 'dark', '')['--mc-primary']!));
  expect(warnings).toHaveLength(1);
});
