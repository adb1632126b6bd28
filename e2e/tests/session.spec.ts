import type { SimErrorReport } from '@member/member-api-sim/control-types';
import type { BrowserContext, Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { LoginPage } from '../support/login-page';
import { loggedInMember, openMemberPage } from '../support/session';
import { createMember, simPost, SIM_URL } from '../support/sim';
import { ONCE, perLook, perTheme } from '../support/site-looks';
import { th } from '@member/shared-core/i18n/th';

const DAY = 86_400;

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

function daysLeft(expires: number | undefined) {
  return ((expires ?? 0) - Date.now() / 1000) / DAY;
}

test.describe('phone login', () => {
  test('a member logs in and lands on the profile with 30-day cookies', async ({ page, context, site }) => {
    const member = await createMember(page.request, site.key);
    await new LoginPage(page, site.key).logInAndLand(member.phone, member.password);
    for (const name of [`token-${site.key}`, `type-login-${site.key}`, `member-${site.key}`]) {
      const c = await cookie(context, name);
      expect(c, name).toBeDefined();
      expect(daysLeft(c?.expires)).toBeGreaterThan(29.9);
      expect(daysLeft(c?.expires)).toBeLessThanOrEqual(30.01);
    }
    expect((await cookie(context, `type-login-${site.key}`))?.value).toBe('phone');
    expect((await cookie(context, `member-${site.key}`))?.value).toBe(site.key);
    await expect(page.getByTestId(testIds.memberName).first()).toContainText(`x${member.phone.slice(-4)}`);
  });

  test('a wrong password shows an error and sets nothing', perLook('login'), async ({ page, context, site }) => {
    const login = new LoginPage(page, site.key);
    await login.open();
    await login.logIn('0812345678', 'wrong-password');
    await expect(login.error()).toBeVisible();
    await expect(login.error()).toHaveText(th.login.errors.failed);
    expect(await cookie(context, `token-${site.key}`)).toBeUndefined();
    expect(await cookie(context, `type-login-${site.key}`)).toBeUndefined();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unknown phone and empty fields are refused with clear messages', perLook('login'), async ({ page, context, site }) => {
    const login = new LoginPage(page, site.key);
    await login.open();
    await page.getByTestId(testIds.loginSubmit).click();
    await expect(page.getByText(th.login.errors.phoneRequired)).toBeVisible();
    await expect(page.getByText(th.login.errors.passwordRequired)).toBeVisible();
    await login.logIn('0800000009', 'whatever1');
    await expect(login.error()).toHaveText(th.login.errors.failed);
    expect(await cookie(context, `token-${site.key}`)).toBeUndefined();
  });

  test('reload keeps the session; a logged-in member opening /login goes to /profile', perLook('login'), async ({ page, site }) => {
    const member = await createMember(page.request, site.key);
    await new LoginPage(page, site.key).logInAndLand(member.phone, member.password);
    await page.reload();
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByTestId(testIds.memberName).first()).toContainText(`x${member.phone.slice(-4)}`);
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page).toHaveURL(new RegExp(`/profile\\?prefix=${site.key}$`));
  });
});

async function lineRoundTrip(page: Page, lineUserId: string | null) {
  await page.getByTestId(testIds.loginLine).click();
  await page.waitForURL(/\/line\/authorize/);
  if (lineUserId) await page.locator(`input[name="user"][value="${lineUserId}"]`).check();
  await page.getByRole('button', { name: 'Allow' }).click();
}

test.describe('LINE login', () => {
  test('logs in through LINE with a single-use state', perLook('login'), async ({ page, context, site }) => {
    const member = await createMember(page.request, site.key, { line: true });
    await new LoginPage(page, site.key).open();
    await lineRoundTrip(page, member.lineUserId);
    await expect(page).toHaveURL(new RegExp(`/profile\\?prefix=${site.key}$`));
    expect((await cookie(context, `type-login-${site.key}`))?.value).toBe('line');
    expect(await cookie(context, 'line-state')).toBeUndefined();
  });

  test('cancel at LINE comes back refused, without a session error', perLook('login'), async ({ page, context, site }) => {
    await new LoginPage(page, site.key).open();
    await page.getByTestId(testIds.loginLine).click();
    await page.waitForURL(/\/line\/authorize/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId(testIds.lineCheckResult)).toHaveAttribute('data-error', '');
    await expect(page.getByTestId(testIds.lineCheckResult)).toContainText(th.checkLine.cancelled);
    // Whose site it is, even on the host's own page: the brand's logo and name, and the tab's icon.
    await expect(page.getByTestId(testIds.hostSiteBrand)).toHaveText(site.brand.name);
    await expect(page.getByTestId(testIds.lineCheckResult).locator('img')).toHaveAttribute('src', site.brand.logo);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', site.brand.logo);
    await expect(page).toHaveTitle('Member');
    expect(await cookie(context, `token-${site.key}`)).toBeUndefined();
  });

  /** Gets a real callback URL from the simulator's LINE page without following it: Allow is posted aside. */
  async function callbackUrl(page: Page, prefix: string, lineUserId: string | null): Promise<string> {
    await new LoginPage(page, prefix).open();
    await page.getByTestId(testIds.loginLine).click();
    await page.waitForURL(/\/line\/authorize/);
    const authorize = new URL(page.url());
    const response = await page.request.post(`${SIM_URL}/line/authorize`, {
      form: {
        state: authorize.searchParams.get('state') ?? '',
        redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
        user: lineUserId ?? 'new',
        decision: 'allow',
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    return response.headers().location ?? '';
  }

  async function expectRefused(page: Page, context: BrowserContext, prefix: string) {
    await expect(page.getByTestId(testIds.lineCheckResult)).toHaveAttribute('data-error', 'session');
    expect(await cookie(context, `token-${prefix}`)).toBeUndefined();
  }

  test('a forged state is refused five ways', perLook('login'), async ({ page, context, browser, site }) => {
    const member = await createMember(page.request, site.key, { line: true });
    // 1. No line-state cookie at all.
    let url = await callbackUrl(page, site.key, member.lineUserId);
    await context.clearCookies({ name: 'line-state' });
    await page.goto(url);
    await expectRefused(page, context, site.key);

    // 2. The state carries another prefix.
    url = await callbackUrl(page, site.key, member.lineUserId);
    const other = new URL(url);
    const state = other.searchParams.get('state')!;
    const foreignPrefix = site.key === 'pre8' ? 'os39' : 'pre8';
    other.searchParams.set('state', `${foreignPrefix}${state.slice(4)}`);
    other.searchParams.set('prefix', site.key);
    await page.goto(other.toString());
    await expectRefused(page, context, site.key);

    // 3. The random part differs from the kept one.
    url = await callbackUrl(page, site.key, member.lineUserId);
    const tampered = new URL(url);
    const kept = tampered.searchParams.get('state')!;
    tampered.searchParams.set('state', `${kept.slice(0, -1)}${kept.endsWith('A') ? 'B' : 'A'}`);
    await page.goto(tampered.toString());
    await expectRefused(page, context, site.key);

    // 4. A replayed state: the first use logs in, the second is refused.
    url = await callbackUrl(page, site.key, member.lineUserId);
    await page.goto(url);
    await expect(page).toHaveURL(/\/profile/);
    await context.clearCookies({ name: `token-${site.key}` });
    await page.goto(url);
    await expectRefused(page, context, site.key);

    // 5. A state minted in another browser context.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/login?prefix=${site.key}`);
    const foreignUrl = await callbackUrl(strangerPage, site.key, member.lineUserId);
    await stranger.close();
    await context.clearCookies({ name: `token-${site.key}` });
    await page.goto(`/login?prefix=${site.key}`);
    await page.goto(foreignUrl);
    await expectRefused(page, context, site.key);
  });
});

test.describe('verification and logout', () => {
  test('a session revoked on the server logs out within one verify period', perTheme('profile'), async ({ page, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    await openMemberPage(page, `/profile?prefix=${site.key}`);
    await simPost(page.request, '/__sim/sessions/revoke', { prefix: site.key, phone: member.phone });
    const logoutPosts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/logout')) logoutPosts.push(r.url());
    });
    await page.clock.fastForward(20_000);
    await page.clock.fastForward(2_000);
    await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
    // The server has just said the token is dead: it is not posted again.
    expect(logoutPosts).toEqual([]);
  });

  test('a rotated token replaces the cookie', perTheme('profile'), async ({ page, context, site }) => {
    await page.clock.install();
    const member = await loggedInMember(page, site);
    await openMemberPage(page, `/profile?prefix=${site.key}`);
    const before = (await cookie(context, `token-${site.key}`))?.value;
    await simPost(page.request, '/__sim/sessions/rotate', { prefix: site.key, phone: member.phone });
    await page.clock.fastForward(20_000);
    await expect.poll(async () => (await cookie(context, `token-${site.key}`))?.value).not.toBe(before);
    await page.reload();
    await expect(page).toHaveURL(/\/profile/);
  });

  test('logout clears the token cookie and the provider keys, and nothing else', perTheme('history'), async ({ page, context, site }) => {
    await loggedInMember(page, site);
    // From a page that does not itself need the provider session values we are about to overwrite.
    await page.goto(`/history?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.logoutButton).first()).toBeVisible();
    // The provider set-up has stored its values (it would not write them again after the logout).
    const providerValues = () =>
      page.evaluate(
        (p) => ['gclubToken_', 'accountInfo_', 'ufaAccid_', 'ufaSessionsn_'].map((k) => localStorage.getItem(`${k}${p}`)),
        site.key,
      );
    await expect.poll(async () => (await providerValues()).every((v) => v !== null)).toBe(true);
    await page.evaluate((p) => {
      for (const key of ['gclubToken_', 'accountInfo_', 'ufaAccid_', 'ufaSessionsn_']) localStorage.setItem(`${key}${p}`, 'x');
      localStorage.setItem('keep-me', '1');
    }, site.key);
    const logoutPosts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/logout')) logoutPosts.push(r.method());
    });
    await page.getByTestId(testIds.logoutButton).first().click();
    await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
    expect(await cookie(context, `token-${site.key}`)).toBeUndefined();
    expect(await providerValues()).toEqual([null, null, null, null]);
    expect(await page.evaluate(() => localStorage.getItem('keep-me'))).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).not.toBe('EN');
    expect(logoutPosts).toEqual(['POST']);
    await page.goto(`/profile?prefix=${site.key}`);
    await expect(page).toHaveURL(/\/login/);
  });

  test('a logout in one tab logs out the other without it sending the stale token', perTheme('profile'), async ({ context, site }) => {
    const first = await context.newPage();
    await loggedInMember(first, site);
    await first.goto(`/profile?prefix=${site.key}`);
    await expect(first.getByTestId(testIds.logoutButton).first()).toBeVisible();
    const second = await context.newPage();
    await second.goto(`/profile?prefix=${site.key}`);
    // The second tab shows the member's page: its session is restored before the other tab logs out.
    await expect(second.getByTestId(testIds.logoutButton).first()).toBeVisible();
    const sent = { first: 0, second: 0 };
    first.on('request', (r) => {
      if (r.url().endsWith('/api/logout')) sent.first += 1;
    });
    second.on('request', (r) => {
      if (r.url().endsWith('/api/logout')) sent.second += 1;
    });
    await first.getByTestId(testIds.logoutButton).first().click();
    await expect(first).toHaveURL(/\/login/);
    await expect(second).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
    expect(sent).toEqual({ first: 1, second: 0 });
  });
});

test.describe('registration', () => {
  test('three steps create a member, with affiliate values reaching the simulator', async ({ page, site }) => {
    const phone = `06${Math.floor(Math.random() * 1e8)
      .toString()
      .padStart(8, '0')}`;
    await page.goto(`/register?prefix=${site.key}&agent=ag7&platform=tiktok&channel=ch2&register=rg1`);
    if (!site.registerEnabled) {
      await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}`));
      return;
    }
    await expect(page.getByTestId(testIds.registerStep)).toBeVisible();
    await page.getByTestId(testIds.registerPhone).fill(phone);
    await page.getByTestId(testIds.registerPassword).fill('secret123');
    await page.getByTestId(testIds.registerConfirm).fill('secret12');
    await page.getByTestId(testIds.registerSubmit).click();
    await expect(page.getByText(th.register.errors.confirmMismatch)).toBeVisible();
    await page.getByTestId(testIds.registerConfirm).fill('secret123');
    await page.getByTestId(testIds.registerSubmit).click();
    await expect(page.getByTestId(testIds.registerBank)).toBeVisible();
    await page.getByTestId(testIds.registerBank).selectOption('SCB');
    const account = `2${Math.floor(Math.random() * 1e9)
      .toString()
      .padStart(9, '0')}`;
    await page.getByTestId(testIds.registerAccountNumber).fill(account);
    await page.getByTestId(testIds.registerAccountName).fill('<i>ทดสอบ</i> สมัคร');
    await page.getByTestId(testIds.registerSubmit).click();
    await expect(page.getByText('<i>ทดสอบ</i> สมัคร')).toBeVisible();
    await page.getByTestId(testIds.registerSubmit).click();
    await expect(page).toHaveURL(new RegExp(`/profile\\?prefix=${site.key}$`));
    const response = await page.request.get(`${SIM_URL}/__sim/registrations`);
    const { registrations } = (await response.json()) as {
      registrations: Array<{ phone: string; prefix: string; completed: boolean; affiliate: Record<string, string> }>;
    };
    const mine = registrations.find((r) => r.phone === phone && r.prefix === site.key);
    expect(mine?.completed).toBe(true);
    expect(mine?.affiliate).toEqual({ agent: 'ag7', platform: 'tiktok', channel: 'ch2', register: 'rg1' });
  });

  test(
    'affiliate values outside their character set are never kept: dropped, and reported by name',
    ONCE,
    async ({ page, context, site }) => {
      const since = Date.now() - 1000;
      const query = new URLSearchParams({
        prefix: site.key,
        agent: '<img src=x onerror=alert(1)>',
        platform: 'fb\r\nX-Injected: 1',
        channel: 'line_oa.2026-06',
        register: 'ทดสอบ',
      });
      await page.goto(`/login?${query.toString()}`);
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      await expect
        .poll(async () => (await context.cookies()).filter((c) => c.name.startsWith(`${site.key}-`)).map((c) => `${c.name}=${c.value}`))
        .toEqual([`${site.key}-channel=line_oa.2026-06`]);
      await expect
        .poll(async () => {
          const { reports } = (await (await page.request.get(`${SIM_URL}/__sim/reports`)).json()) as { reports: SimErrorReport[] };
          return reports
            .filter((r) => r.kind === 'affiliate-dropped' && r.site === site.key && r.receivedAt >= since)
            .map((r) => r.message);
        })
        .toContain("the address's agent, platform, register were dropped: not 1 to 64 letters, digits, _, - or .");
    },
  );
});

test.describe('account security', () => {
  test('change password, then log in with the new one', perTheme('info'), async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    await page.goto(`/info/changePassword?prefix=${site.key}`);
    await page.getByTestId(testIds.changePasswordOld).fill('not-the-password');
    await page.getByTestId(testIds.changePasswordNew).fill('brandnew77');
    await page.getByTestId(testIds.changePasswordConfirm).fill('brandnew77');
    await page.getByTestId(testIds.changePasswordSubmit).click();
    await expect(page.getByTestId(testIds.formError)).toBeVisible();
    await page.getByTestId(testIds.changePasswordOld).fill(member.password);
    await page.getByTestId(testIds.changePasswordNew).fill('brandnew77');
    await page.getByTestId(testIds.changePasswordConfirm).fill('brandnew77');
    await page.getByTestId(testIds.changePasswordSubmit).click();
    await expect(page.getByTestId(testIds.formSuccess)).toBeVisible();
    await page.getByTestId(testIds.logoutButton).first().click();
    await expect(page).toHaveURL(/\/login/);
    const login = new LoginPage(page, site.key);
    await login.logIn(member.phone, member.password);
    await expect(login.error()).toBeVisible();
    await login.logIn(member.phone, 'brandnew77');
    await expect(page).toHaveURL(/\/profile/);
  });

  test('a LINE-first member connects a phone and can then log in with it', async ({ page, site }) => {
    await new LoginPage(page, site.key).open();
    await page.getByTestId(testIds.loginLine).click();
    await page.waitForURL(/\/line\/authorize/);
    await page.locator('input[name="user"][value="new"]').check();
    await page.getByRole('button', { name: 'Allow' }).click();
    if (!site.registerEnabled) {
      // A new LINE user on a brand without registration is sent to log in, not into a dead end.
      await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
      return;
    }
    await expect(page).toHaveURL(/\/register/);
    const phone = `06${Math.floor(Math.random() * 1e8)
      .toString()
      .padStart(8, '0')}`;
    await page.getByTestId(testIds.registerPhone).fill(phone);
    await expect(page.getByTestId(testIds.registerPassword)).toHaveCount(0);
    await page.getByTestId(testIds.registerSubmit).click();
    await page.getByTestId(testIds.registerBank).selectOption('KBANK');
    await page.getByTestId(testIds.registerAccountNumber).fill(
      `3${Math.floor(Math.random() * 1e9)
        .toString()
        .padStart(9, '0')}`,
    );
    await page.getByTestId(testIds.registerAccountName).fill('LINE สมาชิก');
    await page.getByTestId(testIds.registerSubmit).click();
    await page.getByTestId(testIds.registerSubmit).click();
    await expect(page).toHaveURL(/\/profile/);
    await page.goto(`/info/connectPhone?prefix=${site.key}`);
    await page.getByTestId(testIds.connectPhoneNumber).fill(phone);
    await page.getByTestId(testIds.connectPhonePassword).fill('phonepw99');
    await page.getByTestId(testIds.connectPhoneSubmit).click();
    await expect(page.getByTestId(testIds.formSuccess)).toBeVisible();
    await page.getByTestId(testIds.logoutButton).first().click();
    await expect(page).toHaveURL(/\/login/);
    await new LoginPage(page, site.key).logIn(phone, 'phonepw99');
    await expect(page).toHaveURL(/\/profile/);
  });
});
