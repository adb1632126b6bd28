import type { Page } from '@playwright/test';
import type { Scheme } from '@member/shared-core';
import { testIds } from '@member/shared-core/test-ids';
import { GAME_MENU, GAME_NOT_OPEN_TOKEN } from '@member/shared-core/games/menu';
import { depositToast } from '../support/channel';
import { expect, test } from '../support/fixtures';
import { loggedInMember, openInApp } from '../support/session';
import { perLook } from '../support/site-looks';
import { luminanceOf, pageTokenColours } from '../support/theme-tokens';
import { th } from '@member/shared-core/i18n/th';

/** What the dialog looks like: its surface, text and confirm button, as the browser computed them. */
async function dialogLook(page: Page, testId: string) {
  const dialog = page.getByTestId(testId);
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: th.games.maintain.confirm });
  return {
    background: await dialog.evaluate((el) => getComputedStyle(el).backgroundColor),
    text: await dialog.getByRole('heading').evaluate((el) => getComputedStyle(el).color),
    confirm: await confirm.evaluate((el) => getComputedStyle(el).backgroundColor),
    confirmText: await confirm.evaluate((el) => getComputedStyle(el).color),
  };
}

/** The element that has the keyboard focus, as a test id or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.closest('[data-testid="not-open-dialog"]') ? 'in-dialog' : (el?.getAttribute('data-testid') ?? el?.tagName ?? 'none');
  });

test(
  'the "not open yet" dialog wears the page’s theme, scheme and flavour, and keeps the keyboard in it',
  perLook('slot'),
  async ({ page, site }) => {
    await loggedInMember(page, site);
    const closed = GAME_MENU.slot.find((e) => e.url_token === GAME_NOT_OPEN_TOKEN)!;
    await openInApp(page, `/slot?prefix=${site.key}&brand=${closed.code}`);
    const tile = page.getByTestId(testIds.gameTile).first().getByRole('button').first();
    await expect(tile).toBeVisible();
    const scheme = (await page.locator('html').getAttribute('data-theme')) as Scheme;
    const tokens = await pageTokenColours(page, ['--mc-surface', '--mc-text', '--mc-primary', '--mc-on-primary']);

    await tile.focus();
    await page.keyboard.press('Enter');
    const look = await dialogLook(page, 'not-open-dialog');
    // The texts stay as they were.
    await expect(page.getByTestId('not-open-dialog')).toContainText(th.games.notOpen);
    await expect(page.getByTestId('not-open-dialog').getByRole('heading')).toHaveText(th.games.maintain.title);

    expect(look.background).toBe(tokens['--mc-surface']);
    expect(look.text).toBe(tokens['--mc-text']);
    expect(look.confirm).toBe(tokens['--mc-primary']);
    expect(look.confirmText).toBe(tokens['--mc-on-primary']);
    if (scheme === 'dark') expect(luminanceOf(look.background)).toBeLessThan(0.05);
    else expect(luminanceOf(look.background)).toBeGreaterThan(0.85);

    // Focus is in the dialog, and Tab and Shift+Tab keep it there.
    await expect.poll(() => focused(page)).toBe('in-dialog');
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Tab']) {
      await page.keyboard.press(key);
      expect(await focused(page), `after ${key}`).toBe('in-dialog');
    }
    // Closing gives the focus back to the tile that opened it.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('not-open-dialog')).toBeHidden();
    await expect(tile).toBeFocused();
  },
);

test(
  'a deposit’s toast wears the page’s theme and flavour, and leaves the focus where it was',
  perLook('profile'),
  async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    const joined = page.waitForRequest((request) => request.url().endsWith('/api/member/broadcasting/auth'), { timeout: 15_000 });
    await page.goto(`/profile?prefix=${site.key}`);
    await joined;
    const tokens = await pageTokenColours(page, ['--mc-surface', '--mc-text']);
    const switcher = page.getByTestId(testIds.localeSwitch).first();
    await switcher.focus();
    // The socket is subscribed once an event reaches this member.
    const toast = await depositToast(page, site.key, member);
    await expect(toast).toHaveCSS('background-color', tokens['--mc-surface']!);
    await expect(toast.locator('.swal2-title')).toHaveCSS('color', tokens['--mc-text']!);
    await expect(switcher).toBeFocused();
  },
);
