import { testIds } from '@member/shared-core/test-ids';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, overrideConfig, test } from '../support/fixtures';
import { SIM_URL } from '../support/sim';
import { ONCE } from '../support/site-looks';
import { pageOnlyChunks, PRE8 } from '../support/remote-chunks';

/**
 * A theme remote's release is signed by its brand team (signed-files.json beside its manifest); the host checks the
 * signature before it asks for any script of the remote, and loads each one with its signed SHA-384 as integrity.
 * Here PRE8's files are altered on their way to the browser, after signing: the altered code must never run, and the
 * page must come from the default theme with the fallback notice.
 */
/** What the altered code would do if it ever ran. */
const PAYLOAD = ';window.__memberTampered = (window.__memberTampered || 0) + 1;';

const ran = (page: Page) => page.evaluate(() => (window as unknown as { __memberTampered?: number }).__memberTampered ?? 0);

/** The file as served, with `change` applied to its text (the encoding dropped: the body given is the plain text). */
async function alter(route: Route, change: (text: string) => string): Promise<void> {
  const response = await route.fetch();
  const headers = { ...response.headers() };
  delete headers['content-encoding'];
  delete headers['content-length'];
  await route.fulfill({ status: response.status(), headers, body: change(await response.text()) });
}

/** Every script (and stylesheet) of PRE8 the page asked for. */
function pre8Code(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${PRE8}/`) && /\.(js|css)$/.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  return asked;
}

async function expectDefaultWithNotice(page: Page): Promise<void> {
  await expect(page.locator('[data-theme-name="default"]').first()).toBeVisible();
  await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveAttribute('data-wanted-theme', 'PRE8');
  await expect(page.getByTestId(testIds.loginPhone)).toBeVisible();
}

async function reportsOf(request: APIRequestContext, kind: string, since: number): Promise<Array<{ message: string }>> {
  const { reports } = (await (await request.get(`${SIM_URL}/__sim/reports`)).json()) as {
    reports: Array<{ kind: string; theme: string | null; receivedAt: number; message: string }>;
  };
  return reports.filter((r) => r.kind === kind && r.theme === 'PRE8' && r.receivedAt >= since);
}

test.describe('signed theme remotes', () => {
  test('as served, PRE8 is signed and loads with integrity on its scripts', ONCE, async ({ page, site }) => {
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    const tags = await page.evaluate((origin) =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')]
        .filter((el) => ('src' in el ? el.src : el.href).startsWith(origin) && !(el instanceof HTMLLinkElement && el.rel === 'preconnect'))
        .map((el) => ({ integrity: el.integrity, crossOrigin: el.crossOrigin })),
    PRE8);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toEqual({ integrity: expect.stringMatching(/^sha384-/) as unknown, crossOrigin: 'anonymous' });
  });

  test('a remoteEntry.js altered after signing never runs; the default theme stands in with the notice', ONCE, async ({ page, site }) => {
    await page.route(`${PRE8}/remoteEntry.js`, (route) => alter(route, (text) => text + PAYLOAD));
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expectDefaultWithNotice(page);
    expect(await ran(page)).toBe(0);
  });

  test('a page chunk altered after signing never runs; the default theme stands in with the notice', ONCE, async ({ page, site }) => {
    const chunks = new Set(await pageOnlyChunks(page.request, 'pages/login'));
    await page.route((url) => chunks.has(url.href), (route) => alter(route, (text) => text + PAYLOAD));
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expectDefaultWithNotice(page);
    expect(await ran(page)).toBe(0);
  });

  test('a manifest altered after signing is refused before any script of the remote is asked for, and reported', ONCE, async ({ page, site }) => {
    const since = Date.now() - 1000;
    const asked = pre8Code(page);
    // One more file for the page: exactly what an attacker who can change the manifest would add.
    await page.route(`${PRE8}/mf-manifest.json`, (route) =>
      alter(route, (text) => {
        const altered = text.replace(/"sync": ?\[/, '"sync": ["static/js/evil.js", ');
        expect(altered).not.toBe(text);
        return altered;
      }),
    );
    await page.route(`${PRE8}/static/js/evil.js`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: PAYLOAD, headers: { 'access-control-allow-origin': '*' } }));
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expectDefaultWithNotice(page);
    expect(await ran(page)).toBe(0);
    expect(asked).toEqual([]);
    // The simulator keeps every page's reports: another test's refusal (an unsigned release) may come in the same moment.
    await expect
      .poll(async () => (await reportsOf(page.request, 'signature-refused', since)).some((report) => report.message.includes('is not the file that was signed')))
      .toBe(true);
  });

  test('an unsigned release, or one signed by a key config.json does not list, loads none of its code', ONCE, async ({ page, site }) => {
    const asked = pre8Code(page);
    await page.route(`${PRE8}/signed-files.json`, (route) => route.fulfill({ status: 404, body: 'gone', headers: { 'access-control-allow-origin': '*' } }));
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expectDefaultWithNotice(page);
    await page.unroute(`${PRE8}/signed-files.json`);

    // Another remote's key in PRE8's place: the release is signed, but not by PRE8's brand team.
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await overrideConfig(page, (config) => {
      const keys = config.remoteKeys as Record<string, string[]>;
      keys.PRE8 = keys.OSAKA39!;
      return config;
    });
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expectDefaultWithNotice(page);
    expect(asked).toEqual([]);
  });
});
