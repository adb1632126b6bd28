import type { SimLedgerEntry } from '@member/member-api-sim/control-types';
import type { Browser, Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { thMember } from '@member/shared-core/i18n/th-member';
import { expect, test } from '../support/fixtures';
import { logInWithCookies } from '../support/session';
import { createMember, ledgerOf, simPost, SIM_URL, type TestMember } from '../support/sim';
import { recordWithdrawScreen, siteOf, withdrawScreenSeen } from '../support/withdraw-screen';

/*
 * A withdrawal's outcome is the server's record of its own key: each test is an answer a real operator gives that
 * the page once read as something the server never said (a 409 or a 429 as "not made", another device's pending or
 * settled withdrawal as this one's, an older row of the same amount as this one's booking).
 */

// The simulator's faults and operator settings are global, so this file runs alone, one test at a time.
test.describe.configure({ mode: 'serial' });

const PREFIX = 'bkmc';
const SITE = siteOf(PREFIX);

test.afterEach(async ({ request }) => {
  await request.delete(`${SIM_URL}/__sim/faults`);
  await request.post(`${SIM_URL}/__sim/withdraw/release`);
  await request.post(`${SIM_URL}/__sim/withdraw/keep-pending`, { data: { times: 0 } });
  await request.post(`${SIM_URL}/__sim/operator`, { data: { historyKeys: true, eventKeys: true, pendingKeys: true } });
  await request.post(`${SIM_URL}/__sim/socket/refuse`, { data: { code: null } });
});

async function withdrawals(page: Page, member: TestMember): Promise<SimLedgerEntry[]> {
  return (await ledgerOf(page.request, PREFIX, member.phone)).filter((e) => e.type === 'withdraw');
}

const ufaOf = (member: TestMember) => member.games.find((g) => g.service === 'UFA')!.game_user;
const status = (page: Page) => page.getByTestId(testIds.withdrawStatus);
const error = (page: Page) => page.getByTestId(testIds.withdrawError);

const seen = withdrawScreenSeen;

/** The Idempotency-Key of each withdrawal request this page sends. */
function sentKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/ufaWithdraw') keys.push(r.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/** A member of its own, logged in by the API (support/session.ts), on the withdraw page with UFA and `amount` chosen. */
async function openWithdraw(
  page: Page,
  amount: string,
  { clock = false, member }: { clock?: boolean; member?: TestMember } = {},
): Promise<TestMember> {
  const who = member ?? (await createMember(page.request, PREFIX));
  await recordWithdrawScreen(page);
  if (clock) await page.clock.install();
  await logInWithCookies(page, SITE, who);
  await page.goto(`/withdraw?prefix=${PREFIX}`);
  await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
  await page.getByTestId(testIds.withdrawAmount).fill(amount);
  return who;
}

/** Resolves once `count` sockets are subscribed to the member's channel, so an event sent next reaches every page. */
async function channelHeardBy(page: Page, member: TestMember, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const { sockets } = (await (await page.request.get(`${SIM_URL}/__sim/sockets`)).json()) as {
          sockets: Array<{ channels: string[] }>;
        };
        return sockets.filter((s) => s.channels.includes(`private-member.${member.cid}`)).length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
}

/** The same member on a browser of their own (another device), on the withdraw page. */
async function anotherDevice(browser: Browser, member: TestMember, amount: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openWithdraw(page, amount, { member });
  return page;
}

/**
 * Moves the page's clock `stepMs` at a time until `shown` passes, giving each look `lookMs` of real time: a slow
 * runner then sees what one step brought before the next step moves on past it.
 */
async function stepClockUntil(
  page: Page,
  stepMs: number,
  shown: (lookMs: number) => Promise<void>,
  { lookMs = 1_000, timeout = 30_000 } = {},
): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(stepMs);
    await shown(lookMs);
  }).toPass({ timeout });
}

test('a slow bank: the send times out at 30 s, the same key sent again is answered 409 in flight, and the page keeps checking until the bank books it, never "not made"', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const member = await openWithdraw(page, '300', { clock: true });
  const keys = sentKeys(page);
  // The bank takes its time: the key is claimed at once, the booking waits until the test lets it go.
  await simPost(page.request, '/__sim/withdraw/hold', { times: 1 });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/ufaWithdraw'));
  await page.getByTestId(testIds.withdrawSubmit).click();
  await sent;
  await expect(status(page)).toHaveAttribute('data-state', 'sending');
  // The client gives up at 30 s; the key goes again at once and is answered 409.
  const resent = page.waitForResponse((r) => r.url().endsWith('/api/ufaWithdraw') && r.status() === 409);
  await page.clock.fastForward(31_000);
  await resent;
  await expect(status(page)).toHaveAttribute('data-state', 'checking');
  await expect(page.getByTestId(testIds.withdrawCheckingWhy)).toContainText(thMember.walletUi.withdraw.why.inFlight);
  await expect(page.getByTestId(testIds.withdrawIntent)).toContainText('300.00');
  // 33 s and 36 s: still checking, the form locked, nothing said "not made".
  for (const step of [2_000, 3_000]) {
    await page.clock.fastForward(step);
    await expect(status(page)).toHaveAttribute('data-state', 'checking');
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeDisabled();
    await expect(error(page)).toBeHidden();
  }
  expect(await withdrawals(page, member)).toEqual([]);

  // The bank books it (45 s): the next send of the key gets the first result, and the page follows it to the end.
  await page.request.post(`${SIM_URL}/__sim/withdraw/release`);
  await expect.poll(async () => (await withdrawals(page, member)).length).toBe(1);
  await stepClockUntil(page, 4_000, (lookMs) => expect(status(page)).toHaveAttribute('data-state', 'done', { timeout: lookMs }));
  expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 300, status: 'completed' })]);
  expect(new Set(keys).size).toBe(1);
  expect((await seen(page)).errors).toEqual([]);
});

test('409 on the first sends is "still being processed", not "not made": the same key goes again on a back-off the member sees, then books once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const member = await openWithdraw(page, '300', { clock: true });
  const keys = sentKeys(page);
  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', status: 409, times: 6 });
  await page.getByTestId(testIds.withdrawSubmit).click();
  await expect(status(page)).toHaveAttribute('data-state', 'checking');
  const why = page.getByTestId(testIds.withdrawCheckingWhy);
  await expect(why).toContainText(thMember.walletUi.withdraw.why.inFlight);
  // The count to the next send of the same request, in seconds.
  await expect(why).toContainText(/\d+ วินาที/);
  await expect(error(page)).toBeHidden();
  // Sent again at once, then after 4, 8, 15 and 30 s: the clock is moved past each wait rather than waited for.
  await stepClockUntil(page, 10_000, (lookMs) => expect(status(page)).toHaveAttribute('data-state', /pending|done/, { timeout: lookMs }), {
    lookMs: 500,
    timeout: 60_000,
  });
  await page.clock.fastForward(4_000);
  await expect(status(page)).toHaveAttribute('data-state', 'done');
  expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 300, status: 'completed' })]);
  expect(keys.length).toBe(7);
  expect(new Set(keys).size).toBe(1);
  expect((await seen(page)).errors).toEqual([]);
});

test('booked, its reply lost, the history down, the socket refused, and the resend answered 429: checking, the Retry-After honoured, then done; never "not made", one booking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await simPost(page.request, '/__sim/socket/refuse', { code: 4001, reason: 'Application disabled' });
  const member = await openWithdraw(page, '300', { clock: true });
  const keys = sentKeys(page);
  // Booked at once; its reply held past the client's 30 s. The next send of the key: 429, come back in 20 s.
  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', afterCommit: true, delayMs: 60_000 });
  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', status: 429, retryAfter: 20 });
  await simPost(page.request, '/__sim/faults', { route: 'history', status: 503, times: 100 });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/ufaWithdraw'));
  await page.getByTestId(testIds.withdrawSubmit).click();
  await sent;
  await expect.poll(async () => (await withdrawals(page, member)).length).toBe(1);
  // The withdrawal settles at the operator meanwhile (nothing pending any more); the page hears no event.
  await expect.poll(async () => (await withdrawals(page, member))[0]?.status).toBe('completed');
  const busy = page.waitForResponse((r) => r.url().endsWith('/api/ufaWithdraw') && r.status() === 429);
  await page.clock.fastForward(31_000);
  // The history's retries run on the page's clock: move it on until the key has gone again and met the 429.
  await stepClockUntil(
    page,
    8_000,
    (lookMs) =>
      expect(page.getByTestId(testIds.withdrawCheckingWhy)).toContainText(thMember.walletUi.withdraw.why.busy, { timeout: lookMs }),
    {
      lookMs: 500,
    },
  );
  await busy;
  await expect(status(page)).toHaveAttribute('data-state', 'checking');
  await expect(page.getByTestId(testIds.withdrawSubmit)).toBeDisabled();
  await expect(error(page)).toBeHidden();
  const sendsAtBusy = keys.length;
  // Not before its Retry-After.
  await page.clock.fastForward(10_000);
  expect(keys.length).toBe(sendsAtBusy);
  await stepClockUntil(page, 5_000, (lookMs) => expect(status(page)).toHaveAttribute('data-state', 'done', { timeout: lookMs }), {
    lookMs: 500,
    timeout: 60_000,
  });
  expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 300, status: 'completed' })]);
  expect(new Set(keys).size).toBe(1);
  expect((await seen(page)).errors).toEqual([]);
});

test('another device\'s withdrawal pending, this one lost before booking: never this one\'s "done"; the server refuses its key, and it says so', async ({
  page,
  browser,
}) => {
  // An operator that reports no keys: nothing but this withdrawal's own key can tell the page about it.
  await simPost(page.request, '/__sim/operator', { historyKeys: false, eventKeys: false, pendingKeys: false });
  const member = await openWithdraw(page, '300');
  const other = await anotherDevice(browser, member, '500');
  await simPost(page.request, '/__sim/withdraw/keep-pending', { times: 1 });
  await other.getByTestId(testIds.withdrawSubmit).click();
  await expect.poll(async () => (await withdrawals(page, member)).map((w) => [w.amount, w.status])).toEqual([[500, 'pending']]);

  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', status: 502 });
  await page.getByTestId(testIds.withdrawSubmit).click();
  // The same key goes again: the operator refuses it, as another withdrawal of the account is pending.
  await expect(error(page)).toHaveText(thMember.wallet.errors.otherPending);
  await channelHeardBy(page, member, 2);
  await page.request.post(`${SIM_URL}/__sim/withdraw/settle`, { data: { gameuser: ufaOf(member) } });
  await expect.poll(async () => (await withdrawals(page, member)).map((w) => [w.amount, w.status])).toEqual([[500, 'completed']]);
  // The other device's withdrawal settled (its event, which carries no key, reaches this page): this one is still "not made".
  await expect(page.getByTestId(testIds.memberToast)).toBeVisible();
  await expect(error(page)).toHaveText(thMember.wallet.errors.otherPending);
  expect((await seen(page)).states).not.toContain('done');
  expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 500 })]);
  await other.context().close();
});

test('the same member on two browsers, 400 and 300 at once: the 300 browser says its 300 was not made, and keeps saying so after the 400 completes', async ({
  page,
  browser,
}) => {
  const member = await openWithdraw(page, '300');
  const other = await anotherDevice(browser, member, '400');
  await simPost(page.request, '/__sim/withdraw/keep-pending', { times: 1 });
  // The 400 reaches the operator first; the 300 a moment after, while the 400 is pending.
  await other.getByTestId(testIds.withdrawSubmit).click();
  await expect(status(other)).toHaveAttribute('data-state', 'pending');
  await page.getByTestId(testIds.withdrawSubmit).click();
  await expect(error(page)).toHaveText(thMember.wallet.errors.otherPending);
  await expect(page.getByTestId(testIds.withdrawAmount)).toHaveValue('300');

  await channelHeardBy(page, member, 2);
  await page.request.post(`${SIM_URL}/__sim/withdraw/settle`, { data: { gameuser: ufaOf(member) } });
  await expect(status(other)).toHaveAttribute('data-state', 'done');
  // The 400 browser's completion reaches this one too (its toast): this one's outcome stays what the server said of it.
  await expect(page.getByTestId(testIds.memberToast)).toBeVisible();
  await expect(error(page)).toHaveText(thMember.wallet.errors.otherPending);
  await expect(status(page)).not.toHaveAttribute('data-state', 'done');
  expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 400, status: 'completed' })]);
  await other.context().close();
});

test('a history without keys: an earlier withdrawal of the same amount is never taken for this one, whose reply was lost before booking', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await simPost(page.request, '/__sim/operator', { historyKeys: false, eventKeys: false, pendingKeys: false });
  const member = await openWithdraw(page, '300', { clock: true });
  await page.getByTestId(testIds.withdrawSubmit).click();
  await expect.poll(async () => (await withdrawals(page, member)).length).toBe(1);
  await page.request.post(`${SIM_URL}/__sim/withdraw/settle`, { data: { gameuser: ufaOf(member) } }).catch(() => undefined);
  await stepClockUntil(page, 4_000, (lookMs) => expect(status(page)).toHaveAttribute('data-state', 'done', { timeout: lookMs }));

  // A minute later, the same amount again; its withdraw calls fail before anything is booked.
  await page.clock.fastForward(60_000);
  await page.getByTestId(testIds.withdrawAmount).fill('300');
  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', status: 502, times: 100 });
  await page.getByTestId(testIds.withdrawSubmit).click();
  await expect(status(page)).toHaveAttribute('data-state', 'checking');
  for (let i = 0; i < 5; i++) {
    await page.clock.fastForward(4_000);
    await expect(status(page)).toHaveAttribute('data-state', 'checking');
  }
  // The history shows a withdrawal of 300 it cannot tell from this one: it says so, and asks this one's key again.
  await expect(page.getByTestId(testIds.withdrawCheckingWhy)).toContainText(/ไม่ได้|ประวัติ|ขัดข้อง/);
  expect(await withdrawals(page, member)).toHaveLength(1);
  // The operator answers again: this key is booked once, and only then is it done.
  await page.request.delete(`${SIM_URL}/__sim/faults`);
  await stepClockUntil(page, 4_000, (lookMs) => expect(status(page)).toHaveAttribute('data-state', /pending|done/, { timeout: lookMs }), {
    timeout: 60_000,
  });
  expect(await withdrawals(page, member)).toHaveLength(2);
  expect((await seen(page)).errors).toEqual([]);
});
