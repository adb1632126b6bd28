import type { APIRequestContext, Page } from '@playwright/test';
import type { SimSocketsReply } from '@member/member-api-sim/control-types';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { balanceOf } from '../support/games';
import { LoginPage } from '../support/login-page';
import { createMember, simPost, SIM_URL, type TestMember } from '../support/sim';

// Socket faults (closing, refusing) are global to the simulator: this file runs in the faults project, one test at a time.
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await request.post(`${SIM_URL}/__sim/socket/refuse`, { data: { code: null } });
});

const toast = (page: Page) => page.getByTestId(testIds.memberToast);
const notice = (page: Page) => page.getByTestId(testIds.liveUpdatesNotice);

/** The simulator's sockets subscribed to this member's channel. */
async function memberSockets(request: APIRequestContext, cid: number): Promise<string[]> {
  const response = await request.get(`${SIM_URL}/__sim/sockets`);
  expect(response.ok()).toBe(true);
  const { sockets } = (await response.json()) as SimSocketsReply;
  return sockets.filter((s) => s.channels.includes(`private-member.${cid}`)).map((s) => s.socket_id);
}

/** Waits until the member's channel is subscribed on a socket other than `previous`; returns that socket's id. */
async function listeningOn(request: APIRequestContext, cid: number, previous?: string): Promise<string> {
  let socketId = '';
  await expect
    .poll(
      async () => {
        socketId = (await memberSockets(request, cid)).find((id) => id !== previous) ?? '';
        return socketId;
      },
      { timeout: 15_000, message: `member ${cid} subscribed${previous ? ` on a socket other than ${previous}` : ''}` },
    )
    .not.toBe('');
  return socketId;
}

async function logInAndListen(page: Page, request: APIRequestContext, prefix: string): Promise<{ member: TestMember; socketId: string }> {
  const member = await createMember(request, prefix);
  await new LoginPage(page, prefix).logInAndLand(member.phone, member.password);
  return { member, socketId: await listeningOn(request, member.cid) };
}

const ufaOf = (member: TestMember) => member.games.find((g) => g.service === 'UFA')!;

for (const [code, prefix] of [
  [1006, 'pre8'],
  [4200, 'os39'],
] as const) {
  test(`${prefix}: a socket closed with ${code} comes back by itself and the next deposit's toast shows`, async ({ page, request }) => {
    const { member, socketId } = await logInAndListen(page, request, prefix);
    expect(await simPost(request, '/__sim/socket/drop', { memberId: member.cid, code })).toEqual({ ok: true, dropped: 1 });
    await listeningOn(request, member.cid, socketId);
    const sent = (await simPost(request, '/__sim/deposit', { prefix, phone: member.phone, service: 'UFA', amount: 120 })) as {
      delivered: number;
    };
    expect(sent.delivered).toBe(1);
    await expect(toast(page)).toBeVisible();
    await expect(toast(page)).toContainText(ufaOf(member).game_user);
    await expect(toast(page)).toContainText('ฝากเงินสำเร็จ');
    await expect(notice(page)).toHaveCount(0);
  });
}

test('bkmc: refused with 4001, the member is told live updates are off, balances keep coming by polling, and live updates return when the server lets us back', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const { member } = await logInAndListen(page, request, 'bkmc');
  const ufa = ufaOf(member);
  await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');

  await simPost(request, '/__sim/socket/refuse', { code: 4001, reason: 'Application disabled' });
  expect(await simPost(request, '/__sim/socket/drop', { memberId: member.cid, code: 4001, reason: 'Application disabled' })).toEqual({
    ok: true,
    dropped: 1,
  });
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).toHaveAttribute('data-state', 'off');
  await expect(page.getByRole('status').filter({ hasText: 'การอัปเดตแบบเรียลไทม์ปิดอยู่' })).toBeVisible();

  // The 60 s balance poll does not depend on the socket.
  await simPost(request, '/__sim/balance', { gameuser: ufa.game_user, balance: 1234.5 });
  const credit = page.waitForResponse((r) => r.url().endsWith('/api/ufaCredit') && r.ok());
  await page.clock.fastForward(60_000);
  await credit;
  await expect(balanceOf(page, 'UFA')).toContainText('1,234.50');
  // Still refused: retries (every 30-60 s) meet the refusal and the notice stays.
  await expect(notice(page)).toBeVisible();
  expect(await memberSockets(request, member.cid)).toEqual([]);

  await simPost(request, '/__sim/socket/refuse', { code: null });
  await expect
    .poll(
      async () => {
        // Move the page's clock on until its next slow retry; the subscription itself takes real milliseconds.
        await page.clock.fastForward(10_000);
        return (await memberSockets(request, member.cid)).length;
      },
      { timeout: 20_000, intervals: [250] },
    )
    .toBe(1);
  await expect(notice(page)).toHaveCount(0);
  await simPost(request, '/__sim/deposit', { prefix: 'bkmc', phone: member.phone, service: 'GCLUB', amount: 90 });
  await expect(toast(page)).toBeVisible();
  await expect(toast(page)).toContainText('ฝากเงินสำเร็จ');
});

test('sm88: 30 s offline shows the offline notice; back online it goes, the socket is back, balances are fetched, and the member is still logged in', async ({
  page,
  context,
  request,
}) => {
  await page.clock.install();
  const { member, socketId } = await logInAndListen(page, request, 'sm88');
  const ufa = ufaOf(member);
  await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
  await page.getByTestId(testIds.localeSwitch).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await context.setOffline(true);
  await expect(notice(page)).toHaveAttribute('data-state', 'offline');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await simPost(request, '/__sim/balance', { gameuser: ufa.game_user, balance: 4321 });
  // 30 s offline: a session check fails on the network in between, which is not a logout.
  await page.clock.fastForward(30_000);
  await expect(notice(page)).toHaveAttribute('data-state', 'offline');

  const credit = page.waitForResponse((r) => r.url().endsWith('/api/ufaCredit') && r.ok());
  await context.setOffline(false);
  await expect(notice(page)).toHaveCount(0);
  await listeningOn(request, member.cid, socketId);
  await credit;
  await expect(balanceOf(page, 'UFA')).toContainText('4,321.00');
  await expect(page).toHaveURL(/\/profile\?prefix=sm88$/);
  expect((await context.cookies()).some((c) => c.name === 'token-sm88' && c.value.length > 8)).toBe(true);
  await simPost(request, '/__sim/deposit', { prefix: 'sm88', phone: member.phone, service: 'UFA', amount: 50 });
  await expect(toast(page)).toContainText('deposit received');
});
