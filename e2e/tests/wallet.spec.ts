import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { balanceOf, leadingBalanceReads } from '../support/games';
import { followRequests } from '../support/followed-requests';
import {
  FIRST_SUBSCRIBE_DELAY_MS,
  isChannelAuth,
  openWithChannel,
  PUSHER_RECONNECT_MS,
  recordToasts,
  shownToasts,
  watchSockets,
} from '../support/channel';
import { loggedInMember } from '../support/session';
import { channelSubscribed, createMember, ledgerOf, settleWithdrawal, simPost, SIM_URL } from '../support/sim';
import { ONCE, perLook, perTheme } from '../support/site-looks';
import { overrideSite } from '../support/site-overrides';
import { th } from '@member/shared-core/i18n/th';

const toast = (page: Page) => page.getByTestId(testIds.memberToast);

test.describe('deposit and live events', () => {
  test('a deposit shows its toast and the new balance', perTheme('deposit'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    await openWithChannel(page, `/deposit?prefix=${site.key}`, member);
    await expect(page.getByTestId(testIds.depositAccountNumber)).toBeVisible();
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    // How fast it shows is a budget for `npm run bench` (toast latency), not a timed test.
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'UFA', amount: 500 });
    await expect(toast(page)).toBeVisible();
    await expect(toast(page)).toContainText(ufa.game_user);
    await expect(toast(page)).toContainText(th.realtime.depositSuccess);
    // The amount and the account, as the event carries them.
    await expect(toast(page)).toContainText(th.realtime.depositAmount.replace('{{amount}}', '฿500.00').replace('{{service}}', 'UFA'));
    await expect(page.getByTestId(testIds.depositConfirmation)).toContainText(ufa.game_user);
    await expect(page.getByTestId(testIds.depositConfirmation)).toContainText('฿500.00');
    // The balance on screen follows, so the two never disagree.
    await expect(page.getByTestId(testIds.moneyBalance)).toHaveText('฿8,750.00');
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(balanceOf(page, 'UFA')).toContainText('8,750.00');
  });

  test(
    "an event with status false shows nothing; another member's event never reaches this one",
    perTheme('profile'),
    async ({ page, site }) => {
      await page.clock.install();
      const member = await loggedInMember(page, site);
      const other = await createMember(page.request, site.key);
      await openWithChannel(page, `/profile?prefix=${site.key}`, member);
      await recordToasts(page);
      const ufa = member.games.find((g) => g.service === 'UFA')!;
      const gclub = member.games.find((g) => g.service === 'GCLUB')!;
      await simPost(page.request, '/__sim/events', {
        memberId: member.cid,
        event: 'MemberTrans',
        data: { status: false, gameuser: ufa.game_user, type: 'deposit', service: 'UFA' },
      });
      await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: other.phone, service: 'UFA', amount: 300 });
      // A deposit of this member's own comes last on the same socket: once its toast shows, the page has
      // handled everything sent before it, and it must be the only toast shown.
      await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'GCLUB', amount: 80 });
      await expect(toast(page)).toContainText(gclub.game_user);
      const shown = await shownToasts(page);
      expect(shown).toHaveLength(1);
      expect(shown[0]).toContain(gclub.game_user);
    },
  );

  test('history shows the ledger, newest first', perTheme('history'), async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'UFA', amount: 120 });
    await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'UFA', amount: 340 });
    await page.goto(`/history?prefix=${site.key}`);
    const rows = page.getByTestId(testIds.historyRow);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('340.00');
    await expect(rows.nth(1)).toContainText('120.00');
  });
});

test.describe("the default theme's profile", () => {
  test(
    'has its deposit and withdraw components: links under the card, and the component under the profile at /profile/deposit and /profile/withdraw',
    perTheme('profile'),
    async ({ page, site }) => {
      const member = await loggedInMember(page, site);
      await page.goto(`/profile/theme/default?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.profileMoneyLink)).toHaveCount(2);
      await expect(page.getByTestId(testIds.profileMoney)).toHaveCount(0);
      await page.getByTestId(testIds.profileMoneyLink).filter({ hasText: th.page.deposit }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/theme/default/deposit\\?prefix=${site.key}$`));
      const money = page.getByTestId(testIds.profileMoney);
      await expect(money).toHaveAttribute('data-sub', 'deposit');
      await expect(money.getByTestId(testIds.depositAccountNumber)).toBeVisible();
      // The profile is still there above it.
      await expect(page.getByTestId(testIds.gameAccount).first()).toBeVisible();

      await page.goto(`/profile/theme/default/withdraw?prefix=${site.key}`);
      await expect(money).toHaveAttribute('data-sub', 'withdraw');
      await money.getByTestId(testIds.withdrawAccount).selectOption('UFA');
      await money.getByTestId(testIds.withdrawAmount).fill('200');
      await money.getByTestId(testIds.withdrawSubmit).click();
      await expect(money.getByTestId(testIds.withdrawStatus)).toHaveAttribute('data-state', /pending|done/);
      await expect
        .poll(async () => (await ledgerOf(page.request, site.key, member.phone)).filter((e) => e.type === 'withdraw').map((e) => e.amount))
        .toEqual([200]);
      // A site whose profile is the default theme's has them at its own /profile/deposit too.
      if (site.pages.profile.theme === 'default') {
        await page.goto(`/profile/deposit?prefix=${site.key}`);
        await expect(money).toHaveAttribute('data-sub', 'deposit');
      }
    },
  );
});

test.describe('withdraw', () => {
  test('a withdrawal completes with its toast, the lock is cleared and the balance drops', perTheme('withdraw'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    await openWithChannel(page, `/withdraw?prefix=${site.key}`, member);
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
    await page.getByTestId(testIds.withdrawAmount).fill('250');
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/ufaWithdraw'));
    await page.getByTestId(testIds.withdrawSubmit).click();
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeDisabled();
    await accepted;
    await settleWithdrawal(page.request, ufa.game_user);
    await expect(toast(page)).toBeVisible();
    await expect(toast(page)).toContainText(th.realtime.withdrawSuccess);
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeEnabled();
    const entries = (await ledgerOf(page.request, site.key, member.phone)).filter((e) => e.type === 'withdraw');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 250, status: 'completed' });
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(balanceOf(page, 'UFA')).toContainText('8,000.00');
  });

  test('a double click and Enter plus click each make exactly one withdrawal', perTheme('withdraw'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    await openWithChannel(page, `/withdraw?prefix=${site.key}`, member);
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    const amount = page.getByTestId(testIds.withdrawAmount);
    const answered = () => page.waitForResponse((r) => r.url().endsWith('/api/ufaWithdraw'));
    await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
    await amount.fill('150');
    let accepted = answered();
    await page.getByTestId(testIds.withdrawSubmit).dblclick();
    await accepted;
    await settleWithdrawal(page.request, ufa.game_user);
    await expect(toast(page)).toBeVisible();
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeEnabled();
    await amount.fill('175');
    // The button mid-screen: the pending notice the answer brings goes in above it and moves it down while the click
    // is on its way, which from the bottom edge took it out of the screen before the click could land.
    await page.getByTestId(testIds.withdrawSubmit).evaluate((button) => button.scrollIntoView({ block: 'center' }));
    accepted = answered();
    await amount.press('Enter');
    await page.getByTestId(testIds.withdrawSubmit).click({ force: true });
    await accepted;
    await settleWithdrawal(page.request, ufa.game_user);
    // A finished withdrawal empties the field: by then anything the Enter and the click sent has arrived.
    await expect(amount).toHaveValue('');
    await expect(page.getByTestId(testIds.withdrawSubmit)).toBeEnabled();
    const withdrawals = (await ledgerOf(page.request, site.key, member.phone)).filter((e) => e.type === 'withdraw');
    expect(withdrawals.map((e) => e.amount).sort()).toEqual([150, 175]);
  });

  test(
    'an amount typed with a thousands comma is read as such: "1,000" withdraws a thousand baht',
    perTheme('withdraw'),
    async ({ page, site }) => {
      const member = await loggedInMember(page, site);
      await page.goto(`/withdraw?prefix=${site.key}`);
      await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
      await page.getByTestId(testIds.withdrawAmount).pressSequentially('1,000');
      await expect(page.getByTestId(testIds.withdrawAmount)).toHaveValue('1,000');
      await page.getByTestId(testIds.withdrawSubmit).click();
      await expect(page.getByTestId(testIds.withdrawStatus)).toHaveAttribute('data-state', /pending|done/);
      await expect(page.getByTestId(testIds.withdrawIntent)).toContainText('1,000.00');
      await expect
        .poll(async () => (await ledgerOf(page.request, site.key, member.phone)).filter((e) => e.type === 'withdraw').map((e) => e.amount))
        .toEqual([1000]);
    },
  );

  test('amounts the rules refuse get a clear message each and nothing is sent', perTheme('withdraw'), async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/Withdraw$/.test(new URL(r.url()).pathname) && !r.url().endsWith('checkWithdraw')) sent.push(r.url());
    });
    await page.goto(`/withdraw?prefix=${site.key}`);
    await page.getByTestId(testIds.withdrawAccount).selectOption('UFA');
    const field = page.getByTestId(testIds.withdrawAmount);
    // Typed key by key, what is not part of an amount never enters the field; a minus stays, to be refused with a reason.
    for (const [keys, shown] of [
      ['abc', ''],
      ['12a3', '123'],
      ['-20', '-20'],
      ['100.505', '100.50'],
      ['1.2.3', '1.23'],
    ] as const) {
      await test.step(`typing ${keys} leaves ${shown || 'nothing'}`, async () => {
        await field.fill('');
        await field.pressSequentially(keys);
        await expect(field).toHaveValue(shown);
      });
    }
    for (const [amount, message] of [
      ['0', th.wallet.errors.amountPositive],
      ['1,00', th.wallet.errors.amountFormat],
      ['99', th.wallet.errors.amountMinimum.replace('{{minimum}}', '100')],
      ['999999', th.wallet.errors.amountBalance],
    ] as const) {
      await test.step(`${amount} is refused`, async () => {
        await field.fill(amount);
        // Editing the amount clears the last message, so the one below is this amount's.
        await expect(page.getByText(message)).toHaveCount(0);
        await page.getByTestId(testIds.withdrawSubmit).click();
        await expect(page.getByText(message)).toBeVisible();
        expect(sent).toEqual([]);
      });
    }
    await test.step('-20 is refused as it is typed, and on the press', async () => {
      await field.fill('-20');
      await expect(page.getByText(th.wallet.errors.amountNegative)).toBeVisible();
      await page.getByTestId(testIds.withdrawSubmit).click();
      await expect(page.getByText(th.wallet.errors.amountNegative)).toBeVisible();
      expect(sent).toEqual([]);
    });
    expect((await ledgerOf(page.request, site.key, member.phone)).filter((e) => e.type === 'withdraw')).toEqual([]);
  });
});

test.describe('the private channel', () => {
  test('a dropped socket reconnects, resubscribes and refetches both balances once', perTheme('profile'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    const socket = watchSockets(page);
    await openWithChannel(page, `/profile?prefix=${site.key}`, member);
    await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
    await expect(balanceOf(page, 'GCLUB')).toContainText('1,520.50');
    await leadingBalanceReads(page, site.key);
    const gclub = member.games.find((g) => g.service === 'GCLUB')!;
    for (const code of [4200, 1006]) {
      await test.step(`close code ${code}`, async () => {
        const credits: string[] = [];
        const onRequest = (r: { url(): string }) => {
          const path = new URL(r.url()).pathname;
          if (path === '/api/gclubCredit' || path === '/api/ufaCredit') credits.push(path);
        };
        page.on('request', onRequest);
        const closed = socket().waitForEvent('close');
        const reauth = page.waitForRequest((r) => isChannelAuth(r.url()));
        await simPost(page.request, '/__sim/socket/drop', { memberId: member.cid, code });
        await closed;
        // 4200 reconnects at once; a connection lost without a close frame waits a second first.
        if (code === 1006) await page.clock.fastForward(PUSHER_RECONNECT_MS);
        await reauth;
        await expect.poll(() => credits.slice().sort()).toEqual(['/api/gclubCredit', '/api/ufaCredit']);
        await expect.poll(() => channelSubscribed(page.request, member.cid)).toBe(true);
        // A deposit event now: its own GCLUB refetch comes after anything the reconnect caused.
        await simPost(page.request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'GCLUB', amount: 80 });
        await expect.poll(() => credits.filter((p) => p === '/api/gclubCredit').length).toBe(2);
        expect(credits.filter((p) => p === '/api/ufaCredit')).toHaveLength(1);
        await expect(toast(page)).toContainText(gclub.game_user);
        page.off('request', onRequest);
      });
    }
  });

  test('a refused channel authorisation does not loop', perTheme('profile'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    const stranger = await createMember(page.request, site.key);
    // The browser asks for another member's channel: the auth host answers 403, as it must.
    await page.route('**/api/member/broadcasting/auth', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, string>;
      await route.continue({ postData: JSON.stringify({ ...body, channel_name: `private-member.${stranger.cid}` }) });
    });
    // Answered: the page has the status (it never reads a refusal's body) or the request failed.
    const auth = followRequests(page, isChannelAuth);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
    await page.clock.fastForward(FIRST_SUBSCRIBE_DELAY_MS);
    await expect.poll(() => auth.answered).toBeGreaterThanOrEqual(1);
    // Fifteen seconds of the page's time, one at a time, each second's requests answered before the next:
    // a retry on a timer or a back-off would show here as more requests.
    for (let second = 0; second < 15; second += 1) {
      await page.clock.runFor(1_000);
      await expect.poll(() => auth.inFlight).toBe(0);
    }
    expect(auth.sent).toBeLessThanOrEqual(2);
    const counts = (await (await page.request.get(`${SIM_URL}/__sim/auth-requests`)).json()) as {
      members: Array<{ prefix: string; cid: number; forbidden: number; granted: number }>;
    };
    const mine = counts.members.find((m) => m.prefix === site.key && m.cid === member.cid);
    expect(mine?.forbidden ?? 0).toBeGreaterThanOrEqual(1);
    expect(mine?.forbidden ?? 0).toBeLessThanOrEqual(2);
    await expect(page).toHaveURL(/\/profile/);
  });
});

test(
  'a javascript: promoLink in sites.json stops the brand with its error page, naming the field and the site',
  ONCE,
  async ({ page, site }) => {
    await loggedInMember(page, site);
    await overrideSite(page, site.key, { promoLink: 'javascript:alert(document.cookie)' });
    await page.goto(`/promotion?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.configError)).toContainText('promoLink');
    await expect(page.getByTestId(testIds.configError)).toContainText(`site "${site.key}"`);
    await expect(page.getByTestId(testIds.promotionFrame)).toHaveCount(0);
    await expect(page.getByTestId(testIds.promotionOpen)).toHaveCount(0);
  },
);

test('the promotion page refuses a promoLink off the allowed origins', perLook('promotion'), async ({ page, site }) => {
  await overrideSite(page, site.key, { promoLink: 'https://evil.example/promo' });
  await loggedInMember(page, site);
  await page.goto(`/promotion?prefix=${site.key}`);
  await expect(page.getByTestId(testIds.promotionRefused)).toBeVisible();
  await expect(page.getByTestId(testIds.promotionFrame)).toHaveCount(0);
  await expect(page.getByTestId(testIds.promotionOpen)).toHaveCount(0);
});

test('the promotion page shows the site promotion through the guard', async ({ page, site }) => {
  await loggedInMember(page, site);
  await page.goto(`/promotion?prefix=${site.key}`);
  await expect(page.getByTestId(testIds.promotionFrame)).toHaveAttribute('src', site.brand.promoLink);
});
