import { testIds } from '@member/shared-core/test-ids';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ONCE, perLook } from '../support/site-looks';
import { appHasThePage, loggedInMember } from '../support/session';

/**
 * What the page records of its own first moments, from the browser's own timeline (observers, which a test clock
 * leaves alone): when the brand shell's logo was painted (Element Timing), when the browser began to download the
 * host's entry, and whether the logo's paint had been reported when the entry went into the document.
 */
interface FirstMoments {
  logoPainted?: number;
  entryRequested?: number;
  entryInserted?: boolean;
  logoPaintedBeforeEntry?: boolean;
}

async function recordFirstMoments(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const entryFile = /\/static\/js\/index\.[^/]+\.js$/;
    const moments: FirstMoments = {};
    (window as unknown as { __moments: FirstMoments }).__moments = moments;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[]) {
        if (entry.identifier === 'brand-shell-logo') moments.logoPainted ??= entry.renderTime || entry.startTime;
      }
    }).observe({ type: 'element', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entryFile.test(entry.name)) moments.entryRequested ??= entry.startTime;
    }).observe({ type: 'resource', buffered: true });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLScriptElement) || !entryFile.test(node.src) || moments.entryInserted) continue;
          moments.entryInserted = true;
          moments.logoPaintedBeforeEntry = moments.logoPainted !== undefined;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const firstMoments = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __moments: FirstMoments }).__moments }));

const shell = (page: Page) => page.locator('[data-boot-shell]');

/**
 * Every script of the page's themes was asked for by a preload link (the early start's or the host's, from the theme's
 * manifest), none by the theme's own chunk loader once its code was running (a script), a round trip later.
 */
async function expectThemeScriptsPreloaded(page: Page): Promise<void> {
  const askedBy = await page.evaluate((hostOrigin) => {
    const themes = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => {
      const url = new URL(r.name);
      return url.pathname.endsWith('.js') && (url.origin !== hostOrigin || url.pathname.startsWith('/remotes/'));
    });
    return themes.map((r) => `${r.initiatorType} ${new URL(r.name).pathname.split('/').pop()}`);
  }, new URL(page.url()).origin);
  expect(askedBy.length, "the theme's scripts").toBeGreaterThan(2);
  expect(
    askedBy.filter((line) => !line.startsWith('link ')),
    'asked for by the running theme',
  ).toEqual([]);
}

/**
 * A page the server did not draw (a theme variant: the drawing step draws each site's own pages, pages drawn in the HTML
 * are tests/drawn-pages.spec.ts's): the app's own first screen.
 */
const undrawnLogin = (site: { key: string; theme: string }) => `/login/theme/${site.theme}?prefix=${site.key}`;

test.describe('the first screen of a page not drawn in the HTML', () => {
  test("the brand's logo and name are painted before the app's code runs, while that code downloads", async ({ page, site }) => {
    await recordFirstMoments(page);
    // The page's timers stand still, so the bound (which starts the app when the logo is slow) cannot fire: only the
    // logo's paint can start the app, however long this machine takes to paint it.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto(undrawnLogin(site), { waitUntil: 'commit' });
    await expect.poll(async () => (await firstMoments(page)).entryInserted, { message: 'the entry ran' }).toBe(true);
    await page.clock.resume();
    await expect(page.getByTestId(testIds.loginPhone)).toBeVisible();
    const moments = await firstMoments(page);
    expect(moments.logoPainted, 'the shell logo was painted').toBeGreaterThan(0);
    expect(moments.logoPaintedBeforeEntry, 'the logo was painted before the entry went in').toBe(true);
    // The download itself began with the HTML, not after the paint.
    expect(moments.entryRequested, 'the entry was downloaded').toBeGreaterThan(0);
    expect(moments.entryRequested!).toBeLessThan(moments.logoPainted!);
    // The shell gave way to the page, which shows the same brand.
    await expect(shell(page)).toHaveCount(0);
    await expect(page.getByRole('img', { name: site.brand.name }).first()).toBeVisible();
  });

  test(
    "a member's page asks for the session check's and the API client's code with its entry, and its theme's with the theme's remoteEntry: none once the app or the theme runs",
    perLook('profile'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.goto(`/profile?prefix=${site.key}`);
      await appHasThePage(page);
      await expect(page.getByTestId(testIds.gameAccount).first()).toBeVisible();
      // Who asked for each: a preload link of the page's early start, or the running app's chunk loader (a script).
      const askedBy = await page.evaluate(() =>
        Object.fromEntries(
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((r) => /\/static\/js\/async\/(api-core|session|hooks-games|strings-th-member)\.[^/]+\.js$/.test(r.name))
            .map((r) => [/async\/([a-z-]+)\./.exec(r.name)![1]!, r.initiatorType]),
        ),
      );
      expect(askedBy).toEqual({ 'api-core': 'link', 'hooks-games': 'link', session: 'link', 'strings-th-member': 'link' });
      await expectThemeScriptsPreloaded(page);
    },
  );

  test(
    "a lobby asks for every script of its theme's frame and page with the theme's remoteEntry, none once the theme runs",
    perLook('slot'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.goto(`/slot?prefix=${site.key}`);
      await appHasThePage(page);
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
      await expectThemeScriptsPreloaded(page);
    },
  );

  test('a logo that does not load holds nothing up', ONCE, async ({ page, site }) => {
    await page.route(`**${site.brand.logo}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(undrawnLogin(site));
    await expect(page.getByTestId(testIds.loginPhone)).toBeVisible();
    await expect(shell(page)).toHaveCount(0);
  });

  test('a logo that never arrives holds the app back no longer than its bound', ONCE, async ({ page, site }) => {
    // Held, never answered: only the bound (1.2 s from the start of the page) starts the app.
    await page.route(`**${site.brand.logo}`, () => undefined);
    await page.clock.install();
    await page.goto(undrawnLogin(site), { waitUntil: 'commit' });
    await expect(shell(page)).toHaveText(site.brand.name);
    await expect(page.getByTestId(testIds.loginPhone)).toHaveCount(0);
    await page.clock.runFor(1_300);
    await expect(page.getByTestId(testIds.loginPhone)).toBeVisible();
    await expect(shell(page)).toHaveCount(0);
  });

  test('no brand named, or one sites.json lacks: no shell, and the page says so at once', ONCE, async ({ page }) => {
    for (const url of ['/login', '/login?prefix=zzzz']) {
      await page.goto(url);
      await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /login');
      await expect(shell(page)).toHaveCount(0);
    }
  });
});
