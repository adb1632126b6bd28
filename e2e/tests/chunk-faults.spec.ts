import { testIds } from '@member/shared-core/test-ids';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { loggedInMember } from '../support/session';
import { accountCard } from '../support/games';
import { ONCE, perLook } from '../support/site-looks';
import { OTHER_MAJOR_VERSION, OUR_MAJOR } from '../support/contract-versions';
import { serveResigned } from '../support/resigned-release';
import { pageOnlyChunks, PRE8 } from '../support/remote-chunks';
import { th } from '@member/shared-core/i18n/th';

const HOST_CHUNK = (name: string) => `**/static/js/async/${name}.*.js`;

/** Counts the page's document loads (goto, reloads; not the router's in-page navigations). */
function countDocuments(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) counter.count += 1;
  });
  return counter;
}

const failureTitle = (page: Page) => page.getByTestId(testIds.loadFailure).getByRole('alert');

test.describe('host chunks that do not load', () => {
  test(
    'the wallet hooks 404 on /withdraw: two requests, one reload, then the built-in page, whose button brings the page back',
    perLook('withdraw'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await page.clock.install();
      const documents = countDocuments(page);
      // Which document each request for the chunk came from: 1 for the visit, 2 for the guarded reload.
      const requests: number[] = [];
      await page.route(HOST_CHUNK('hooks-wallet'), (route) => {
        requests.push(documents.count);
        return route.fulfill({ status: 404, body: 'gone' });
      });

      await page.goto(`/withdraw?prefix=${site.key}`);
      await expect(failureTitle(page)).toHaveText(th.loadFailure.title);
      expect(documents.count).toBe(2);
      expect(requests.filter((d) => d === 1).length).toBeLessThanOrEqual(2);
      expect(requests.filter((d) => d === 2).length).toBeLessThanOrEqual(2);
      const shown = requests.length;

      // Half a minute later nothing has asked again: no loop, no second reload.
      await page.clock.runFor(30_000);
      await expect(failureTitle(page)).toBeVisible();
      expect(requests.length).toBe(shown);
      expect(documents.count).toBe(2);

      await page.unroute(HOST_CHUNK('hooks-wallet'));
      await page.getByTestId(testIds.loadFailureReload).click();
      await expect(page.getByTestId(testIds.withdrawSubmit)).toBeVisible();
      await expect(page.getByTestId(testIds.loadFailure)).toHaveCount(0);
    },
  );

  test('the chunk holding the app 404s on the first load: the built-in page, not a blank one', ONCE, async ({ page, site }) => {
    const documents = countDocuments(page);
    let requests = 0;
    await page.route(HOST_CHUNK('app'), (route) => {
      requests += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    // A page the server does not draw (its theme's own address): the app's start is what is tested.
    await page.goto(`/login/theme/${site.theme}?prefix=${site.key}`);
    await expect(failureTitle(page)).toHaveText(th.loadFailure.title);
    await expect(page.getByRole('button', { name: th.loadFailure.reload })).toBeVisible();
    expect(documents.count).toBe(2);
    expect(requests).toBeLessThanOrEqual(4);

    await page.unroute(HOST_CHUNK('app'));
    await page.getByTestId(testIds.loadFailureReload).click();
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
  });
});

test.describe('theme remote chunks that do not load', () => {
  test('a PRE8 page chunk that 404s once: the page still renders in PRE8, with no notice and no reload', ONCE, async ({ page, site }) => {
    const chunks = await pageOnlyChunks(page.request, 'pages/login');
    const documents = countDocuments(page);
    const asked = new Map<string, number>();
    for (const url of chunks) {
      await page.route(url, (route) => {
        asked.set(url, (asked.get(url) ?? 0) + 1);
        return asked.get(url) === 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue();
      });
    }
    await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    await expect(page.locator('[data-theme-name="default"]')).toHaveCount(0);
    await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    expect(
      [...asked.values()].every((n) => n === 2),
      'each chunk asked again after its 404',
    ).toBe(true);
    expect(documents.count).toBe(1);
  });

  test(
    'PRE8 redeployed while the page was open: the retry reads the new manifest and loads the new build',
    ONCE,
    async ({ page, site }) => {
      const chunks = await pageOnlyChunks(page.request, 'pages/login');
      const manifests: string[] = [];
      // The new build is signed by PRE8's brand team like the first.
      await serveResigned(page, {
        origin: PRE8,
        remoteDir: 'remote-pre8',
        aliases: { 'remoteEntry.js?build=2': 'remoteEntry.js' },
        change: (manifest, asked) => {
          // The first answer is the build the page started with; later ones name the new build's entry.
          if (asked > 0) manifest.metaData.remoteEntry.name = 'remoteEntry.js?build=2';
          manifests.push(manifest.metaData.remoteEntry.name);
          return manifest;
        },
      });
      const entries: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(`${PRE8}/remoteEntry.js`)) entries.push(request.url());
      });
      // Until the new build's entry is loaded, the page chunk the old build names is gone from the server.
      for (const url of chunks) {
        await page.route(url, (route) => (entries.length < 2 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
      }
      await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
      expect(manifests).toEqual(['remoteEntry.js', 'remoteEntry.js?build=2']);
      expect(entries).toEqual([`${PRE8}/remoteEntry.js`, `${PRE8}/remoteEntry.js?build=2`]);
      await page.getByTestId(testIds.loginPhone).fill('0812345678');
      await expect(page.getByTestId(testIds.loginPhone)).toHaveValue('081-234-5678');
    },
  );

  test(
    'a PRE8 page chunk that always 404s: the default theme with the notice, and PRE8 is tried again on the next navigation',
    ONCE,
    async ({ page, site }) => {
      await loggedInMember(page, site);
      const chunks = await pageOnlyChunks(page.request, 'pages/profile');
      const requested: string[] = [];
      page.on('request', (request) => {
        if (chunks.includes(request.url())) requested.push(request.url());
      });
      for (const url of chunks) await page.route(url, (route) => route.fulfill({ status: 404, body: 'gone' }));
      // What the theme loader said: a load that stalled instead of failing is passed over as a remote that is down (for
      // the breaker's cool-down), and is then not asked again on the next navigation; a failure says which it was.
      const loaderSaid: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith('[theme]')) loaderSaid.push(message.text());
      });

      await page.goto(`/profile/theme/PRE8?prefix=${site.key}`);
      // The default theme's profile page, inside the PRE8 frame, under the notice.
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveAttribute('data-wanted-theme', 'PRE8');
      await expect(accountCard(page, 'UFA')).toBeVisible();
      await expect(page.getByTestId(testIds.layoutFrame)).toHaveAttribute('data-theme-name', 'PRE8');
      const firstVisit = requested.length;
      expect(firstVisit).toBeGreaterThan(0);
      expect(firstVisit).toBeLessThanOrEqual(2 * chunks.length);

      // Another page, the remote fixed meanwhile, then back: PRE8 is asked again and renders.
      await page.getByRole('link', { name: th.page.gameuser }).first().click();
      await expect(page).toHaveURL(/\/gameuser/);
      // The other page shown, not only its address: a path the app never rendered is not a visit.
      await expect(page.getByTestId(testIds.gameUser).first()).toBeVisible();
      for (const url of chunks) await page.unroute(url);
      await page.goBack();
      await expect(page).toHaveURL(/\/profile\/theme\/PRE8/);
      await expect
        .poll(() => requested.length, { message: `PRE8's profile chunks asked again; the theme loader said: ${loaderSaid.join(' | ')}` })
        .toBeGreaterThan(firstVisit);
      await expect(accountCard(page, 'UFA')).toBeVisible();
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    },
  );

  test(
    'a remote whose manifest names another contract major: none of its scripts is requested, and the default theme stands in',
    ONCE,
    async ({ page, site }) => {
      let manifests = 0;
      // Built and signed by PRE8's brand team, for another contract major.
      await serveResigned(page, {
        origin: PRE8,
        remoteDir: 'remote-pre8',
        change: (manifest) => {
          manifests += 1;
          expect(String(manifest.metaData.contractVersion).split('.')[0]).toBe(String(OUR_MAJOR));
          manifest.metaData.contractVersion = OTHER_MAJOR_VERSION;
          return manifest;
        },
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(PRE8) && !/\/(mf-manifest|signed-files)\.json$/.test(request.url())) scripts.push(request.url());
      });
      await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveAttribute('data-wanted-theme', 'PRE8');
      await expect(page.locator('[data-theme-name="default"]').first()).toBeVisible();
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      expect(manifests).toBe(1);
      expect(scripts).toEqual([]);
    },
  );
});
