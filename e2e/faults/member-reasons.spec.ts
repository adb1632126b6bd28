import type { Page } from '@playwright/test';
import { SITES } from '../support/sites';
import { testIds } from '@member/shared-core/test-ids';
import { en } from '@member/shared-core/i18n/en';
import { th } from '@member/shared-core/i18n/th';
import type { SimErrorReport } from '@member/member-api-sim/control-types';
import { expect, test } from '../support/fixtures';
import { firstScreen, looks } from '../support/first-screen';
import { logInWithCookies } from '../support/session';
import { createMember, simPost, SIM_URL } from '../support/sim';
import { openRegistration } from '../support/site-overrides';

// The simulator's maintenance, main-switch refusals and faults are global: this file runs alone, one test at a time.
test.describe.configure({ mode: 'serial' });

const allSites = SITES;
const site = (key: string) => allSites.find((s) => s.key === key)!;
/** One site for each of the three frames. */
const FRAMES = ['pre8', 'os39', 'bkmc'] as const;

async function loggedIn(page: Page, prefix: string) {
  const member = await createMember(page.request, prefix);
  await logInWithCookies(page, site(prefix), member);
  return member;
}

test.afterEach(async ({ request }) => {
  await request.delete(`${SIM_URL}/__sim/faults`);
  await request.post(`${SIM_URL}/__sim/maintenance`, { data: { provider: 'UFA', on: false } });
  await request.post(`${SIM_URL}/__sim/switch-main/refuse`, { data: { times: 0 } });
});

test("a provider's maintenance names the provider and its planned end, beside the balance and in its dialog, in each frame", async ({
  page,
}) => {
  // A page in each frame: more than the 30 s a one-page test is given, on a loaded two-core runner.
  test.setTimeout(60_000);
  // Two hours from now on the simulator's clock: said as a time of day, or with its date past midnight.
  const until = new Date(Date.now() + 2 * 3_600_000).toISOString();
  await simPost(page.request, '/__sim/maintenance', { provider: 'UFA', on: true, until });
  for (const prefix of FRAMES) {
    await test.step(prefix, async () => {
      await loggedIn(page, prefix);
      await page.goto(`/withdraw?prefix=${prefix}`);
      for await (const look of looks(page)) {
        await page.goto(`/withdraw?prefix=${prefix}`);
        const dialog = page.getByTestId(testIds.maintenanceDialog);
        // UFA is the account in use: the dialog says it once a visit, naming UFA and when it is back.
        if (await dialog.isVisible()) {
          await expect(dialog).toContainText(look.language === 'en' ? /UFA is back at .*\d\d:\d\d/ : /UFA กลับมาให้บริการเวลา .*\d\d:\d\d/);
          await dialog.getByRole('button').click();
        }
        const money = page.getByTestId(testIds.moneyBar);
        await expect(money).toContainText(
          look.language === 'en' ? /UFA under maintenance until .*\d\d:\d\d/ : /UFA ปิดปรับปรุงถึง .*\d\d:\d\d/,
        );
        expect((await firstScreen(page)).scrollY).toBe(0);
      }
    });
  }
});

test("a main switch's refusal is said right under its button and brought into view, clear of a bottom bar, in each frame", async ({
  page,
}) => {
  for (const prefix of FRAMES) {
    await test.step(prefix, async () => {
      await loggedIn(page, prefix);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/profile?prefix=${prefix}`);
      await simPost(page.request, '/__sim/switch-main/refuse', { times: 1 });
      const button = page.getByTestId(testIds.switchMain);
      await button.click();
      const message = page.getByTestId(testIds.gamesMessage);
      await expect(message).toHaveText(th.games.errors.switchMainRefused);
      await expect
        .poll(async () => {
          const [box, under, screen] = await Promise.all([message.boundingBox(), button.boundingBox(), firstScreen(page)]);
          if (!box || !under) return 'no box';
          if (box.y < under.y + under.height - 1 || box.y - (under.y + under.height) > 80)
            return `not under its button (${box.y} vs ${under.y + under.height})`;
          return box.y >= 0 && box.y + box.height <= screen.bottom ? 'in view' : `out of view (${box.y + box.height} > ${screen.bottom})`;
        })
        .toBe('in view');
    });
  }
});

test("a refusal in the other language gets the screen's own line in the member's, and the server's words go to the error report", async ({
  page,
}) => {
  const prefix = 'pre8';
  await openRegistration(page, site(prefix));
  await simPost(page.request, '/__sim/faults', {
    route: 'registerStep1',
    body: 'shape',
    reply: { status: false, message: 'Account frozen by compliance' },
    times: 2,
  });
  const since = Date.now();
  for (const [language, strings, words] of [
    ['th', th, 'Account frozen by compliance'],
    ['en', en, null],
  ] as const) {
    await page.goto(`/register?prefix=${prefix}`);
    await page.evaluate((stored) => localStorage.setItem('locale', stored), language === 'en' ? 'EN' : 'TH');
    await page.goto(`/register?prefix=${prefix}`);
    await page.getByTestId(testIds.registerPhone).fill('0800000000');
    await page.getByTestId(testIds.registerPassword).fill('secret99');
    await page.getByTestId(testIds.registerConfirm).fill('secret99');
    await page.getByTestId(testIds.registerSubmit).click();
    // In English the server's own words are the member's language: shown as they are.
    await expect(page.getByTestId(testIds.registerError)).toHaveText(
      words ? strings.register.errors.failed : 'Account frozen by compliance',
    );
  }
  await expect
    .poll(async () => {
      const { reports } = (await (await page.request.get(`${SIM_URL}/__sim/reports`)).json()) as { reports: SimErrorReport[] };
      return reports.filter((r) => r.kind === 'server-message' && r.receivedAt >= since).map((r) => r.message);
    })
    .toEqual(['Account frozen by compliance']);
});
