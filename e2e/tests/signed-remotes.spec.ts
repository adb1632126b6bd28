import { testIds } from '@member/shared-core/test-ids';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, overrideConfig, test } from '../support/fixtures';
import { SIM_URL } from '../support/sim';
import { ONCE } from '../support/site-looks';
import { pageOnlyChunks, PRE8 } from '../support/remote-chunks';
import { serveRelease } from '../support/resigned-release';
import { th } from '@member/shared-core/i18n/th';

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

/** The release PRE8's build signed: its sequence. */
async function pre8Sequence(request: APIRequestContext): Promise<number> {
  const document = (await (await request.get(`${PRE8}/signed-files.json`)).json()) as { signed: string };
  return (JSON.parse(document.signed) as { sequence: number }).sequence;
}

/** A new page load in the same tab, its breakers forgotten (a refusal trips PRE8's for the rest of the tab's visit). */
async function reopen(page: Page, site: { key: string }): Promise<void> {
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
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
    const tags = await page.evaluate(
      (origin) =>
        [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')]
          .filter(
            (el) => ('src' in el ? el.src : el.href).startsWith(origin) && !(el instanceof HTMLLinkElement && el.rel === 'preconnect'),
          )
          .map((el) => ({ integrity: el.integrity, crossOrigin: el.crossOrigin })),
      PRE8,
    );
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
    const since = Date.now() - 1000;
    const chunks = new Set(await pageOnlyChunks(page.request, 'pages/login'));
    await page.route(
      (url) => chunks.has(url.href),
      (route) => alter(route, (text) => text + PAYLOAD),
    );
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expectDefaultWithNotice(page);
    expect(await ran(page)).toBe(0);
    // Fetched again past the cache, it is still not the signed file: the release as served is refused, and both the
    // tab's breaker and the report say which file (the page may have more than one chunk of its own, every one
    // altered here: the first the loader checks is the one named).
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('member-theme-breaker') ?? ''))
      .toContain('fetched again past the cache too');
    const breaker = await page.evaluate(() => sessionStorage.getItem('member-theme-breaker') ?? '');
    const named = [...chunks].filter((chunk) => breaker.includes(new URL(chunk).pathname.split('/').pop()!));
    expect(named, `the breaker names one of the altered files: ${breaker}`).toHaveLength(1);
    await expect
      .poll(async () =>
        (await reportsOf(page.request, 'signature-refused', since)).some((report) =>
          report.message.includes('fetched again past the cache too'),
        ),
      )
      .toBe(true);
  });

  test(
    'a manifest altered after signing is refused before any script of the remote is asked for, and reported',
    ONCE,
    async ({ page, site }) => {
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
      await page.route(`${PRE8}/static/js/evil.js`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: PAYLOAD, headers: { 'access-control-allow-origin': '*' } }),
      );
      await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
      await expectDefaultWithNotice(page);
      expect(await ran(page)).toBe(0);
      expect(asked).toEqual([]);
      // The simulator keeps every page's reports: another test's refusal (an unsigned release) may come in the same moment.
      await expect
        .poll(async () =>
          (await reportsOf(page.request, 'signature-refused', since)).some((report) =>
            report.message.includes('is not the file that was signed'),
          ),
        )
        .toBe(true);
    },
  );

  test('an unsigned release, or one signed by a key config.json does not list, loads none of its code', ONCE, async ({ page, site }) => {
    const asked = pre8Code(page);
    await page.route(`${PRE8}/signed-files.json`, (route) =>
      route.fulfill({ status: 404, body: 'gone', headers: { 'access-control-allow-origin': '*' } }),
    );
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

test.describe('signed releases move forward only, and go stale', () => {
  test(
    "an older release, one below the operator's floor and an expired one, each validly signed, run none of their code",
    ONCE,
    async ({ page, site }) => {
      const since = Date.now() - 1000;
      const sequence = await pre8Sequence(page.request);
      await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
      await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();

      // The brand host serves the release before it (a rollback), signed by PRE8's brand team as it was then.
      const asked = pre8Code(page);
      await serveRelease(page, { origin: PRE8, remoteDir: 'remote-pre8', change: () => ({ sequence: sequence - 86_400_000 }) });
      await reopen(page, site);
      await expectDefaultWithNotice(page);
      expect(asked).toEqual([]);
      await expect
        // (Long digit runs leave the page as [number]: a report never carries what could be a phone number.)
        .poll(async () =>
          (await reportsOf(page.request, 'release-refused', since)).some((r) =>
            /of theme PRE8 is older than release .*, which this device has run/.test(r.message),
          ),
        )
        .toBe(true);
      await page.unroute(`${PRE8}/signed-files.json`);

      // The current release, on a device that never ran a newer one, below the floor the operator pinned.
      await page.evaluate(() => localStorage.clear());
      await overrideConfig(page, (config) => ({ ...config, remoteMinRelease: { PRE8: sequence + 1 } }));
      await reopen(page, site);
      await expectDefaultWithNotice(page);
      expect(asked).toEqual([]);
      await page.unroute('**/config.json');

      // The current release kept past its expiry (a brand host frozen on it): stale.
      await serveRelease(page, {
        origin: PRE8,
        remoteDir: 'remote-pre8',
        change: () => ({ expires: new Date(Date.now() - 60_000).toISOString() }),
      });
      await reopen(page, site);
      await expectDefaultWithNotice(page);
      expect(asked).toEqual([]);
      await expect
        .poll(async () => (await reportsOf(page.request, 'release-refused', since)).some((r) => /of theme PRE8 expired at/.test(r.message)))
        .toBe(true);
      await page.unroute(`${PRE8}/signed-files.json`);

      // The same release again, not expired: it runs.
      await reopen(page, site);
      await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    },
  );
});

test.describe('a key retired while a tab is open', () => {
  // With the service worker, as members have it: its store must let go of the retired release too.
  test.use({ serviceWorkers: 'allow' });

  /** The addresses of PRE8's code (scripts and stylesheets) the service worker holds. */
  const storedPre8Code = (page: Page) =>
    page.evaluate(async (origin) => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls.filter((url) => url.startsWith(`${origin}/`) && /\.(js|css)$/.test(new URL(url).pathname));
    }, PRE8);

  test(
    "the tab's next page runs none of the retired release's code, and the worker drops its files",
    ONCE,
    async ({ page, context, site }) => {
      await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
      await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
        .toBe('activated');
      // Loaded again under the worker, which now stores PRE8's files.
      await page.reload();
      await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
      await expect.poll(async () => (await storedPre8Code(page)).length).toBeGreaterThan(3);

      // The operator drops the key PRE8's release is signed with (another brand team's key in its place). Through the
      // context, so the worker's own requests see it too.
      await context.route('**/config.json', async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as { remoteKeys: Record<string, string[]> };
        await route.fulfill({
          response,
          body: JSON.stringify({ ...config, remoteKeys: { ...config.remoteKeys, PRE8: config.remoteKeys.OSAKA39 } }),
        });
      });
      const asked: string[] = [];
      context.on('request', (request) => {
        if (request.url().startsWith(`${PRE8}/static/`)) asked.push(request.url());
      });
      await page.getByRole('link', { name: th.login.register }).click();
      await expect(page).toHaveURL(/\/register/);
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveAttribute('data-wanted-theme', 'PRE8');
      await expect(page.locator('[data-theme-name="default"]').first()).toBeVisible();
      await expect(page.locator('[data-theme-name="PRE8"]')).toHaveCount(0);
      expect(asked).toEqual([]);
      await expect.poll(() => storedPre8Code(page)).toEqual([]);
    },
  );
});
