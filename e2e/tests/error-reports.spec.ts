import { testIds } from '@member/shared-core/test-ids';
import type { APIRequestContext } from '@playwright/test';
import { APP_VERSION } from '@member/shared-core/contract';
import type { SimErrorReport } from '@member/member-api-sim/control-types';
import { expect, test } from '../support/fixtures';
import { SIM_URL } from '../support/sim';
import { loggedInMember } from '../support/session';
import { ONCE } from '../support/site-looks';
import { pageOnlyAssets, pageOnlyChunks, PRE8 } from '../support/remote-chunks';
import { OUR_MAJOR } from '../support/contract-versions';
import { integrityOfText, serveResigned, serveResignedFiles } from '../support/resigned-release';
import { th } from '@member/shared-core/i18n/th';

/** Reports of one kind received since `since` (the simulator's clock): other tests' reports stay out of the way. */
async function reportsOf(request: APIRequestContext, kind: string, since: number): Promise<SimErrorReport[]> {
  const response = await request.get(`${SIM_URL}/__sim/reports`);
  expect(response.ok()).toBe(true);
  const { reports } = (await response.json()) as { reports: SimErrorReport[] };
  return reports.filter((r) => r.kind === kind && r.receivedAt >= since && r.theme === 'PRE8' && r.page === 'login');
}

test.describe('error reports from the page', () => {
  test(
    'a PRE8 login page that never loads: the default theme stands in and one theme-fallback report reaches the simulator, without query or cookie',
    ONCE,
    async ({ page, site }) => {
      const broken = await pageOnlyChunks(page.request, 'pages/login');
      for (const url of broken) await page.route(url, (route) => route.fulfill({ status: 404, body: 'gone' }));
      // Tests beside this one may make PRE8's login fall back too (a dead or black-holed remote): this page's
      // report is the one naming the chunk this test broke.
      const ours = (reports: SimErrorReport[]) => reports.filter((r) => broken.some((url) => r.message.includes(url)));
      // Cookies on localhost reach every port, the simulator's too: the report must still go without them.
      await page.context().addCookies([{ name: 'report-probe', value: 'must-not-travel', domain: 'localhost', path: '/' }]);
      const since = Date.now();
      await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      await expect(page.locator('[data-theme-name="default"]').first()).toBeVisible();

      await expect.poll(async () => ours(await reportsOf(page.request, 'theme-fallback', since)).length).toBe(1);
      const [report] = ours(await reportsOf(page.request, 'theme-fallback', since));
      expect(report).toMatchObject({
        site: site.key,
        theme: 'PRE8',
        page: 'login',
        path: '/login/theme/PRE8',
        version: APP_VERSION,
        withCookie: false,
      });
      expect(report!.message).toContain('theme PRE8 unavailable for pages/login');
      const wire = JSON.stringify(report);
      expect(wire).not.toContain('?');
      expect(wire).not.toMatch(/token|prefix=/i);
    },
  );

  test('a PRE8 remote whose manifest names another contract major: a contract-mismatch report for PRE8', ONCE, async ({ page, site }) => {
    // A major no other test serves: tests beside this one refuse PRE8 too, and their reports must not count here.
    const foreign = `${OUR_MAJOR + 7}.0.0`;
    const ours = (reports: SimErrorReport[]) => reports.filter((r) => r.message.includes(`speaks contract ${foreign}`));
    await serveResigned(page, {
      origin: PRE8,
      remoteDir: 'remote-pre8',
      change: (manifest) => {
        manifest.metaData.contractVersion = foreign;
        return manifest;
      },
    });
    const since = Date.now();
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();

    await expect.poll(async () => ours(await reportsOf(page.request, 'contract-mismatch', since)).length).toBe(1);
    const [report] = ours(await reportsOf(page.request, 'contract-mismatch', since));
    expect(report).toMatchObject({ site: site.key, theme: 'PRE8', page: 'login', version: APP_VERSION, withCookie: false });
    expect(report!.message).toContain(`theme PRE8 speaks contract ${foreign}`);
  });

  test(
    'a PRE8 page that throws while it renders: the PRE8 frame stays, the default theme draws the page under a notice saying so, and a render-error report names PRE8',
    ONCE,
    async ({ page, site }) => {
      // The history page's own code is served with its component replaced by one that throws: a theme release with a
      // render bug, built and signed by PRE8's brand team (the remoteEntry carries the chunk's new hash, the signed list
      // both). Its message is this test's own, so reports of other tests do not count.
      // Letters only: the reports take digit runs out, as they may be phone numbers.
      const crash = `history page crashed ${Math.random()
        .toString(36)
        .replace(/[^a-z]/g, '')
        .slice(0, 8)}`;
      const own = await pageOnlyAssets(page.request, 'pages/history');
      let replaced = 0;
      let entry = await (await page.request.get(`${PRE8}/remoteEntry.js`)).text();
      const files: Record<string, string> = {};
      for (const asset of own) {
        const original = await (await page.request.get(`${PRE8}/${asset}`)).text();
        const text = original.replace(/default:\(\)=>([\w$]+)/, () => {
          replaced += 1;
          return `default:()=>function(){throw new Error(${JSON.stringify(crash)})}`;
        });
        files[asset] = text;
        entry = entry.replace(integrityOfText(original), integrityOfText(text));
      }
      files['remoteEntry.js'] = entry;
      await serveResignedFiles(page, { origin: PRE8, remoteDir: 'remote-pre8', files });
      await loggedInMember(page, site);
      await page.goto(`/profile?prefix=${site.key}`);
      const since = Date.now();
      await page.getByRole('link', { name: th.page.history }).first().click();
      const notice = page.getByTestId(testIds.themeFallbackNotice);
      await expect(notice).toHaveAttribute('data-reason', 'render-error');
      await expect(notice).toHaveAttribute('data-wanted-theme', 'PRE8');
      await expect(notice).toContainText(th.fallback.crashed);
      expect(replaced, "the history page's component was found and replaced").toBe(1);
      // The page works, drawn by the default theme, inside PRE8's frame; the built-in failure page is nowhere.
      await expect(page.getByTestId(testIds.historyAccount)).toBeVisible();
      await expect(page.getByTestId(testIds.layoutFrame)).toHaveAttribute('data-theme-name', 'PRE8');
      await expect(page.getByTestId(testIds.loadFailure)).toHaveCount(0);
      // The member moves on: the next page is PRE8's own again, with no notice.
      await page.getByRole('link', { name: th.page.gameuser }).first().click();
      await expect(page.getByTestId(testIds.gameUser).first()).toBeVisible();
      await expect(notice).toHaveCount(0);

      const ours = async () => {
        const { reports } = (await (await page.request.get(`${SIM_URL}/__sim/reports`)).json()) as { reports: SimErrorReport[] };
        return reports.filter((r) => r.kind === 'render-error' && r.receivedAt >= since && r.message.includes(crash));
      };
      await expect.poll(async () => (await ours()).length).toBe(1);
      expect((await ours())[0]).toMatchObject({ site: site.key, theme: 'PRE8', page: 'history', withCookie: false });
    },
  );
});
