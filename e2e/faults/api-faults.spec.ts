import type { BrowserContext, Page, Request } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { enGuest } from '@member/shared-core/i18n/en-guest';
import { thGuest } from '@member/shared-core/i18n/th-guest';
import { thMember } from '@member/shared-core/i18n/th-member';
import { startOfPeriod } from '@member/shared-core/wallet/history-period';
import { expect, test } from '../support/fixtures';
import { accountCard, balanceOf } from '../support/games';
import { LoginPage } from '../support/login-page';
import { createMember, simPost, SIM_URL, type TestMember } from '../support/sim';

// The simulator's faults are global, so this file runs alone, after the site projects, one test at a time.
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await request.delete(`${SIM_URL}/__sim/faults`);
});

/** More than the client's whole retry budget (RETRY_BUDGET_MS): a read that does not answer is waited for this long. */
const PAST_THE_BUDGET_MS = 30_000;
const DAY_MS = 86_400_000;

interface FaultCase {
  name: string;
  fault: Record<string, unknown>;
  /** Retried by the client (a 5xx); a timeout is waited for the whole budget, once; the others fail at once. */
  retried: boolean;
  timeout?: boolean;
  /** What the member reads about it, in Thai. */
  message: string;
}

/** The five ways a reply can fail; `shapes` are the wrong-shaped replies to try for this call. */
function faultCases(shapes: unknown[]): FaultCase[] {
  return [
    { name: 'HTTP 500', fault: { status: 500 }, retried: true, message: thGuest.api.errors.http },
    { name: 'a timeout', fault: { delayMs: 60_000 }, retried: false, timeout: true, message: thGuest.api.errors.timeout },
    { name: 'a body that is not JSON', fault: { body: 'malformed' }, retried: false, message: thGuest.api.errors.unparsable },
    ...shapes.map((reply) => ({
      name: `a reply of the wrong shape (${JSON.stringify(reply)})`,
      fault: { body: 'shape', reply },
      retried: false,
      message: thGuest.api.errors.shape,
    })),
    { name: 'a reply that does not decrypt', fault: { body: 'undecryptable' }, retried: false, message: thGuest.api.errors.undecryptable },
  ];
}

/** Counts the POSTs this page sends to one API route. */
interface CallCount {
  sent(): number;
  answered(): number;
  /** Settles the moment the first one is sent, so a clock move can follow it without a polling interval between. */
  firstSent: Promise<void>;
}

function countCalls(page: Page, route: string): CallCount {
  let sent = 0;
  let answered = 0;
  let onFirst = () => {};
  const firstSent = new Promise<void>((resolve) => (onFirst = resolve));
  const isRoute = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === `/api/${route}`;
  page.on('request', (request) => {
    if (!isRoute(request)) return;
    sent += 1;
    onFirst();
  });
  page.on('response', (response) => {
    if (isRoute(response.request())) answered += 1;
  });
  return { sent: () => sent, answered: () => answered, firstSent };
}

/**
 * Moves the page's clock through a failing idempotent call until the client gives up: past the whole budget, for a
 * request that does not answer (it is waited for, never cut short to make room for a retry), or once a retry was sent
 * after a quick failure.
 */
async function outlastRetries(
  page: Page,
  calls: CallCount,
  fault: FaultCase,
  whileRetrying?: () => Promise<void>,
  { waiting }: { waiting?: () => Promise<void> } = {},
): Promise<void> {
  await calls.firstSent;
  if (fault.timeout) {
    // The page waits on the call from here (a call the page's inline start sent is waited on once the app has run).
    await waiting?.();
    await page.clock.fastForward(PAST_THE_BUDGET_MS);
    return;
  }
  await expect.poll(calls.sent).toBeGreaterThanOrEqual(2);
  await expect.poll(calls.answered).toBeGreaterThanOrEqual(2);
  await whileRetrying?.();
  // Every attempt sent is answered before the clock moves on, or the move would time the one in flight out instead (a
  // loaded machine sent a third while the second's answer was read). The clock stands still meanwhile, so no further
  // retry starts; it runs again after the move.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  await expect.poll(() => calls.answered() === calls.sent()).toBe(true);
  await page.clock.fastForward(PAST_THE_BUDGET_MS);
  await page.clock.resume();
}

async function tokenCookie(context: BrowserContext, prefix: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === `token-${prefix}`)?.value;
}

async function loggedIn(page: Page, prefix: string): Promise<TestMember> {
  await page.clock.install();
  const member = await createMember(page.request, prefix);
  await new LoginPage(page, prefix).logInAndLand(member.phone, member.password);
  // The provider set-up is done once both balances show.
  await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
  await expect(balanceOf(page, 'GCLUB')).toContainText('1,520.50');
  return member;
}

const PREFIXES = ['pre8', 'os39', 'bkmc', 'ufkk', 'sm88', 'pre8'];

test.describe('getProfile on reload', () => {
  faultCases([[], { status: true, games: 'x' }]).forEach((fault, i) => {
    const prefix = PREFIXES[i % PREFIXES.length]!;
    test(`${prefix}: ${fault.name} keeps the member logged in behind a "can't reach the server" notice, and Retry brings the page back`, async ({
      page,
      context,
    }) => {
      await loggedIn(page, prefix);
      const token = await tokenCookie(context, prefix);
      expect(token).toBeTruthy();
      const calls = countCalls(page, 'getProfile');
      await simPost(page.request, '/__sim/faults', { route: 'getProfile', ...fault.fault, times: 20 });
      await page.reload();

      const notice = page.getByTestId(testIds.sessionCheckNotice);
      if (fault.retried || fault.timeout) {
        await outlastRetries(
          page,
          calls,
          fault,
          async () => {
            await expect(notice).toHaveAttribute('data-phase', 'retrying');
            await expect(notice.getByRole('heading')).toHaveText(thGuest.sessionCheck.retrying);
            await expect(notice).toContainText(fault.message);
            await expect(page.getByTestId(testIds.sessionCheckRetry)).toHaveCount(0);
          },
          // A slow answer: the member is told so (and may stop waiting) while it is waited for.
          { waiting: () => expect(notice).toHaveAttribute('data-phase', 'slow') },
        );
      }
      await expect(notice).toHaveAttribute('data-phase', 'unreachable');
      await expect(notice.getByRole('heading')).toHaveText(thGuest.sessionCheck.unreachable);
      await expect(notice).toContainText(fault.message);
      await expect(notice).toContainText(thGuest.sessionCheck.kept);
      const retry = page.getByTestId(testIds.sessionCheckRetry);
      await expect(retry).toBeFocused();
      await expect(page.getByTestId(testIds.loginSubmit)).toHaveCount(0);
      expect(await tokenCookie(context, prefix)).toBe(token);
      if (!fault.retried) expect(calls.sent()).toBe(1);

      await page.request.delete(`${SIM_URL}/__sim/faults`);
      await retry.click();
      await expect(page).toHaveURL(new RegExp(`/profile\\?prefix=${prefix}$`));
      await expect(notice).toHaveCount(0);
      await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
      expect(await tokenCookie(context, prefix)).toBe(token);
    });
  });

  test('a server that fails twice, then answers, brings the member back by itself', async ({ page, context }) => {
    await loggedIn(page, 'bkmc');
    const token = await tokenCookie(context, 'bkmc');
    await simPost(page.request, '/__sim/faults', { route: 'getProfile', status: 503, times: 2 });
    await page.reload();
    await expect(page.getByTestId(testIds.sessionCheckNotice)).toHaveAttribute('data-phase', 'retrying');
    await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
    await expect(page).toHaveURL(/\/profile\?prefix=bkmc$/);
    expect(await tokenCookie(context, 'bkmc')).toBe(token);
  });

  test('the notice speaks English to a member who chose English', async ({ page }) => {
    await loggedIn(page, 'sm88');
    await page.evaluate(() => localStorage.setItem('locale', 'EN'));
    await simPost(page.request, '/__sim/faults', { route: 'getProfile', body: 'undecryptable', times: 2 });
    await page.reload();
    const notice = page.getByTestId(testIds.sessionCheckNotice);
    await expect(notice.getByRole('heading')).toHaveText(enGuest.sessionCheck.unreachable);
    await expect(notice).toContainText(enGuest.api.errors.undecryptable);
    await expect(page.getByRole('button', { name: enGuest.sessionCheck.retry })).toBeVisible();
  });

  test('HTTP 401 still ends the session at once', async ({ page, context }) => {
    await loggedIn(page, 'os39');
    await simPost(page.request, '/__sim/faults', { route: 'getProfile', status: 401, times: 1 });
    await page.reload();
    // A guest now, sent to log in; the page they were on is kept to come back to.
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile&prefix=os39$/);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    expect(await tokenCookie(context, 'os39')).toBeFalsy();
  });
});

test('a verify reply of the wrong shape is not a logout', async ({ page }) => {
  await loggedIn(page, 'ufkk');
  const verifies = countCalls(page, 'verify');
  const logouts = countCalls(page, 'logout');
  await simPost(page.request, '/__sim/faults', { route: 'verify', body: 'shape', reply: [], times: 1 });
  await page.clock.fastForward(20_000);
  await expect.poll(verifies.sent).toBe(1);
  // A logout would wait one second before leaving the page.
  await page.clock.fastForward(2_000);
  await expect(page).toHaveURL(/\/profile\?prefix=ufkk$/);
  await expect(balanceOf(page, 'UFA')).toBeVisible();
  expect(logouts.sent()).toBe(0);
});

test.describe('history', () => {
  faultCases([{ status: true, history: 'x' }]).forEach((fault, i) => {
    const prefix = PREFIXES[i % PREFIXES.length]!;
    test(`${prefix}: ${fault.name} shows a clear error with a retry, and the retry shows the rows`, async ({ page }) => {
      const member = await loggedIn(page, prefix);
      await simPost(page.request, '/__sim/deposit', { prefix, phone: member.phone, service: 'UFA', amount: 120 });
      const calls = countCalls(page, 'history');
      await simPost(page.request, '/__sim/faults', { route: 'history', ...fault.fault, times: 20 });
      await page.goto(`/history?prefix=${prefix}`);
      if (fault.retried || fault.timeout)
        await outlastRetries(page, calls, fault, () => expect(page.getByTestId(testIds.historyError)).toHaveCount(0));
      const error = page.getByTestId(testIds.historyError);
      await expect(error).toContainText(fault.message);
      await expect(page.getByTestId(testIds.historyRow)).toHaveCount(0);
      if (!fault.retried) expect(calls.sent()).toBe(1);

      await page.request.delete(`${SIM_URL}/__sim/faults`);
      await error.getByTestId(testIds.historyRetry).click();
      await expect(page.getByTestId(testIds.historyRow)).toHaveCount(1);
      await expect(page.getByTestId(testIds.historyRow)).toContainText('120.00');
      await expect(error).toHaveCount(0);
    });
  });
});

test.describe('ufaCredit', () => {
  faultCases([{ status: true, credit: '4321' }]).forEach((fault, i) => {
    const prefix = PREFIXES[i % PREFIXES.length]!;
    test(`${prefix}: ${fault.name} keeps the previous balance and says it could not update; the next refresh shows the new one`, async ({
      page,
    }) => {
      const member = await loggedIn(page, prefix);
      const ufa = member.games.find((g) => g.service === 'UFA')!;
      const card = accountCard(page, 'UFA');
      const stamp = await card.getByTestId(testIds.gameBalanceUpdated).getAttribute('datetime');
      await simPost(page.request, '/__sim/balance', { gameuser: ufa.game_user, balance: 4321 });
      const calls = countCalls(page, 'ufaCredit');
      await simPost(page.request, '/__sim/faults', { route: 'ufaCredit', ...fault.fault, times: 20 });
      await page.getByTestId(testIds.refreshBalances).click();
      if (fault.retried || fault.timeout)
        await outlastRetries(page, calls, fault, () => expect(card.getByTestId(testIds.gameBalanceFailed)).toHaveCount(0));
      await expect(card.getByTestId(testIds.gameBalanceFailed)).toHaveText(thMember.balanceStatus.failed);
      await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
      await expect(card.getByTestId(testIds.gameBalanceUpdated)).toHaveAttribute('datetime', stamp ?? '');
      if (!fault.retried) expect(calls.sent()).toBe(1);

      await page.request.delete(`${SIM_URL}/__sim/faults`);
      await page.getByTestId(testIds.refreshBalances).click();
      await expect(balanceOf(page, 'UFA')).toContainText('4,321.00');
      await expect(card.getByTestId(testIds.gameBalanceFailed)).toHaveCount(0);
    });
  });
});

/** How long before the end of a Bangkok day a test that deposits and then reads "today" does not start. */
const MIDNIGHT_MARGIN_MS = 90_000;

/**
 * "Today" is the Bangkok calendar's (UTC+7): a deposit made in the last seconds of a day is yesterday's by the time
 * today's rows are asked for. A run that reaches such a test in the last 90 s of a Bangkok day waits for the next day.
 */
async function awayFromBangkokMidnight(): Promise<void> {
  const now = Date.now();
  const left = startOfPeriod('today', now) + DAY_MS - now;
  if (left > MIDNIGHT_MARGIN_MS) return;
  test.setTimeout(test.info().timeout + left + 1_000);
  await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

test.describe("the phone's clock", () => {
  for (const [label, skew] of [
    ['40 days ahead', 40 * DAY_MS],
    ['40 days behind', -40 * DAY_MS],
  ] as const) {
    test(`set ${label}: "7 days" still shows today's transactions and not older ones, and balances carry the server's time`, async ({
      page,
    }) => {
      await awayFromBangkokMidnight();
      const member = await createMember(page.request, 'pre8');
      await simPost(page.request, '/__sim/deposit', { prefix: 'pre8', phone: member.phone, service: 'UFA', amount: 120 });
      await simPost(page.request, '/__sim/deposit', { prefix: 'pre8', phone: member.phone, service: 'UFA', amount: 340, daysAgo: 10 });
      await page.clock.install({ time: Date.now() + skew });
      await new LoginPage(page, 'pre8').logInAndLand(member.phone, member.password);
      await expect(balanceOf(page, 'UFA')).toContainText('8,710.00');
      const stamp = Date.parse((await accountCard(page, 'UFA').getByTestId(testIds.gameBalanceUpdated).getAttribute('datetime')) ?? '');
      expect(Math.abs(stamp - Date.now())).toBeLessThan(5 * 60_000);

      await page.goto('/history?prefix=pre8');
      const rows = page.getByTestId(testIds.historyRow);
      await expect(page.locator(`[data-testid="${testIds.historyPeriod}"][data-period="7d"]`)).toHaveAttribute('aria-pressed', 'true');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('120.00');
      await page.locator(`[data-testid="${testIds.historyPeriod}"][data-period="today"]`).click();
      await expect(rows).toHaveCount(1);
      await page.locator(`[data-testid="${testIds.historyPeriod}"][data-period="30d"]`).click();
      await expect(rows).toHaveCount(2);
    });
  }
});
