import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { SIM_URL } from '../support/sim';
import { loggedInMember, providerSessionsAnswered } from '../support/session';
import { perLook } from '../support/site-looks';

/**
 * What a member page asks of the operator API while the member only looks at it. Each page gets 21 s of idle
 * time on Playwright's clock: the session is verified every 20 s, balances are fetched every 60 s (not due in this
 * window), and nothing else may run on its own. A render loop or a poll without a cadence never lets the network go
 * idle, so the wait for idleness fails the test as surely as the count does.
 */
const IDLE_MS = 21_000;
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

for (const name of PAGES) {
  test(`/${name} left idle for 21 s asks only for the session check`, perLook(name), async ({ page, site }) => {
    await loggedInMember(page, site);
    await page.clock.install();
    const setUp = providerSessionsAnswered(page);
    await page.goto(`/${name}?prefix=${site.key}`);
    await setUp;
    await page.waitForLoadState('networkidle');
    // From here the page is left alone; the clock stands still except for the 21 s given below.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    const calls = apiCalls(page);
    await page.clock.runFor(IDLE_MS);
    // The session check is due in the window; once its request is seen, the window's requests have all been sent.
    await expect.poll(() => calls.includes('verify')).toBe(true);
    test.info().annotations.push({ type: 'idle API calls', description: `${calls.length}: ${calls.join(', ') || 'none'}` });
    const others = calls.filter((call) => call !== 'verify');
    expect(others, `calls other than the 20 s session check on /${name}`).toEqual([]);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(2);
  });
}
