import { SITES } from '../support/sites';
import { testIds } from '@member/shared-core/test-ids';
import type { Page } from '@playwright/test';
import { expect, holdRequests, test } from '../support/fixtures';
import { LoginPage } from '../support/login-page';
import { logInWithCookies, openInApp, openMemberPage } from '../support/session';
import { createMember, ledgerOf, recordedRequests, simPost, SIM_URL } from '../support/sim';
import { balanceOf } from '../support/games';
import { followRequests } from '../support/followed-requests';
import { pagesRepresentedBy } from '../support/site-looks';

// The simulator's faults are global, so this file runs alone, after the site projects, one test at a time.
test.describe.configure({ mode: 'serial' });

const allSites = SITES;
const site = (key: string) => allSites.find((s) => s.key === key)!;
/** One site for each look of the login page. */
const loginLooks = allSites.filter((s) => pagesRepresentedBy(allSites, s.key).has('login')).map((s) => s.key);

/** A member of its own on `prefix`, logged in (see support/session.ts). */
async function loggedIn(page: Page, prefix: string) {
  const member = await createMember(page.request, prefix);
  await logInWithCookies(page, site(prefix), member);
  return member;
}

test.afterEach(async ({ request }) => {
  await request.delete(`${SIM_URL}/__sim/faults`);
});

for (const prefix of loginLooks) {
  test(`${prefix}: a login reply that does not decrypt is a clear error, and the app stays usable`, async ({ page, context }) => {
    const member = await createMember(page.request, prefix);
    const login = new LoginPage(page, prefix);
    await login.open();
    await simPost(page.request, '/__sim/faults', { route: 'phoneLogin', body: 'undecryptable', times: 1 });
    await login.logIn(member.phone, member.password);
    await expect(login.error()).toHaveText('ไม่สามารถอ่านข้อมูลจากเซิร์ฟเวอร์ได้ กรุณาลองใหม่');
    expect((await context.cookies()).some((c) => c.name === `token-${prefix}`)).toBe(false);
    await page.getByTestId(testIds.loginSubmit).click();
    await expect(page).toHaveURL(/\/profile/);
  });
}

test('a login reply that is not JSON says so', async ({ page }) => {
  const login = new LoginPage(page, 'os39');
  await login.open();
  await simPost(page.request, '/__sim/faults', { route: 'phoneLogin', body: 'malformed', times: 1 });
  await login.logIn('0812345678', 'demo1234');
  await expect(login.error()).toHaveText('ได้รับข้อมูลที่ไม่ถูกต้องจากเซิร์ฟเวอร์ กรุณาลองใหม่');
});

test('a login the server never answers: after 3 s the member is told it is slow, after 30 s that it timed out; one request', async ({
  page,
}) => {
  await page.clock.install();
  const login = new LoginPage(page, 'pre8');
  await login.open();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/phoneLogin')) sent.push(r.method());
  });
  await simPost(page.request, '/__sim/faults', { route: 'phoneLogin', delayMs: 60_000, times: 1 });
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/phoneLogin'));
  await login.logIn('0812345678', 'demo1234');
  await asked;
  // Enter while the first attempt is still waiting must not send a second one.
  await page.getByTestId(testIds.loginPassword).press('Enter');
  await page.clock.fastForward(3_000);
  await expect(page.getByTestId(testIds.loginSlow)).toContainText('ระบบตอบสนองช้า');
  await expect(login.error()).toBeHidden();
  // Slow is not down: only past 30 s of the page's own time does it give up.
  await page.clock.fastForward(27_000);
  await expect(login.error()).toHaveText('เซิร์ฟเวอร์ตอบสนองช้าเกินไป กรุณาลองใหม่');
  await expect(page.getByTestId(testIds.loginCancel)).toHaveCount(0);
  expect(sent).toEqual(['POST']);
});

test('a slow login can be stopped: the form is back with what was typed, and the late answer logs nobody in', async ({ page, context }) => {
  const member = await createMember(page.request, 'os39');
  await page.clock.install();
  const login = new LoginPage(page, 'os39');
  await login.open();
  await simPost(page.request, '/__sim/faults', { route: 'phoneLogin', delayMs: 6_000, times: 1 });
  const since = new Date().toISOString();
  await login.logIn(member.phone, member.password);
  await page.clock.fastForward(3_000);
  await page.getByTestId(testIds.loginCancel).click();
  await expect(login.error()).toHaveText('หยุดรอแล้ว ลองใหม่ได้เมื่อพร้อม');
  await expect(page.getByTestId(testIds.loginSubmit)).toBeEnabled();
  await expect(page.getByTestId(testIds.loginPassword)).toHaveValue(member.password);
  // The server still logs the member in, 6 s later; the page stopped waiting for that answer and stays a guest.
  await expect
    .poll(async () => (await recordedRequests(page.request, 'phoneLogin')).filter((r) => r.time >= since).length, { timeout: 15_000 })
    .toBe(1);
  await expect(page).toHaveURL(/\/login/);
  expect((await context.cookies()).find((c) => c.name === 'token-os39')).toBeUndefined();
});

/**
 * An operator that takes 10 s to answer the login and the session check (the two calls a slow API used to break):
 * the member logs in (told it is slow meanwhile), and a reload's session check waits for its one getProfile instead
 * of giving up, saying it is slow and offering to stop.
 */
test('an operator taking 10 s a call is slow, not down: the login and the session check go through, one request each', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await createMember(page.request, 'bkmc');
  const login = new LoginPage(page, 'bkmc');
  await login.open();
  const calls = { phoneLogin: 0, getProfile: 0 };
  page.on('request', (r) => {
    const route = new URL(r.url()).pathname.replace('/api/', '');
    if (route === 'phoneLogin' || route === 'getProfile') calls[route] += 1;
  });
  await simPost(page.request, '/__sim/faults', { route: 'phoneLogin', delayMs: 10_000, times: 1 });
  await login.logIn(member.phone, member.password);
  await expect(page.getByTestId(testIds.loginSlow)).toContainText('ระบบตอบสนองช้า', { timeout: 8_000 });
  await expect(page).toHaveURL(/\/profile\?prefix=bkmc$/, { timeout: 20_000 });
  expect(calls.phoneLogin).toBe(1);

  await simPost(page.request, '/__sim/faults', { route: 'getProfile', delayMs: 10_000, times: 1 });
  const before = calls.getProfile;
  await page.reload();
  const notice = page.getByTestId(testIds.sessionCheckNotice);
  await expect(notice).toHaveAttribute('data-phase', 'slow', { timeout: 8_000 });
  await expect(page.getByTestId(testIds.sessionCheckCancel)).toBeVisible();
  await expect(balanceOf(page, 'UFA')).toBeVisible({ timeout: 20_000 });
  await expect(notice).toHaveCount(0);
  expect(calls.getProfile - before).toBe(1);
});

test('a slow session check can be stopped: the member is still logged in, and Retry brings the page', async ({ page, context }) => {
  await loggedIn(page, 'ufkk');
  await page.clock.install();
  await page.goto('/profile?prefix=ufkk');
  await expect(balanceOf(page, 'UFA')).toBeVisible();
  await simPost(page.request, '/__sim/faults', { route: 'getProfile', delayMs: 60_000, times: 1 });
  await page.reload();
  await page.clock.fastForward(3_000);
  await page.getByTestId(testIds.sessionCheckCancel).click();
  const notice = page.getByTestId(testIds.sessionCheckNotice);
  await expect(notice).toHaveAttribute('data-phase', 'unreachable');
  await expect(notice).toContainText('คุณยังอยู่ในระบบ');
  expect((await context.cookies()).find((c) => c.name === 'token-ufkk')).toBeDefined();
  await page.getByTestId(testIds.sessionCheckRetry).click();
  await expect(balanceOf(page, 'UFA')).toBeVisible();
});

test('a 401 mid-session logs out once, without a retry storm', async ({ page }) => {
  await page.clock.install();
  await loggedIn(page, 'sm88');
  await openMemberPage(page, '/profile?prefix=sm88');
  const verifiesBefore = (await recordedRequests(page.request, 'verify')).length;
  const logoutsBefore = (await recordedRequests(page.request, 'logout')).length;
  await simPost(page.request, '/__sim/faults', { route: 'verify', status: 401, times: 5 });
  await page.clock.fastForward(20_000);
  await page.clock.fastForward(2_000);
  await expect(page).toHaveURL(/\/login\?prefix=sm88$/);
  await page.clock.fastForward(60_000);
  expect((await recordedRequests(page.request, 'verify')).length).toBe(verifiesBefore + 1);
  expect((await recordedRequests(page.request, 'logout')).length).toBe(logoutsBefore);
});

test('a verify that fails on the network keeps the session (a blip is not a logout)', async ({ page }) => {
  await page.clock.install();
  await loggedIn(page, 'ufkk');
  await openMemberPage(page, '/profile?prefix=ufkk');
  await simPost(page.request, '/__sim/faults', { route: 'verify', status: 503, times: 1 });
  await page.clock.fastForward(20_000);
  await page.clock.fastForward(2_000);
  await expect(page).toHaveURL(/\/profile/);
  await page.clock.fastForward(20_000);
  await page.reload();
  await expect(page).toHaveURL(/\/profile/);
});

test.describe('providers', () => {
  test.afterEach(async ({ request }) => {
    await request.post(`${SIM_URL}/__sim/maintenance`, { data: { provider: 'GCLUB', on: false } });
    await request.post(`${SIM_URL}/__sim/maintenance`, { data: { provider: 'UFA', on: false } });
    await request.post(`${SIM_URL}/__sim/switch-main/refuse`, { data: { times: 0 } });
  });

  test('the maintenance dialog shows for the selected provider only, in Thai and English', async ({ page }) => {
    await loggedIn(page, 'pre8');
    await simPost(page.request, '/__sim/maintenance', { provider: 'GCLUB', on: true });
    await page.goto('/profile?prefix=pre8');
    // UFA is selected: GCLUB's maintenance says nothing yet.
    await expect(page.locator('[data-service="UFA"] [data-testid="game-balance"]')).toContainText('8,250.00');
    await expect(page.getByTestId(testIds.maintenanceDialog)).toHaveCount(0);
    await page.getByTestId(testIds.switchAccount).click();
    const dialog = page.getByTestId(testIds.maintenanceDialog);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('แจ้งเตือน');
    await expect(dialog).toContainText('ปิดปรับปรุง');
    await expect(dialog.getByRole('button', { name: 'ยืนยัน' })).toBeFocused();
    await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByTestId(testIds.localeSwitch).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId(testIds.switchAccount).click();
    await expect(page.getByTestId(testIds.maintenanceDialog)).toHaveCount(0);
    await page.getByTestId(testIds.switchAccount).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Warning!');
    await expect(dialog).toContainText('Gclub Maintain');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  });

  test('a maintenance a page finds is told once per visit, in each theme; a switch to that provider or a tap on its game says it again', async ({
    page,
    context,
  }) => {
    // Pages in each theme: more than the 30 s a one-page test is given, on a loaded two-core runner.
    test.setTimeout(60_000);
    await simPost(page.request, '/__sim/maintenance', { provider: 'GCLUB', on: true });
    // Every dialog the pages open, counted as it appears.
    await page.addInitScript((id) => {
      const w = window as unknown as { __dialogs: number };
      w.__dialogs = 0;
      let open = false;
      new MutationObserver(() => {
        const now = document.querySelector(`[data-testid="${id}"]`) !== null;
        if (now && !open) w.__dialogs += 1;
        open = now;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    }, testIds.maintenanceDialog);
    const dialogs = () => page.evaluate(() => (window as unknown as { __dialogs: number }).__dialogs);
    const dialog = page.getByTestId(testIds.maintenanceDialog);
    for (const prefix of ['pre8', 'os39', 'bkmc']) {
      await test.step(prefix, async () => {
        await loggedIn(page, prefix);
        // GCLUB is the selected account.
        await context.addCookies([{ name: `selected-game-${prefix}`, value: 'GCLUB', domain: 'localhost', path: '/' }]);
        await page.goto(`/profile?prefix=${prefix}`);
        await expect(dialog).toContainText('ปิดปรับปรุง');
        await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
        await expect(dialog).toHaveCount(0);

        // A reload and another page find the same maintenance: not told again.
        const checked = page.waitForResponse((r) => r.url().endsWith('/api/gclubMaintain'));
        await page.reload();
        await checked;
        await expect(balanceOf(page, 'UFA')).toBeVisible();
        await page.goto(`/slot?prefix=${prefix}`);
        await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
        expect(await dialogs()).toBe(0);
        // A tap on a GCLUB game says it, every time.
        await page.getByTestId(testIds.gameTile).first().getByRole('button').first().click();
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
        await expect(dialog).toHaveCount(0);
        expect(await dialogs()).toBe(1);
        await context.clearCookies();
      });
    }
  });

  test('a refused switch of main account changes nothing', async ({ page }) => {
    const member = await loggedIn(page, 'os39');
    await page.goto('/profile?prefix=os39');
    await simPost(page.request, '/__sim/switch-main/refuse', { times: 1 });
    await page.getByTestId(testIds.switchMain).click();
    await expect(page.getByTestId(testIds.gamesMessage)).toContainText('ไม่สามารถเปลี่ยนบัญชีหลักได้ในขณะนี้');
    await expect(page.locator('[data-service="UFA"] [data-testid="game-main-badge"]')).toBeVisible();
    const state = (await (await page.request.get(`${SIM_URL}/__sim/provider-state`)).json()) as {
      accounts: Array<{ gameuser: string; main: boolean }>;
    };
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    expect(state.accounts.find((a) => a.gameuser === ufa.game_user)?.main).toBe(true);
  });
});

test.describe('money under faults', () => {
  test('a withdrawal answered 500 after committing shows "checking", and the retry makes no second entry', async ({ page }) => {
    await page.clock.install();
    const member = await loggedIn(page, 'bkmc');
    const calls = followRequests(page, (url) => url.endsWith('/api/ufaWithdraw'));
    await page.goto('/withdraw?prefix=bkmc');
    await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
    await page.getByTestId(testIds.withdrawAmount).fill('300');
    await simPost(page.request, '/__sim/faults', { route: 'ufaWithdraw', status: 500, afterCommit: true, times: 1 });
    // The first check after the 500 is held, so the form stays on "checking" until the member has pressed "check again".
    const release = await holdRequests(page, '**/api/checkWithdraw', { times: 1 });
    await page.getByTestId(testIds.withdrawSubmit).click();
    await expect(page.getByTestId(testIds.withdrawStatus)).toHaveAttribute('data-state', 'checking');
    await expect(page.getByTestId(testIds.withdrawError)).toBeHidden();
    await page.getByTestId(testIds.withdrawRetry).click();
    release();
    // Ten seconds of the page's time (its pending check runs every 4 s) for anything it would send later,
    // and every withdraw call it sent answered: a second withdrawal would be in the ledger by now.
    await page.clock.runFor(10_000);
    await expect.poll(() => calls.inFlight).toBe(0);
    expect(calls.sent).toBeGreaterThanOrEqual(1);
    const entries = (await ledgerOf(page.request, 'bkmc', member.phone)).filter((e) => e.type === 'withdraw');
    expect(entries).toHaveLength(1);
  });

  test('a javascript: launch link is refused and nothing opens', async ({ page }) => {
    await loggedIn(page, 'os39');
    await page.goto('/slot?prefix=os39');
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', 'https://evil.example/']) {
      await simPost(page.request, '/__sim/launch-url', { url });
      await page.getByTestId(testIds.gameTile).first().getByRole('button').first().click();
      await expect(page.getByTestId(testIds.lobbyLaunchError)).toBeVisible();
      await expect(page).toHaveURL(/\/slot/);
    }
  });

  test('a malformed game list keeps the last good list and says so', async ({ page }) => {
    await loggedIn(page, 'pre8');
    // The app's lobby, once it is the only one (a lobby drawn in the HTML is replaced by it).
    await openInApp(page, '/slot?prefix=pre8');
    await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
    const first = await page.getByTestId(testIds.gameTile).first().getAttribute('data-game-id');
    await simPost(page.request, '/__sim/faults', { route: 'gclubGame', body: 'malformed', times: 3 });
    await page.locator(`[data-testid="${testIds.lobbyBrand}"][data-code="JILI"]`).click();
    await expect(page.getByTestId(testIds.lobbyNotice)).toBeVisible();
    await expect(page.getByTestId(testIds.gameTile).first()).toHaveAttribute('data-game-id', first ?? '');
  });

  test('a lobby opened by its address whose list (asked for beside the session check) fails says so; a reload shows the list', async ({
    page,
  }) => {
    await loggedIn(page, 'pre8');
    await simPost(page.request, '/__sim/faults', { route: 'gclubGame', body: 'malformed', times: 1 });
    await page.goto('/slot?prefix=pre8&brand=PP');
    await expect(page.getByTestId(testIds.lobbyNotice)).toBeVisible();
    await expect(page.getByTestId(testIds.gameTile)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId(testIds.gameTile).first()).toHaveAttribute('data-game-id', /^PP-/);
    await expect(page.getByTestId(testIds.lobbyNotice)).toHaveCount(0);
  });

  test('a launch while GCLUB is under maintenance shows the maintenance dialog', async ({ page }) => {
    await loggedIn(page, 'sm88');
    await page.goto('/slot?prefix=sm88');
    await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
    await simPost(page.request, '/__sim/maintenance', { provider: 'GCLUB', on: true });
    await page.getByTestId(testIds.gameTile).first().getByRole('button').first().click();
    await expect(page.getByTestId(testIds.maintenanceDialog)).toContainText('ปิดปรับปรุง');
    await simPost(page.request, '/__sim/maintenance', { provider: 'GCLUB', on: false });
  });
});
