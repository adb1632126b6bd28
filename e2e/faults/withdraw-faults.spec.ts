import type { SimLedgerEntry } from '@member/member-api-sim/control-types';
import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { followRequests } from '../support/followed-requests';
import { LoginPage } from '../support/login-page';
import { createMember, ledgerOf, recordedRequests, simPost, SIM_URL, type TestMember } from '../support/sim';
import { recordWithdrawScreen, withdrawScreenSeen } from '../support/withdraw-screen';

// The simulator's faults are global, so this file runs alone, after the site projects, one test at a time.
test.describe.configure({ mode: 'serial' });

const PREFIX = 'bkmc';

test.afterEach(async ({ request }) => {
  await request.delete(`${SIM_URL}/__sim/faults`);
});

async function withdrawals(page: Page, member: TestMember): Promise<SimLedgerEntry[]> {
  return (await ledgerOf(page.request, PREFIX, member.phone)).filter((e) => e.type === 'withdraw');
}

/** The Idempotency-Key of each withdrawal request this page sends. */
function idempotencyKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/ufaWithdraw') keys.push(r.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/** Counts the withdrawal requests this page sends (never the check). */
function countSends(page: Page): { sends: number } {
  const counter = { sends: 0 };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/ufaWithdraw') counter.sends += 1;
  });
  return counter;
}

async function openWithdraw(page: Page, amount: string, { clock = false } = {}): Promise<TestMember> {
  const member = await createMember(page.request, PREFIX);
  if (clock) await page.clock.install();
  await new LoginPage(page, PREFIX).logInAndLand(member.phone, member.password);
  await page.goto(`/withdraw?prefix=${PREFIX}`);
  await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
  await page.getByTestId(testIds.withdrawAmount).fill(amount);
  return member;
}

const status = (page: Page) => page.getByTestId(testIds.withdrawStatus);

/**
 * Stops the page's clock where it is (an installed clock otherwise flows in real time): from here the 4 s check
 * runs only when the test moves the clock, so it cannot settle a withdrawal between two of the test's steps.
 */
async function holdClock(page: Page): Promise<void> {
  // A moment ahead of the page's time as read, which flows on until the pause lands.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
}
const toast = (page: Page) => page.getByTestId(testIds.memberToast);

/**
 * Moves the page's clock `stepMs` at a time until `shown` passes, giving each look `lookMs` of real time: a slow
 * runner then sees what one step brought before the next step moves on past it.
 */
async function stepClockUntil(
  page: Page,
  stepMs: number,
  shown: (lookMs: number) => Promise<void>,
  { lookMs = 1_500, timeout = 20_000 }: { lookMs?: number; timeout?: number } = {},
): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(stepMs);
    await shown(lookMs);
  }).toPass({ timeout });
}

for (const fault of [
  { name: 'a 500', body: { status: 500 } },
  { name: 'a malformed reply', body: { body: 'malformed' } },
  { name: 'an undecryptable reply', body: { body: 'undecryptable' } },
] as const) {
  test(`${fault.name} after the server booked the withdrawal: checking, then done; never "failed", one ledger entry`, async ({ page }) => {
    const member = await openWithdraw(page, '300');
    const counter = countSends(page);
    await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', afterCommit: true, ...fault.body });
    await page.getByTestId(testIds.withdrawSubmit).click();
    await expect(status(page)).toHaveAttribute('data-state', /checking|pending|done/);
    await expect(page.getByTestId(testIds.withdrawError)).toBeHidden();
    await expect(status(page)).toHaveAttribute('data-state', 'done', { timeout: 10_000 });
    await expect(page.getByTestId(testIds.withdrawIntent)).toContainText('300.00');
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeEnabled();
    expect(counter.sends).toBe(1);
    expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 300, status: 'completed' })]);
  });
}

test('a withdrawal that times out after the server booked it is checked by the clock, never sent twice', async ({ page }) => {
  const member = await openWithdraw(page, '300', { clock: true });
  const counter = countSends(page);
  // The server books it, then holds the reply far beyond the client's 12 s timeout.
  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', afterCommit: true, delayMs: 60_000 });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/ufaWithdraw'));
  await page.getByTestId(testIds.withdrawSubmit).click();
  await sent;
  await expect(status(page)).toHaveAttribute('data-state', 'sending');
  // The client's timeout only once the server has booked it: moved earlier, the page would abort a request the
  // server had not read yet, which is another case (nothing booked).
  await expect.poll(async () => (await withdrawals(page, member)).length).toBe(1);
  await page.clock.fastForward(31_000);
  await expect(status(page)).toHaveAttribute('data-state', /checking|pending/);
  await expect(page.getByTestId(testIds.withdrawError)).toBeHidden();
  await expect.poll(async () => (await withdrawals(page, member))[0]?.status).toBe('completed');
  await page.clock.fastForward(4_000);
  await expect(status(page)).toHaveAttribute('data-state', 'done');
  expect(counter.sends).toBe(1);
  expect(await withdrawals(page, member)).toHaveLength(1);
});

test('a 500 before the server booked anything is never "not made": "check again" asks, the same key goes again, and one withdrawal is booked', async ({
  page,
}) => {
  // The page's clock stands still unless moved: only the press of "check again" may ask, not the 4 s check.
  const member = await openWithdraw(page, '250', { clock: true });
  const keys = idempotencyKeys(page);
  const checks: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/checkWithdraw')) checks.push(r.url());
  });
  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', status: 500 });
  await simPost(page.request, '/__sim/faults', { route: 'checkWithdraw', status: 503, times: 20 });
  await page.getByTestId(testIds.withdrawSubmit).click();
  await expect(status(page)).toHaveAttribute('data-state', 'checking');
  await holdClock(page);
  const checkAgain = page.getByTestId(testIds.withdrawRetry);
  // The checks' retries run on the page's clock: move it on until they give up and offer "check again". Each step
  // leaves the page time to show an answer, so a slow runner does not move the clock on past "check again" and
  // into the 4 s check behind it.
  await stepClockUntil(page, 2_000, (lookMs) => expect(checkAgain).toBeVisible({ timeout: lookMs }));
  await expect(page.getByTestId(testIds.withdrawSubmit)).toBeDisabled();
  await expect(page.getByTestId(testIds.withdrawError)).toBeHidden();
  expect(await withdrawals(page, member)).toEqual([]);

  await page.request.delete(`${SIM_URL}/__sim/faults`);
  const before = checks.length;
  await checkAgain.click();
  // Nothing pending and nothing in the history does not say the 500 came before the booking: the same key is sent
  // again, and the server books it (once) or answers what it did with it.
  await stepClockUntil(page, 1_000, (lookMs) => expect(status(page)).toHaveAttribute('data-state', /pending|done/, { timeout: lookMs }));
  expect(checks.length).toBeGreaterThan(before);
  expect(keys).toHaveLength(2);
  expect(new Set(keys).size).toBe(1);
  await page.clock.resume();
  await expect(status(page)).toHaveAttribute('data-state', 'done', { timeout: 10_000 });
  await expect(page.getByTestId(testIds.withdrawError)).toBeHidden();
  expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 250, status: 'completed' })]);
});

/**
 * A bank that takes its time: the reply comes 6 s, 15 s or 20 s after the request, the last while its page's clock passes
 * the send's 30 s timeout (the simulator holds each before processing it). The member presses again meanwhile with another amount. Each page records every withdraw error
 * and status it ever shows, so a "not made" that flashed for a moment is caught too.
 */
test('a slow withdrawal (6 s, 15 s, and one past the send\'s 30 s timeout) is "being processed" until the server answers: a second submit sends nothing, one entry is booked, and "not made" is never said', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // The last is held 20 s at the server while its page's clock is moved past the send's 30 s timeout: from the page's
  // side it answers after about 50 s, past the timeout and the resend of its key, without the test waiting that long.
  const delays = [6_000, 15_000, 20_000];
  const pastTimeout = (i: number) => i === delays.length - 1;
  const pages: Page[] = [page];
  for (let i = 1; i < delays.length; i++) pages.push(await (await browser.newContext()).newPage());
  const runs = await Promise.all(
    delays.map(async (delayMs, i) => {
      const p = pages[i]!;
      await recordWithdrawScreen(p);
      // The last outlasts the send's 30 s timeout: the page's clock is moved past it instead of waited for.
      const member = await openWithdraw(p, '200', { clock: pastTimeout(i) });
      return { p, member, delayMs, keys: idempotencyKeys(p), resent: pastTimeout(i) };
    }),
  );
  const since = new Date().toISOString();
  // One held request per page, in order: each page's send takes its own fault.
  for (const run of runs) {
    await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', delayMs: run.delayMs });
    await run.p.getByTestId(testIds.withdrawSubmit).click();
    await expect
      .poll(async () => ((await (await page.request.get(`${SIM_URL}/__sim/faults`)).json()) as { faults: unknown[] }).faults.length)
      .toBe(0);
  }
  for (const { p } of runs) {
    await expect(status(p)).toHaveAttribute('data-state', 'sending');
    // The second intent: another amount, and Enter, and the button.
    await expect(p.getByTestId(testIds.withdrawAmount)).toHaveValue('200');
    await p.getByTestId(testIds.withdrawAmount).press('Enter');
    await p.getByTestId(testIds.withdrawSubmit).dispatchEvent('click');
    await expect(p.getByTestId(testIds.withdrawSubmit)).toBeDisabled();
  }
  const slowest = runs.at(-1)!;
  await slowest.p.clock.fastForward(31_000);
  await Promise.all(runs.map(({ p }) => expect(status(p)).toHaveAttribute('data-state', 'done', { timeout: 75_000 })));
  // The held request reaches the server last, after the page sent the key again and it was booked.
  const answered = async () => (await recordedRequests(page.request, '/api/ufaWithdraw')).filter((r) => r.time >= since).length;
  await expect.poll(answered, { timeout: 75_000 }).toBeGreaterThanOrEqual(runs.length + 1);
  for (const run of runs) {
    expect(await withdrawals(run.p, run.member)).toEqual([expect.objectContaining({ amount: 200, status: 'completed' })]);
    const { errors, states } = await withdrawScreenSeen(run.p);
    expect(errors, `${run.delayMs} ms`).toEqual([]);
    // From the press on, the form only ever showed the withdrawal on its way or taken: never an idle form again.
    const after = states.slice(states.indexOf('sending'));
    expect(
      after.every((state) => ['sending', 'checking', 'pending', 'done'].includes(state)),
      `${run.delayMs} ms: ${after.join(' → ')}`,
    ).toBe(true);
    expect(after.at(-1)).toBe('done');
    expect(new Set(run.keys).size, `${run.delayMs} ms`).toBe(1);
    expect(run.keys.length, `${run.delayMs} ms`).toBe(run.resent ? 2 : 1);
  }
});

test('a reply held after the commit: the toast, the form and the status agree, and the late reply changes nothing', async ({ page }) => {
  const member = await openWithdraw(page, '200');
  // The settlement (and its MemberTrans) comes 1.5 s after the commit; the reply 5 s after.
  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', afterCommit: true, delayMs: 5_000 });
  const joined = page.waitForRequest((r) => r.url().endsWith('/api/member/broadcasting/auth'), { timeout: 10_000 });
  await page.reload();
  await joined;
  await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
  await page.getByTestId(testIds.withdrawAmount).fill('200');
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/ufaWithdraw'), { timeout: 15_000 });
  await page.getByTestId(testIds.withdrawSubmit).click();
  await expect(toast(page)).toBeVisible({ timeout: 8_000 });
  await expect(status(page)).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId(testIds.withdrawSubmit)).toBeEnabled();
  await reply;
  await expect(status(page)).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId(testIds.withdrawError)).toBeHidden();
  expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 200, status: 'completed' })]);
});

test('a reload while a withdrawal is unresolved resumes it: a new submit is held back, and the ledger has one entry', async ({ page }) => {
  const member = await openWithdraw(page, '300', { clock: true });
  const counter = countSends(page);
  const checks = followRequests(page, (url) => new URL(url).pathname === '/api/checkWithdraw');
  await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', afterCommit: true, delayMs: 60_000 });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/ufaWithdraw'));
  await page.getByTestId(testIds.withdrawSubmit).click();
  await sent;
  // The check after the reload cannot reach the server for a while.
  await simPost(page.request, '/__sim/faults', { route: 'checkWithdraw', status: 503, times: 50 });
  await page.reload();
  // UFA is the selected account, and its select is locked while its withdrawal is unresolved.
  await expect(page.getByTestId(testIds.withdrawAccount)).toHaveValue('UFA');
  await expect(page.getByTestId(testIds.withdrawAccount)).toBeDisabled();
  await expect(status(page)).toHaveAttribute('data-state', 'checking');
  await holdClock(page);
  await expect(page.getByTestId(testIds.withdrawIntent)).toContainText('300.00');
  await expect(page.getByTestId(testIds.withdrawSubmit)).toBeDisabled();
  // Enter in the amount is the other way to submit: it is held back too.
  await page.getByTestId(testIds.withdrawAmount).press('Enter');

  const checkAgain = page.getByTestId(testIds.withdrawRetry);
  await stepClockUntil(page, 2_000, (lookMs) => expect(checkAgain).toBeVisible({ timeout: lookMs }));

  // A check the last step sent and still on its way would meet the server back and settle the withdrawal before the
  // member's own check: the server comes back once none is (with the page's clock held no new check starts).
  await expect.poll(() => checks.inFlight).toBe(0);
  await expect(checkAgain).toBeVisible();
  await page.request.delete(`${SIM_URL}/__sim/faults`);
  await checkAgain.click();
  await stepClockUntil(page, 1_000, (lookMs) => expect(status(page)).toHaveAttribute('data-state', /pending|done/, { timeout: lookMs }));
  // Then the 4 s check follows it to the end.
  await stepClockUntil(page, 4_000, (lookMs) => expect(status(page)).toHaveAttribute('data-state', 'done', { timeout: lookMs }), {
    lookMs: 250,
    timeout: 10_000,
  });
  expect(counter.sends).toBe(1);
  expect(await withdrawals(page, member)).toEqual([expect.objectContaining({ amount: 300, status: 'completed' })]);
});

test('a switch of main account whose reply and read-back are both lost says it is being checked, never "failed", and shows the switch once the server answers', async ({
  page,
}) => {
  const member = await createMember(page.request, 'os39');
  await page.clock.install();
  await new LoginPage(page, 'os39').logInAndLand(member.phone, member.password);
  const mainBadge = (service: string) => page.locator(`[data-service="${service}"] [data-testid="${testIds.gameMainBadge}"]`);
  await expect(mainBadge('UFA')).toBeVisible();
  const switches: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/switchMain')) switches.push(r.url());
  });
  await simPost(page.request, '/__sim/faults', { route: 'switchMain', afterCommit: true, delayMs: 60_000 });
  await simPost(page.request, '/__sim/faults', { route: 'getProfile', status: 503, times: 50 });
  const serverMain = async () => {
    const state = (await (await page.request.get(`${SIM_URL}/__sim/provider-state`)).json()) as {
      accounts: Array<{ gameuser: string; main: boolean }>;
    };
    return state.accounts.find((a) => member.games.some((g) => g.game_user === a.gameuser) && a.main)?.gameuser;
  };
  const gclub = member.games.find((g) => g.service === 'GCLUB')!;
  const message = page.getByTestId(testIds.gamesMessage);
  await page.getByTestId(testIds.switchMain).click();
  await expect.poll(() => switches.length).toBe(1);
  // The client's timeout only once the server has switched (moved earlier, the page would abort a request the
  // server had not read yet).
  await expect.poll(serverMain).toBe(gclub.game_user);
  await page.clock.fastForward(31_000);
  // Neither the switch nor the re-read answered: the screen says it is checking (a status, not an alert), keeps the
  // main it knew, and takes no second press. The re-read's retries wait on the page's clock, so the clock is moved
  // through them rather than waited for in real time.
  await stepClockUntil(page, 2_000, (lookMs) => expect(message).toContainText('กำลังตรวจสอบ', { timeout: lookMs }), {
    lookMs: 250,
    timeout: 15_000,
  });
  await expect(message).toHaveAttribute('role', 'status');
  await expect(mainBadge('UFA')).toBeVisible();
  await expect(page.getByTestId(testIds.switchMain)).toBeDisabled();
  expect(await serverMain()).toBe(gclub.game_user);

  // The server answers again: the read-back, on its own, finds GCLUB main and says the switch was made.
  await page.request.delete(`${SIM_URL}/__sim/faults`);
  await stepClockUntil(page, 4_000, (lookMs) => expect(mainBadge('GCLUB')).toBeVisible({ timeout: lookMs }), {
    lookMs: 500,
    timeout: 30_000,
  });
  await expect(mainBadge('UFA')).toHaveCount(0);
  await expect(message).toContainText('เปลี่ยนบัญชีหลักเรียบร้อยแล้ว');
  expect(switches).toHaveLength(1);
  expect(await serverMain()).toBe(gclub.game_user);
});

test('a switch of main account answered 500 after the server switched is read back as switched', async ({ page }) => {
  const member = await createMember(page.request, 'os39');
  await new LoginPage(page, 'os39').logInAndLand(member.phone, member.password);
  const mainBadge = (service: string) => page.locator(`[data-service="${service}"] [data-testid="${testIds.gameMainBadge}"]`);
  await expect(mainBadge('UFA')).toBeVisible();
  await simPost(page.request, '/__sim/faults', { route: 'switchMain', afterCommit: true, status: 500 });
  await page.getByTestId(testIds.switchMain).click();
  await expect(mainBadge('GCLUB')).toBeVisible();
  await expect(mainBadge('UFA')).toHaveCount(0);
});
