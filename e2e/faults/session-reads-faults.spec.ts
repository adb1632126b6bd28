import type { Page, Route } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { thGuest } from '@member/shared-core/i18n/th-guest';
import { expect, test } from '../support/fixtures';
import { balanceOf } from '../support/games';
import { logInWithCookies } from '../support/session';
import { createMember, simPost, SIM_URL } from '../support/sim';
import { siteOf } from '../support/withdraw-screen';

/*
 * The end of a session and slow reads, against the simulator's faults: a reply landing after a logout writes nothing
 * of the member; a logout pressed before the app was there waits through a slow session check; an operator that
 * answers every call in 15 s is slow, not down.
 */

// The simulator's faults are global, so this file runs alone, one test at a time.
test.describe.configure({ mode: 'serial' });

const PREFIX = 'bkmc';
const SITE = siteOf(PREFIX);

test.afterEach(async ({ request }) => {
  await request.delete(`${SIM_URL}/__sim/faults`);
});

/**
 * Marks in the page when the body of an API call's answer has been read (`window.__answersRead[route]`), so a test
 * knows the page has had that answer: what it does with it follows in the same turn of the page's work.
 */
async function markAnswersRead(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const read: Record<string, number> = {};
    (window as unknown as { __answersRead: Record<string, number> }).__answersRead = read;
    const fetchOf = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await fetchOf(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const route = new URL(url, location.href).pathname.replace('/api/', '');
      const text = response.text.bind(response);
      response.text = () => text().finally(() => (read[route] = (read[route] ?? 0) + 1));
      return response;
    };
  });
}

test('a logout while the GCLUB login is still answering leaves no provider token on the device once the answer lands', async ({ page }) => {
  await markAnswersRead(page);
  const member = await createMember(page.request, PREFIX);
  await logInWithCookies(page, SITE, member);
  // The GCLUB login answers 3 s after it is asked: the member logs out before that.
  await simPost(page.request, '/__sim/faults', { route: 'gclubLogin', delayMs: 3_000 });
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/gclubLogin'));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/gclubLogin'), { timeout: 15_000 });
  await page.goto(`/profile?prefix=${PREFIX}`);
  await asked;
  await page.getByTestId(testIds.logoutButton).first().click();
  await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${PREFIX}$`));
  const stored = () =>
    page.evaluate(() =>
      Object.keys(localStorage).filter((key) => /^(gclubToken|accountInfo|ufaAccid|ufaSessionsn|balances|withdrawIntents)_/.test(key)),
    );
  expect(await stored()).toEqual([]);

  await answered;
  await page.waitForFunction(() => ((window as unknown as { __answersRead: Record<string, number> }).__answersRead.gclubLogin ?? 0) > 0);
  // What the page does with an answer follows in the turn it was read: one more turn has seen all of it.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  expect(await stored()).toEqual([]);
  expect(await page.evaluate((p) => localStorage.getItem(`gclubToken_${p}`), PREFIX)).toBeNull();
});

test("a logout pressed on a member's frame drawn in the HTML waits through a slow session check, however long, and logs out once it is done", async ({
  page,
  context,
}) => {
  const member = await createMember(page.request, PREFIX);
  await logInWithCookies(page, SITE, member);
  // The session check's calls are held until the page's clock has gone past how long a held press waits for its button
  // once the page has come (10 s), not as far as the calls' own 30 s: the check's notice stands in the frame's place.
  const held: Route[] = [];
  const profileCalls = (url: URL) => url.pathname.endsWith('/api/getProfile');
  await page.route(profileCalls, (route) => void held.push(route));
  await page.clock.install();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/slot?prefix=${PREFIX}`);
  const logout = page.getByTestId(testIds.logoutButton).first();
  await logout.click();
  // The press is taken at once: the frame's button shows it is under way, as the app's does, its words kept.
  await expect(logout).toHaveAttribute('aria-busy', 'true');
  await expect(logout.locator('.mc-spinner')).toBeVisible();
  await expect(logout).toHaveText(thGuest.page.logout);
  await expect(page.locator('html')).toHaveAttribute('data-drawn-page', 'slot');
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await logout.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    await page.screenshot({ path: test.info().outputPath(`held-logout-${width}.png`) });
  }
  const notice = page.getByTestId(testIds.sessionCheckNotice);
  await expect(async () => {
    await page.clock.fastForward(1_000);
    await expect(notice).toHaveAttribute('data-phase', 'slow', { timeout: 500 });
  }).toPass({ timeout: 60_000 });
  await page.clock.fastForward(15_000);
  await expect(notice).toHaveAttribute('data-phase', 'slow');
  await expect(page).toHaveURL(new RegExp(`/slot\\?prefix=${PREFIX}`));
  await page.unroute(profileCalls);
  await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
  // The check is answered, the page comes, and the press goes: the logout's own wait runs on the page's clock.
  await expect(async () => {
    await page.clock.fastForward(1_000);
    await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${PREFIX}$`), { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect((await context.cookies()).some((cookie) => cookie.name === `token-${PREFIX}`)).toBe(false);
});

test('every call answering in 15 s: a reload of /profile waits, says it is slow and offers to stop, never that it cannot connect, and shows the balance when the answers arrive', async ({
  page,
}) => {
  const member = await createMember(page.request, PREFIX);
  await logInWithCookies(page, SITE, member);
  // Every notice of the session check the page ever shows.
  await page.addInitScript((noticeId) => {
    const shown: string[] = [];
    (window as unknown as { __notices: string[] }).__notices = shown;
    new MutationObserver(() => {
      const notice = document.querySelector(`[data-testid="${noticeId}"]`);
      const said = notice ? `${notice.getAttribute('data-phase')}: ${notice.textContent?.trim() ?? ''}` : null;
      if (said && shown.at(-1) !== said) shown.push(said);
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, testIds.sessionCheckNotice);
  // Every API call waits in the browser until the page's clock has moved 15 s on, then goes to the simulator: an
  // operator that answers every call in 15 s, on the clock the page's own limits run on.
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    (route) => void held.push(route),
  );
  await page.clock.install();
  await page.goto(`/profile?prefix=${PREFIX}`);
  const notice = page.getByTestId(testIds.sessionCheckNotice);
  // Nothing is answered until the member has been told the answer is slow: the page's clock moves a second at a time
  // meanwhile. (The first call leaves with the page, before the app's code has come; a jump of 15 s at once could answer
  // it before the app is there to wait for it.)
  await expect(async () => {
    await page.clock.fastForward(1_000);
    await expect(notice).toHaveAttribute('data-phase', 'slow', { timeout: 500 });
  }).toPass({ timeout: 60_000 });
  // Then each call is answered once the page's clock has moved 15 s on from when it was held.
  await expect(async () => {
    const waiting = held.splice(0);
    if (waiting.length > 0) {
      await page.clock.fastForward(15_000);
      // A call the page gave up on meanwhile has nothing to answer.
      await Promise.all(waiting.map((route) => route.continue().catch(() => undefined)));
    }
    await expect(balanceOf(page, 'UFA')).toContainText('8,250.00', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const notices = await page.evaluate(() => (window as unknown as { __notices: string[] }).__notices);
  expect(notices.some((said) => said.startsWith('slow'))).toBe(true);
  expect(notices.filter((said) => !said.startsWith('slow'))).toEqual([]);
  expect(notices.join('\n')).not.toContain(thGuest.sessionCheck.unreachable);
  await expect(notice).toHaveCount(0);
});
