import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { LoginPage } from '../support/login-page';
import { createMember, recordedRequests, simPost, SIM_URL } from '../support/sim';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The simulator's faults are global, so this file runs alone, after the site projects, one test at a time.
test.describe.configure({ mode: 'serial' });

const sites = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../sites.json'), 'utf8')) as { sites: Array<{ key: string }> }).sites.map((s) => s.key);

test.afterEach(async ({ request }) => {
  await request.delete(`${SIM_URL}/__sim/faults`);
});

for (const prefix of sites) {
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

test('a login that times out says so and sends once', async ({ page }) => {
  const login = new LoginPage(page, 'pre8');
  await login.open();
  const before = (await recordedRequests(page.request, 'phoneLogin')).length;
  await simPost(page.request, '/__sim/faults', { route: 'phoneLogin', delayMs: 12_000, times: 1 });
  await login.logIn('0812345678', 'demo1234');
  await page.getByTestId(testIds.loginSubmit).click();
  await expect(login.error()).toHaveText('เซิร์ฟเวอร์ตอบสนองช้าเกินไป กรุณาลองใหม่', { timeout: 15_000 });
  await expect.poll(async () => (await recordedRequests(page.request, 'phoneLogin')).length, { timeout: 5_000 }).toBe(before + 1);
});

test('a 401 mid-session logs out once, without a retry storm', async ({ page }) => {
  await page.clock.install();
  const member = await createMember(page.request, 'sm88');
  await new LoginPage(page, 'sm88').logInAndLand(member.phone, member.password);
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
  const member = await createMember(page.request, 'ufkk');
  await new LoginPage(page, 'ufkk').logInAndLand(member.phone, member.password);
  await simPost(page.request, '/__sim/faults', { route: 'verify', status: 503, times: 1 });
  await page.clock.fastForward(20_000);
  await page.clock.fastForward(2_000);
  await expect(page).toHaveURL(/\/profile/);
  await page.clock.fastForward(20_000);
  await page.reload();
  await expect(page).toHaveURL(/\/profile/);
});
