import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SimVitalsReport } from '@member/member-api-sim/control-types';
import { APP_VERSION } from '@member/shared-core/contract';
import { testIds } from '@member/shared-core/test-ids';
import { expect, overrideConfig, test } from '../support/fixtures';
import { SIM_URL } from '../support/sim';
import { appHasThePage, loggedInMember } from '../support/session';
import { ONCE } from '../support/site-looks';

/** The version the host reports, as the members' bridge shows it. */
const CORE = ['CLS', 'FCP', 'LCP', 'TTFB'];
const WEB_VITALS_CHUNK = /\/static\/js\/async\/web-vitals\.[^/]+\.js$/;

/**
 * Points this page's `vitalsReportUrl` at the simulator with a query of this test's own: every page of the suite posts
 * its figures when it goes away, and only the simulator's record of the query tells this page's apart.
 */
async function ownCollector(page: Page): Promise<string> {
  const run = randomUUID();
  await overrideConfig(page, (config) => ({ ...config, vitalsReportUrl: `${SIM_URL}/reports/vitals?run=${run}` }));
  return `/reports/vitals?run=${run}`;
}

async function postsTo(page: Page, target: string): Promise<SimVitalsReport[]> {
  const response = await page.request.get(`${SIM_URL}/__sim/vitals`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { reports: SimVitalsReport[] }).reports.filter((r) => r.target === target);
}

/**
 * Once the figures' code has arrived, its observers are handed the figures already taken (FCP, TTFB) in tasks of their
 * own after it has run: a page left before then has none of them. The browser idle twice is after that, as a member
 * reading the page is.
 */
const figuresTaken = (page: Page) => page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));

const namesOf = (posts: SimVitalsReport[]) => [...new Set(posts.flatMap((p) => p.vitals.map((v) => v.name)))].sort();

test.describe('field figures (Core Web Vitals) from the page', () => {
  test(
    "a member's lobby, left for another address: its LCP, FCP, TTFB and CLS reach the simulator with the page, theme and site, and nothing of the member",
    ONCE,
    async ({ page, site }) => {
      const target = await ownCollector(page);
      const member = await loggedInMember(page, site);
      // Cookies on localhost reach every port, the simulator's too: the figures must still go without them.
      await page.context().addCookies([{ name: 'report-probe', value: 'must-not-travel', domain: 'localhost', path: '/' }]);
      const token = (await page.context().cookies()).find((c) => c.name === `token-${site.key}`)!.value;
      const library = page.waitForResponse((r) => WEB_VITALS_CHUNK.test(r.url()));
      await page.goto(`/slot?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
      // The app has the page (a lobby drawn in the HTML is replaced by the app's, whose figures these are).
      await appHasThePage(page);
      // The figures' code comes once the first page has shown and the browser is idle; until then no figure is taken.
      expect((await library).ok()).toBe(true);
      await figuresTaken(page);
      expect(await postsTo(page, target)).toEqual([]);

      const hostOrigin = new URL(page.url()).origin;
      // A real navigation away: the browser hides the page as it unloads, and the figures leave with it.
      await page.goto('about:blank');
      await expect
        .poll(async () => namesOf(await postsTo(page, target)), { message: 'the figures that arrived' })
        .toEqual(expect.arrayContaining(CORE));

      const posts = await postsTo(page, target);
      const theme = site.pages.slot.theme ?? site.theme;
      for (const post of posts) {
        expect(post).toMatchObject({ withCookie: false, referer: null, contentType: 'text/plain;charset=UTF-8', origin: hostOrigin });
        for (const figure of post.vitals) {
          expect(figure).toMatchObject({ page: 'slot', theme, site: site.key, version: APP_VERSION, navigationType: 'navigate' });
          expect(['good', 'needs-improvement', 'poor']).toContain(figure.rating);
          expect(figure.value).toBeGreaterThanOrEqual(0);
        }
        // The raw body: no address past the page key, no cookie, no token, no phone, no game user.
        for (const secret of [
          token,
          encodeURIComponent(token),
          member.phone,
          ...member.games.map((g) => g.game_user),
          'must-not-travel',
          'prefix=',
          '?',
          '/slot',
        ]) {
          expect(post.body).not.toContain(secret);
        }
      }
      const lcp = posts.flatMap((p) => p.vitals).find((v) => v.name === 'LCP')!;
      expect(lcp.value).toBeGreaterThan(0);
    },
  );

  test(
    'a guest who switches to another tab: the login figures name the theme the address asks for, not the site’s',
    ONCE,
    async ({ page, site }) => {
      const target = await ownCollector(page);
      const variant = site.theme === 'OSAKA39' ? 'PRE8' : 'OSAKA39';
      const library = page.waitForResponse((r) => WEB_VITALS_CHUNK.test(r.url()));
      await page.goto(`/login/theme/${variant}?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      await library;
      await figuresTaken(page);
      // A tap ends the search for the largest paint, as a member's first tap does.
      await page.getByTestId(testIds.loginPhone).click();
      // Headless Chromium never hides a tab itself: the page is told it is hidden, as a tab switch tells it.
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
      await expect.poll(async () => namesOf(await postsTo(page, target))).toEqual(expect.arrayContaining(CORE));
      const figures = (await postsTo(page, target)).flatMap((p) => p.vitals);
      for (const figure of figures) expect(figure).toMatchObject({ page: 'login', theme: variant, site: site.key, version: APP_VERSION });
      // One post for the hide: the figures went together.
      expect(await postsTo(page, target)).toHaveLength(1);
    },
  );
});
