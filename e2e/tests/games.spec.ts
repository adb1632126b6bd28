import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { accountCard, balanceOf, leadingBalanceReads } from '../support/games';
import { loggedInMember, providerSessionsAnswered } from '../support/session';
import { simPost, SIM_URL } from '../support/sim';
import { perTheme } from '../support/site-looks';
import { th } from '@member/shared-core/i18n/th';

test.describe('game accounts on /profile', () => {
  test('balances show, and refresh every 60 s after the provider changes them', perTheme('profile'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
    await expect(balanceOf(page, 'GCLUB')).toContainText('1,520.50');
    await leadingBalanceReads(page, site.key);
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    await simPost(page.request, '/__sim/balance', { gameuser: ufa.game_user, balance: 999.5 });
    await page.clock.fastForward(60_000);
    await expect(balanceOf(page, 'UFA')).toContainText('999.50');
    await expect(accountCard(page, 'UFA').getByTestId(testIds.gameBalanceUpdated)).not.toBeEmpty();
  });

  test(
    'the game accounts page offers the switch too, and it goes to the profile with the other account selected',
    perTheme('gameuser'),
    async ({ page, context, site }) => {
      await loggedInMember(page, site);
      await page.goto(`/gameuser?prefix=${site.key}`);
      const gclubCard = page.locator(`[data-testid="${testIds.gameAccount}"][data-service="GCLUB"]`);
      // Only the account that is not selected offers it.
      await expect(page.getByTestId(testIds.switchAccount)).toHaveCount(1);
      await gclubCard.getByTestId(testIds.switchAccount).click();
      await expect(page).toHaveURL(new RegExp(`/profile\\?prefix=${site.key}$`));
      await expect(accountCard(page, 'GCLUB').getByTestId(testIds.gameSelectedBadge)).toBeVisible();
      expect((await context.cookies()).find((c) => c.name === `selected-game-${site.key}`)?.value).toBe('GCLUB');
    },
  );

  test('switch account flips the cookie and survives a reload', perTheme('profile'), async ({ page, context, site }) => {
    await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(accountCard(page, 'UFA').getByTestId(testIds.gameSelectedBadge)).toBeVisible();
    await page.getByTestId(testIds.switchAccount).click();
    await expect(accountCard(page, 'GCLUB').getByTestId(testIds.gameSelectedBadge)).toBeVisible();
    await expect(accountCard(page, 'UFA').getByTestId(testIds.gameSelectedBadge)).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === `selected-game-${site.key}`);
    expect(cookie?.value).toBe('GCLUB');
    expect(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400).toBeGreaterThan(29.9);
    await page.reload();
    await expect(accountCard(page, 'GCLUB').getByTestId(testIds.gameSelectedBadge)).toBeVisible();
  });

  test('switch main moves the main flag on the server and on screen', perTheme('profile'), async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(accountCard(page, 'UFA').getByTestId(testIds.gameMainBadge)).toBeVisible();
    await page.getByTestId(testIds.switchMain).click();
    await expect(accountCard(page, 'GCLUB').getByTestId(testIds.gameMainBadge)).toBeVisible();
    await expect(accountCard(page, 'UFA').getByTestId(testIds.gameMainBadge)).toHaveCount(0);
    const state = (await (await page.request.get(`${SIM_URL}/__sim/provider-state`)).json()) as {
      accounts: Array<{ gameuser: string; main: boolean }>;
    };
    const gclub = member.games.find((g) => g.service === 'GCLUB')!;
    expect(state.accounts.find((a) => a.gameuser === gclub.game_user)?.main).toBe(true);
    await page.reload();
    await expect(accountCard(page, 'GCLUB').getByTestId(testIds.gameMainBadge)).toBeVisible();
  });

  test('a game password change logs the provider in again with the new password', perTheme('profile'), async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    await page.getByTestId(testIds.gamePasswordService).selectOption('UFA');
    await page.getByTestId(testIds.gamePasswordOld).fill('not-it-at-all');
    await page.getByTestId(testIds.gamePasswordNew).fill('NewGame789');
    await page.getByTestId(testIds.gamePasswordConfirm).fill('NewGame789');
    await page.getByTestId(testIds.gamePasswordSubmit).click();
    await expect(page.getByTestId(testIds.formError)).toBeVisible();
    const sent: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/ufaLogin' || path === '/api/updateGamePassword') sent.push(path);
    });
    await page.getByTestId(testIds.gamePasswordOld).fill(ufa.game_password);
    await page.getByTestId(testIds.gamePasswordSubmit).click();
    await expect(page.getByTestId(testIds.formSuccess)).toBeVisible();
    // Log in again with the new password first, then store it with the operator.
    expect(sent).toEqual(['/api/ufaLogin', '/api/updateGamePassword']);
    await page.goto(`/gameuser?prefix=${site.key}`);
    const card = page.locator(`[data-testid="${testIds.gameAccount}"][data-service="UFA"]`);
    await card.getByTestId(testIds.gamePasswordReveal).click();
    await expect(card.getByTestId(testIds.gamePasswordValue)).toHaveText('NewGame789');
  });

  test('a UFA session logged out at the provider is logged in again', perTheme('profile'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
    await expect(balanceOf(page, 'GCLUB')).toContainText('1,520.50');
    // The 60 s credit loop runs once the set-up has ended.
    await leadingBalanceReads(page, site.key);
    const ufa = member.games.find((g) => g.service === 'UFA')!;
    const sent: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/ufa')) sent.push(path);
    });
    await simPost(page.request, '/__sim/provider-sessions/expire', { gameuser: ufa.game_user });
    await page.clock.fastForward(60_000);
    await expect.poll(() => sent.filter((p) => p === '/api/ufaLogin').length).toBe(1);
    // The check said "logged out" (errcode 1), so the login followed it.
    expect(sent.indexOf('/api/ufaCheck')).toBeLessThan(sent.indexOf('/api/ufaLogin'));
  });

  test("a guest sees the site's LINE contact, or on a divided site every division's, each a safe link", async ({ page, site }) => {
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    const contacts = page.getByTestId(testIds.lineContact);
    const expected = typeof site.brand.lineId === 'string' ? [site.brand.lineId] : Object.values(site.brand.lineId);
    await expect(contacts).toHaveCount(expected.length);
    for (const [i, id] of expected.entries()) {
      await expect(contacts.nth(i)).toContainText(id);
      const link = typeof site.brand.lineLink === 'string' ? site.brand.lineLink : Object.values(site.brand.lineLink)[i]!;
      if (/^https?:/.test(link)) await expect(contacts.nth(i)).toHaveAttribute('href', link);
    }
  });

  test('the LINE contact follows the game user prefix on a divided site', async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    await page.goto(`/profile?prefix=${site.key}`);
    const gameuser = member.games.find((g) => g.main)!.game_user;
    const expected =
      typeof site.brand.lineId === 'string'
        ? site.brand.lineId
        : Object.entries(site.brand.lineId).find(([division]) => gameuser.startsWith(division))![1];
    await expect(page.getByTestId(testIds.lineContact).first()).toContainText(expected);
  });

  test('/profile with no provider session token stored goes to /404', perTheme('profile'), async ({ page, site }) => {
    await loggedInMember(page, site);
    // UFA's set-up does not wait for gclubData: the balance can show before GCLUB's values are stored.
    const setUp = providerSessionsAnswered(page);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(balanceOf(page, 'UFA')).toContainText('8,250.00');
    await setUp;
    await page.getByRole('link', { name: th.page.gameuser }).first().click();
    await expect(page).toHaveURL(/\/gameuser/);
    const stored = () =>
      page.evaluate((p) => ['gclubToken_', 'ufaAccid_'].every((key) => localStorage.getItem(`${key}${p}`) !== null), site.key);
    await expect.poll(stored).toBe(true);
    // Away from /profile (whose guard would see it at once), the provider session tokens go.
    await page.evaluate((p) => {
      for (const key of ['gclubToken_', 'accountInfo_', 'ufaAccid_', 'ufaSessionsn_']) localStorage.removeItem(`${key}${p}`);
    }, site.key);
    await page.getByRole('link', { name: th.page.profile }).first().click();
    await expect(page).toHaveURL(/\/404/);
    await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /404');
  });
});
