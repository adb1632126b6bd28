import { testIds } from '@member/shared-core/test-ids';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { SIM_URL } from '../support/sim';
import { ONCE } from '../support/site-looks';
import { OUR_MAJOR } from '../support/contract-versions';

const PRE8 = `http://localhost:${process.env.REMOTE_PRE8_PORT ?? 3002}`;
/** The version the host reports, as the members' bridge shows it. */
const APP_VERSION = '1.062';

interface ReceivedReport {
  kind: string;
  message: string;
  site: string | null;
  theme: string | null;
  page: string | null;
  path: string | null;
  version: string | null;
  time: string | null;
  receivedAt: number;
  withCookie: boolean;
}

/** Reports of one kind received since `since` (the simulator's clock): other tests' reports stay out of the way. */
async function reportsOf(request: APIRequestContext, kind: string, since: number): Promise<ReceivedReport[]> {
  const response = await request.get(`${SIM_URL}/__sim/reports`);
  expect(response.ok()).toBe(true);
  const { reports } = (await response.json()) as { reports: ReceivedReport[] };
  return reports.filter((r) => r.kind === kind && r.receivedAt >= since && r.theme === 'PRE8' && r.page === 'login');
}

/** The chunks only PRE8's login page loads: breaking them breaks that page alone. */
async function loginOnlyChunks(request: APIRequestContext): Promise<string[]> {
  const manifest = (await (await request.get(`${PRE8}/mf-manifest.json`)).json()) as { exposes: Array<{ name: string; assets: { js: { sync: string[] } } }> };
  const others = new Set(manifest.exposes.filter((e) => e.name !== 'pages/login').flatMap((e) => e.assets.js.sync));
  const own = manifest.exposes.find((e) => e.name === 'pages/login')!.assets.js.sync.filter((asset) => !others.has(asset));
  expect(own.length).toBeGreaterThan(0);
  return own.map((asset) => `${PRE8}/${asset}`);
}

test.describe('error reports from the page', () => {
  test('a PRE8 login page that never loads: the default theme stands in and one theme-fallback report reaches the simulator, without query or cookie', ONCE, async ({ page, site }) => {
    const broken = await loginOnlyChunks(page.request);
    for (const url of broken) await page.route(url, (route) => route.fulfill({ status: 404, body: 'gone' }));
    // Tests beside this one may make PRE8's login fall back too (a dead or black-holed remote): this page's
    // report is the one naming the chunk this test broke.
    const ours = (reports: ReceivedReport[]) => reports.filter((r) => broken.some((url) => r.message.includes(url)));
    // Cookies on localhost reach every port, the simulator's too: the report must still go without them.
    await page.context().addCookies([{ name: 'report-probe', value: 'must-not-travel', domain: 'localhost', path: '/' }]);
    const since = Date.now();
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    await expect(page.locator('[data-theme-name="default"]').first()).toBeVisible();

    await expect.poll(async () => ours(await reportsOf(page.request, 'theme-fallback', since)).length).toBe(1);
    const [report] = ours(await reportsOf(page.request, 'theme-fallback', since));
    expect(report).toMatchObject({ site: site.key, theme: 'PRE8', page: 'login', path: '/login/theme/PRE8', version: APP_VERSION, withCookie: false });
    expect(report!.message).toContain('theme PRE8 unavailable for pages/login');
    const wire = JSON.stringify(report);
    expect(wire).not.toContain('?');
    expect(wire).not.toMatch(/token|prefix=/i);
  });

  test('a PRE8 remote whose manifest names another contract major: a contract-mismatch report for PRE8', ONCE, async ({ page, site }) => {
    // A major no other test serves: tests beside this one refuse PRE8 too, and their reports must not count here.
    const foreign = `${OUR_MAJOR + 7}.0.0`;
    const ours = (reports: ReceivedReport[]) => reports.filter((r) => r.message.includes(`speaks contract ${foreign}`));
    await page.route(`${PRE8}/mf-manifest.json`, async (route) => {
      const response = await route.fetch();
      const manifest = (await response.json()) as { metaData: Record<string, unknown> };
      manifest.metaData.contractVersion = foreign;
      await route.fulfill({ response, json: manifest });
    });
    const since = Date.now();
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();

    await expect.poll(async () => ours(await reportsOf(page.request, 'contract-mismatch', since)).length).toBe(1);
    const [report] = ours(await reportsOf(page.request, 'contract-mismatch', since));
    expect(report).toMatchObject({ site: site.key, theme: 'PRE8', page: 'login', version: APP_VERSION, withCookie: false });
    expect(report!.message).toContain(`theme PRE8 speaks contract ${foreign}`);
  });
});
