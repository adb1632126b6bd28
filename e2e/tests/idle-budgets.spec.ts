import type { Page } from '@playwright/test';
import type { Site } from '@member/shared-core';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { SIM_URL } from '../support/sim';
import { loggedInMember, providerSessionsAnswered } from '../support/session';
import { perPage } from '../support/site-looks';

/**
 * What a member page asks of the operator API while the member only looks at it. Each page gets 21 s of idle
 * time on Playwright's clock: the session is verified every 20 s, balances are fetched every 60 s (not due in this
 * window), and nothing else may run on its own. A render loop or a poll without a cadence never lets the network go
 * idle, so the wait for idleness fails the test as surely as the count does.
 */
const IDLE_MS = 21_000;

// With the service worker on, as members have it: it registers in the idle window and answers the page's files, and
// must add no API call (its own update check of /sw.js is no API call, and runs at most hourly: worker/update-rule.ts).
test.use({ serviceWorkers: 'allow' });
const PAGES = ['profile', 'slot', 'fish', 'cards', 'deposit', 'withdraw', 'history', 'gameuser', 'info', 'promotion'] as const;

/** The API calls this page sends from now on, by path. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  const api = new URL(SIM_URL);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.host === api.host && url.pathname.startsWith('/api/')) calls.push(url.pathname.slice('/api/'.length));
  });
  return calls;
}

/**
 * Opens `path` as a logged-in member, lets `act` do what a member would first, then leaves the page for 21 s of its
 * clock and asserts that only the session check was asked for.
 */
async function expectIdle(page: Page, site: Site, path: string, act?: (page: Page) => Promise<void>): Promise<void> {
  await loggedInMember(page, site);
  await page.clock.install();
  const setUp = providerSessionsAnswered(page);
  await page.goto(`${path}?prefix=${site.key}`);
  await setUp;
  await act?.(page);
  await page.waitForLoadState('networkidle');
  // From here the page is left alone; the clock stands still except for the 21 s given below.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  const calls = apiCalls(page);
  await page.clock.runFor(IDLE_MS);
  // The session check is due in the window; once its request is seen, the window's requests have all been sent.
  await expect.poll(() => calls.includes('verify')).toBe(true);
  test.info().annotations.push({ type: 'idle API calls', description: `${calls.length}: ${calls.join(', ') || 'none'}` });
  expect(
    calls.filter((call) => call !== 'verify'),
    `calls other than the 20 s session check on ${path}`,
  ).toEqual([]);
  expect(calls.length).toBeGreaterThanOrEqual(1);
  expect(calls.length).toBeLessThanOrEqual(2);
  // The page was measured with its service worker registered and installed, as members have it.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null))
    .toBe('activated');
}

for (const name of PAGES) {
  test(`/${name} left idle for 21 s asks only for the session check`, perPage(name), async ({ page, site }) => {
    await expectIdle(page, site, `/${name}`);
  });
}

/** Pages reached another way: the default profile's money components, and a lobby after a search across brands. */
const REACHED: ReadonlyArray<readonly [string, string, ((page: Page) => Promise<void>)?]> = [
  ["the default profile's withdraw component", '/profile/theme/default/withdraw'],
  ["the default profile's deposit component", '/profile/theme/default/deposit'],
  [
    'a lobby once a search across brands has fetched its lists',
    '/slot',
    async (page) => {
      await page.getByTestId(testIds.lobbySearch).fill('Lucky');
      await expect(page.getByTestId(testIds.lobbyBrandResults).first()).toBeVisible();
      await expect(page.getByTestId(testIds.lobbyOtherBrands)).not.toHaveAttribute('aria-busy', 'true');
    },
  ],
];

for (const [name, path, act] of REACHED) {
  test(`${name} left idle for 21 s asks only for the session check`, perPage('profile'), async ({ page, site }) => {
    await expectIdle(page, site, path, act);
  });
}
