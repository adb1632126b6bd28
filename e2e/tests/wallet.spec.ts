import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { LoginPage } from '../support/login-page';
import { balanceOf } from '../support/games';
import { createMember, simPost, SIM_URL, type TestMember } from '../support/sim';

interface LedgerEntry {
  gameuser: string;
  type: 'deposit' | 'withdraw';
  amount: number;
  status: string;
}

async function ledger(page: Page, prefix: string, phone: string): Promise<LedgerEntry[]> {
  const response = await page.request.get(`${SIM_URL}/__sim/ledger?prefix=${prefix}&phone=${phone}`);
  return ((await response.json()) as { entries: LedgerEntry[] }).entries;
}

/** Logs in and waits until the private channel is joined (3 s after mount, SPEC §4). */
async function loggedInAndListening(page: Page, prefix: string): Promise<TestMember> {
  const member = await createMember(page.request, prefix);
  const joined = page.waitForRequest((r) => r.url().endsWith('/api/member/broadcasting/auth'), { timeout: 10_000 });
  await new LoginPage(page, prefix).logInAndLand(member.phone, member.password);
  await joined;
  await page.waitForTimeout(300);
  return member;
}

const toast = (page: Page) => page.getByTestId('member-toast');

/** Opens a page and waits until the private channel is joined again (a page load subscribes 3 s after mount). */
async function openListening(page: Page, path: string) {
  const joined = page.waitForRequest((r) => r.url().endsWith('/api/member/broadcasting/auth'), { timeout: 10_000 });
  await page.goto(path);
  await joined;
  await page.waitForTimeout(300);
}

test.describe('deposit and live events', () => {
  test('a deposit shows the toast within a second and the new balance', async ({ page, site }) => {
    const member = await loggedInAndListening(page, site.key);
    await openListening(page, `/deposit?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.depositAccountNumber)).toBeVisible();
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    const sentAt = Date.now();
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'UFA', amount: 500 });
    await expect(toast(page)).toBeVisible({ timeout: 1000 });
    expect(Date.now() - sentAt).toBeLessThan(1500);
    await expect(toast(page)).toContainText(ufa.game_user);
    await expect(toast(page)).toContainText('ฝากเงินสำเร็จ');
    await expect(page.getByTestId(testIds.depositConfirmation)).toContainText(ufa.game_user);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(balanceOf(page, 'UFA')).toContainText('8,750.00');
  });

  test('an event with status false shows nothing; another member\'s event never reaches this one', async ({ page, site }) => {
    const member = await loggedInAndListening(page, site.key);
    const other = await createMember(page.request, site.key);
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    await simPost(page.request, '/__sim/events', { memberId: member.cid, event: 'MemberTrans', data: { status: false, gameuser: ufa.game_user, type: 'deposit', service: 'UFA' } });
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: other.phone, service: 'UFA', amount: 300 });
    await page.waitForTimeout(1500);
    await expect(toast(page)).toHaveCount(0);
  });

  test('history shows the ledger, newest first', async ({ page, site }) => {
    const member = await loggedInAndListening(page, site.key);
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'UFA', amount: 120 });
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'UFA', amount: 340 });
    await page.goto(`/history?prefix=${site.key}`);
    const rows = page.getByTestId(testIds.historyRow);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('340.00');
    await expect(rows.nth(1)).toContainText('120.00');
  });
});

test.describe('withdraw', () => {
  test('a withdrawal completes with its toast, the lock is cleared and the balance drops', async ({ page, site }) => {
    const member = await loggedInAndListening(page, site.key);
    await openListening(page, `/withdraw?prefix=${site.key}`);
    await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
    await page.getByTestId(testIds.withdrawAmount).fill('250');
    await page.getByTestId(testIds.withdrawSubmit).click();
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeDisabled();
    await expect(toast(page)).toBeVisible({ timeout: 6000 });
    await expect(toast(page)).toContainText('ถอนเงินสำเร็จ');
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeEnabled();
    const entries = (await ledger(page, site.key, member.phone)).filter((e) => e.type === 'withdraw');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 250, status: 'completed' });
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(balanceOf(page, 'UFA')).toContainText('8,000.00');
  });

  test('a double click and Enter plus click each make exactly one withdrawal', async ({ page, site }) => {
    const member = await loggedInAndListening(page, site.key);
    await openListening(page, `/withdraw?prefix=${site.key}`);
    await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
    await page.getByTestId(testIds.withdrawAmount).fill('150');
    await page.getByTestId(testIds.withdrawSubmit).dblclick();
    await expect(toast(page)).toBeVisible({ timeout: 6000 });
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeEnabled();
    await page.getByTestId(testIds.withdrawAmount).fill('175');
    await page.getByTestId(testIds.withdrawAmount).press('Enter');
    await page.getByTestId(testIds.withdrawSubmit).click({ force: true });
    await expect.poll(async () => (await ledger(page, site.key, member.phone)).filter((e) => e.type === 'withdraw').length).toBe(2);
    await page.waitForTimeout(2500);
    const withdrawals = (await ledger(page, site.key, member.phone)).filter((e) => e.type === 'withdraw');
    expect(withdrawals.map((e) => e.amount).sort()).toEqual([150, 175]);
  });

  test.describe('validation', () => {
    for (const [amount, message] of [
      ['0', 'มากกว่าศูนย์'],
      ['-20', 'มากกว่าศูนย์'],
      ['abc', 'ทศนิยมสองตำแหน่ง'],
      ['100.505', 'ทศนิยมสองตำแหน่ง'],
      ['99', 'ขั้นต่ำ 100 บาท'],
      ['999999', 'มากกว่ายอดคงเหลือ'],
    ] as const) {
      test(`${amount} is refused with a clear message and nothing is sent`, async ({ page, site }) => {
        await loggedInAndListening(page, site.key);
        await page.goto(`/withdraw?prefix=${site.key}`);
        const sent: string[] = [];
        page.on('request', (r) => {
          if (/Withdraw$/.test(new URL(r.url()).pathname) && !r.url().endsWith('checkWithdraw')) sent.push(r.url());
        });
        await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
        await page.getByTestId(testIds.withdrawAmount).fill(amount);
        await page.getByTestId(testIds.withdrawSubmit).click();
        await expect(page.getByText(message)).toBeVisible();
        expect(sent).toEqual([]);
      });
    }
  });
});

test.describe('the private channel', () => {
  test('a dropped socket reconnects, resubscribes and refetches both balances once', async ({ page, site }) => {
    const member = await loggedInAndListening(page, site.key);
    await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
    for (const code of [4200, 1006]) {
      const credits: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path === '/api/gclubCredit' || path === '/api/ufaCredit') credits.push(path);
      });
      const reauth = page.waitForRequest((r) => r.url().endsWith('/api/member/broadcasting/auth'), { timeout: 20_000 });
      await simPost(page.request, '/__sim/socket/drop', { memberId: member.cid, code });
      await reauth;
      await expect.poll(() => credits.slice().sort()).toEqual(['/api/gclubCredit', '/api/ufaCredit']);
      await page.waitForTimeout(1000);
      expect(credits).toHaveLength(2);
      page.removeAllListeners('request');
    }
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'GCLUB', amount: 80 });
    await expect(toast(page)).toBeVisible({ timeout: 2000 });
  });

  test('a refused channel authorisation does not loop', async ({ page, site }) => {
    const member = await createMember(page.request, site.key);
    const stranger = await createMember(page.request, site.key);
    // The browser asks for another member's channel: the auth host answers 403, as it must.
    await page.route('**/api/member/broadcasting/auth', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, string>;
      await route.continue({ postData: JSON.stringify({ ...body, channel_name: `private-member.${stranger.cid}` }) });
    });
    await new LoginPage(page, site.key).logInAndLand(member.phone, member.password);
    await page.waitForTimeout(12_000);
    const counts = (await (await page.request.get(`${SIM_URL}/__sim/auth-requests`)).json()) as {
      members: Array<{ prefix: string; cid: number; forbidden: number; granted: number }>;
    };
    const mine = counts.members.find((m) => m.prefix === site.key && m.cid === member.cid);
    expect(mine?.forbidden ?? 0).toBeGreaterThanOrEqual(1);
    expect(mine?.forbidden ?? 0).toBeLessThanOrEqual(2);
    await expect(page).toHaveURL(/\/profile/);
  });
});

test('the promotion page refuses a javascript: promoLink', async ({ page, site }) => {
  await page.route('**/sites.json', async (route) => {
    const response = await route.fetch();
    const sites = (await response.json()) as { sites: Array<{ key: string; promoLink: string }> };
    for (const s of sites.sites) if (s.key === site.key) s.promoLink = 'javascript:alert(document.cookie)';
    await route.fulfill({ response, body: JSON.stringify(sites) });
  });
  const member = await createMember(page.request, site.key);
  await new LoginPage(page, site.key).logInAndLand(member.phone, member.password);
  await page.goto(`/promotion?prefix=${site.key}`);
  await expect(page.getByTestId(testIds.promotionRefused)).toBeVisible();
  await expect(page.getByTestId(testIds.promotionFrame)).toHaveCount(0);
  await expect(page.getByTestId(testIds.promotionOpen)).toHaveCount(0);
});

test('the promotion page shows the site promotion through the guard', async ({ page, site }) => {
  const member = await createMember(page.request, site.key);
  await new LoginPage(page, site.key).logInAndLand(member.phone, member.password);
  await page.goto(`/promotion?prefix=${site.key}`);
  await expect(page.getByTestId(testIds.promotionFrame)).toHaveAttribute('src', site.promoLink);
});
