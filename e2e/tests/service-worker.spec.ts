import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { SITES } from '../support/sites';
import { testIds } from '@member/shared-core/test-ids';
import { offlinePageText } from '@member/shared-core/offline-page';
import { axeViolations } from '../support/axe';
import { isRunning, startChildServer, stopChildServer } from '../support/child-servers';
import { expect, holdRequests, test } from '../support/fixtures';
import { appHasThePage, loggedInMember } from '../support/session';
import { movedPorts, portEnv } from '../support/moved-ports';
import { ONCE } from '../support/site-looks';
import { th } from '@member/shared-core/i18n/th';

/**
 * The service worker (host/src/features/worker): the shell from its precache on a repeat visit, the brand's offline page
 * without a network, the update offer after a redeploy (held back by an unresolved withdrawal), and caches that never
 * hold a token or anything of the member. The rest of the suite runs with workers blocked (playwright.config.ts).
 */
test.use({ serviceWorkers: 'allow' });

const root = path.resolve(import.meta.dirname, '../..');

/** Resolves once a worker controls the page (the first one takes the page that registered it). */
async function controlled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 }).toBe('activated');
}

/** Every entry of every cache of the origin, each with its body as text. */
async function everyCachedEntry(page: Page): Promise<{ cache: string; url: string; body: string }[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ cache: name, url: request.url, body: response ? await response.text() : '' });
      }
    }
    return entries;
  });
}

/** The stored sites.json and the logo are there for the offline page (the first worker is asked to store them). */
async function offlinePageReady(page: Page, logo: string): Promise<void> {
  await expect
    .poll(async () => (await everyCachedEntry(page)).map((entry) => new URL(entry.url).pathname))
    .toEqual(expect.arrayContaining(['/sites.json', logo, '/offline.html']));
}

test('a repeat visit loads the shell from the worker', ONCE, async ({ page, site }) => {
  await page.goto(`/login?prefix=${site.key}`);
  await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
  await controlled(page);

  const shell: { url: string; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === new URL(page.url()).origin && (url.pathname === '/login' || url.pathname.startsWith('/static/'))) {
      shell.push({ url: url.pathname, fromWorker: response.fromServiceWorker() });
    }
  });
  await page.goto(`/login?prefix=${site.key}`);
  await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
  // The drawn form shows before the app's scripts are in; they are all in once the app has the page.
  await appHasThePage(page);
  // The page itself (asked of the network through the worker) and every host file of the first screen.
  expect(shell.find((entry) => entry.url === '/login')).toEqual({ url: '/login', fromWorker: true });
  expect(shell.filter((entry) => entry.url.startsWith('/static/js/')).length).toBeGreaterThan(3);
  expect(shell.filter((entry) => !entry.fromWorker)).toEqual([]);
  // The entry script is the precache's copy, kept under its hashed name.
  const entry = shell.find((file) => /^\/static\/js\/index\.[0-9a-f]+\.js$/.test(file.url))!.url;
  const precached = await page.evaluate(async (url) => !!(await (await caches.open('member-precache')).match(url)), entry);
  expect(precached).toBe(true);
});

test(
  "without a network every site shows its brand's own offline page, and comes back with the network",
  ONCE,
  async ({ page, context }) => {
    // A page per brand, twice: more than the 30 s a one-page test is given, on a loaded two-core runner.
    test.setTimeout(60_000);
    // Every brand of sites.json, each in the scheme it opens in (its first), with its own logo and name.
    const sites = SITES;
    expect(new Set(sites.map((site) => site.schemes[0]!))).toEqual(new Set(['light', 'dark']));
    for (const site of sites) {
      const { key } = site;
      const scheme = site.schemes[0]!;
      await page.goto(`/login?prefix=${key}`);
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      await controlled(page);
      await offlinePageReady(page, site.brand.logo);

      await context.setOffline(true);
      await page.reload();
      const offline = page.getByTestId(testIds.offlinePage);
      await expect(offline).toBeVisible();
      await expect(offline).toHaveAttribute('data-brand', key);
      await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(offlinePageText.th.title);
      await expect(offline.getByText(site.brand.name, { exact: true })).toBeVisible();
      const logo = offline.locator('img');
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(new URL(await logo.evaluate((img: HTMLImageElement) => img.src)).pathname).toBe(site.brand.logo);
      // The brand's own colours as its pages showed them, not the browser's white.
      const ground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(ground).not.toBe('rgba(0, 0, 0, 0)');
      expect(ground).not.toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: test.info().outputPath(`offline-${key}-${scheme}.png`) });
      // Readable in the brand's colours, a heading, a labelled button, a language.
      expect(await axeViolations(page, {}), `${key} offline page`).toEqual([]);

      // Retry while still offline says so; the network's return reloads the page by itself.
      await page.getByTestId(testIds.offlineRetry).click();
      await expect(page.getByTestId(testIds.offlineStatus)).toHaveText(offlinePageText.th.stillOffline);
      await context.setOffline(false);
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    }

    // The member's language: English when they chose it.
    await page.evaluate(() => localStorage.setItem('locale', 'EN'));
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offlinePageText.en.title);
    await expect(page.getByTestId(testIds.offlineRetry)).toHaveText(offlinePageText.en.retry);
    await context.setOffline(false);
  },
);

test('no cache holds a token or anything of the member, during a session or after the logout', ONCE, async ({ page, context, site }) => {
  const member = await loggedInMember(page, site);
  await page.goto(`/profile?prefix=${site.key}`);
  await expect(page.getByTestId(testIds.logoutButton).first()).toBeVisible();
  await controlled(page);
  // A session's worth of pages under the worker: member pages, a lobby with its list, the wallet.
  for (const path of ['/slot', '/withdraw', '/history', '/profile']) {
    await page.goto(`${path}?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.logoutButton).first()).toBeVisible();
  }
  const token = decodeURIComponent((await context.cookies()).find((c) => c.name === `token-${site.key}`)!.value);
  const secrets = [token, encodeURIComponent(token), member.phone];
  const check = async (when: string) => {
    const entries = await everyCachedEntry(page);
    expect(entries.length, `the worker stored the shell ${when}`).toBeGreaterThan(5);
    const apiBase = ((await (await page.request.get('/config.json')).json()) as { apiBase: string }).apiBase;
    const apiOrigin = new URL(apiBase, page.url()).origin;
    const leaks = entries.filter(
      ({ url, body }) =>
        new URL(url).pathname.startsWith('/api/') ||
        new URL(url).origin === apiOrigin ||
        secrets.some((secret) => url.includes(secret) || body.includes(secret)),
    );
    expect(
      leaks.map((entry) => `${entry.cache} ${entry.url}`),
      `cached entries with a token, member data or an API reply ${when}`,
    ).toEqual([]);
  };
  await check('during the session');
  // The members' frames drawn in the HTML are kept by address (drawn for nobody: no token, no phone, as just checked),
  // and the next visit to one is answered by the worker at once, the network's answer kept for the one after.
  const frames = async () =>
    (await everyCachedEntry(page)).filter((entry) => entry.cache === 'member-frames').map((entry) => new URL(entry.url).pathname);
  await expect.poll(frames).toEqual(expect.arrayContaining(['/slot', '/withdraw', '/history', '/profile']));
  const again = await page.goto(`/slot?prefix=${site.key}`);
  expect(again!.headers()['x-member-worker']).toBe('kept');
  await expect(page.getByTestId(testIds.logoutButton).first()).toBeVisible();

  await page.getByTestId(testIds.logoutButton).first().click();
  await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
  await check('after the logout');
  await expect.poll(frames, 'no frame is kept once the session has ended').toEqual([]);
});

test(
  "a member's frame that came before the worker was active is kept once the worker holds its tab, and answers the next visit",
  ONCE,
  async ({ page, context, site }) => {
    await loggedInMember(page, site);
    // The lobby opens first, with no worker yet; its app's worker code waits until the worker the profile's tab
    // registers has taken this tab too (the first worker takes every open page).
    const lobby = await context.newPage();
    const releaseWorkerCode = await holdRequests(lobby, '**/static/js/async/worker-updates.*.js');
    const first = await lobby.goto(`/slot?prefix=${site.key}`);
    expect(first!.fromServiceWorker()).toBe(false);
    await expect(lobby.getByTestId(testIds.gameTile).first()).toBeVisible();
    await page.goto(`/profile?prefix=${site.key}`);
    await controlled(page);
    await controlled(lobby);
    releaseWorkerCode();
    const frames = async () =>
      (await everyCachedEntry(page)).filter((entry) => entry.cache === 'member-frames').map((entry) => new URL(entry.url).pathname);
    await expect.poll(frames).toEqual(expect.arrayContaining(['/slot']));
    const again = await lobby.goto(`/slot?prefix=${site.key}`);
    expect(again!.headers()['x-member-worker']).toBe('kept');
    await expect(lobby.getByTestId(testIds.gameTile).first()).toBeVisible();
  },
);

/**
 * The worker versions as the browser reports them (state, running status, the clients each controls), each change with
 * its time since the call, and the requests not yet finished: what a reload that does not come was waiting for.
 */
async function followWorkers(page: Page): Promise<{ log: () => string[] }> {
  const start = Date.now();
  const lines: string[] = [];
  const open = new Map<string, string>();
  const at = () => `${((Date.now() - start) / 1000).toFixed(2)} s`;
  const session = await page.context().newCDPSession(page);
  session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      lines.push(
        `${at()} version ${version.versionId}: ${version.status}, ${version.runningStatus}, controls ${version.controlledClients?.length ?? 0}`,
      );
    }
  });
  await session.send('ServiceWorker.enable');
  // The context's requests, not only the page's: a worker's own fetches are the context's.
  const context = page.context();
  context.on('request', (request) => open.set(request.url(), at()));
  context.on('requestfinished', (request) => open.delete(request.url()));
  context.on('requestfailed', (request) => open.delete(request.url()));
  return { log: () => [...lines, ...[...open].map(([url, since]) => `request since ${since} not finished: ${url}`)] };
}

/** A copy of the host's build, served with the remotes on ports of its own (the simulator is not needed by a guest). */
const COPY_OFFSET = 40;
/** Ports of this worker's copy: the tests after a redeploy run side by side, each worker's demo 5 ports on from the last. */
const copyPorts = () => movedPorts(COPY_OFFSET + 5 * test.info().parallelIndex);

async function serveCopy(hostDist: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const ports = copyPorts();
  const server = startChildServer(path.join(root, 'scripts', 'serve.mjs'), ['--no-sim', `--root-host=${hostDist}`], {
    cwd: root,
    env: { ...process.env, ...portEnv(ports) },
  });
  const url = `http://localhost:${ports.HOST_PORT}`;
  await expect
    .poll(
      async () => {
        if (!isRunning(server)) throw new Error(`serve.mjs exited: ${server.output.join('')}`);
        return server.output.join('').includes('Member site is up');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return {
    url,
    stop: () => stopChildServer(server),
  };
}

/**
 * A new host deployed: its index.html (and so its precache revision) changed, so `/sw.js` changed. The copy's
 * compressed copies of sw.js go, as a deploy would replace them.
 */
function redeploy(hostDist: string): void {
  const worker = path.join(hostDist, 'sw.js');
  const source = readFileSync(worker, 'utf8');
  const changed = source.replace(/("url":"\/index\.html","revision":")([0-9a-f]+)"/, (_match, head: string) => `${head}${'0'.repeat(32)}"`);
  expect(changed, 'the precache list names index.html with a revision').not.toBe(source);
  writeFileSync(worker, changed);
  rmSync(`${worker}.br`, { force: true });
  rmSync(`${worker}.gz`, { force: true });
}

/** An unresolved withdrawal as the wallet stores it (wallet/withdraw-intents.ts), or the same one settled. */
const storedIntent = (prefix: string, state: 'pending' | 'completed') =>
  [
    `withdrawIntents_${prefix}`,
    JSON.stringify({
      [`${prefix}g1001`]: { key: 'k-update-test', gameuser: `${prefix}g1001`, service: 'UFA', amount: 100, createdAt: Date.now(), state },
    }),
  ] as const;

async function writeFromAnotherTab(context: BrowserContext, url: string, entry: readonly [string, string]): Promise<void> {
  const tab = await context.newPage();
  await tab.goto(`${url}/sites.json`);
  await tab.evaluate(([key, value]) => localStorage.setItem(key, value), entry);
  await tab.close();
}

test.describe('after a redeploy of the host', () => {
  // Each test first copies the build and starts a demo of its own on it (its pages drawn too), all within the test's
  // time: 5 s on a quiet machine; clean runs on a loaded one ended this test at 30 s and then at 60 s, each time at its
  // last step, the reload, so it has the deploy tests' 90 s.
  test.describe.configure({ timeout: 90_000 });
  let copy = '';
  let served: Awaited<ReturnType<typeof serveCopy>> | undefined;

  test.beforeEach(async () => {
    copy = mkdtempSync(path.join(tmpdir(), 'member-redeploy-'));
    cpSync(path.join(root, 'host', 'dist'), copy, { recursive: true });
    served = await serveCopy(copy);
  });

  test.afterEach(async () => {
    await served?.stop();
    rmSync(copy, { recursive: true, force: true });
  });

  test('a press while the old worker answers the page still reloads it into the new version', ONCE, async ({ page, site }) => {
    const url = served!.url;
    await page.goto(`${url}/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    await controlled(page);
    redeploy(copy);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByTestId(testIds.updateOffer)).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // The page asks for one of its files every few milliseconds around the press, as a page still loading its
    // images would: one lands on the old worker as it stops, which holds Chromium's takeover back until a load of
    // the page starts, and leaves that load waiting on the old worker.
    const workers = await followWorkers(page);
    const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 30_000 });
    const pressed = await page.evaluate(async (reloadId) => {
      const file = [...document.scripts].map((script) => script.src).find((src) => src.includes('/static/'));
      if (!file) throw new Error('the page names no script of its own');
      const start = performance.now();
      const ask = () => {
        void fetch(file).catch(() => undefined);
        if (performance.now() - start < 600) setTimeout(ask, 5);
      };
      ask();
      const button = document.querySelector<HTMLElement>(`[data-testid="${reloadId}"]`);
      button?.click();
      // What the member sees while the new version comes: the button says so, and a press again does nothing more.
      await new Promise(requestAnimationFrame);
      return { text: button?.textContent, disabled: button?.getAttribute('aria-disabled') };
    }, testIds.updateReload);
    expect(pressed).toEqual({ text: th.app.loading, disabled: 'true' });
    await reloaded.catch((error: Error) => {
      throw new Error(`${error.message}\nthe workers meanwhile:\n${workers.log().join('\n')}`);
    });
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await expect(page.getByTestId(testIds.updateOffer)).toHaveCount(0);
  });

  test(
    'an open page offers the new version, waits while a withdrawal is unresolved, and reloads only on the press',
    ONCE,
    async ({ page, context, site }) => {
      await page.clock.install();
      const url = served!.url;
      await page.goto(`${url}/login?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      await controlled(page);
      // A withdrawal waiting for the bank, and a mark that only a reload would clear.
      const [key, pending] = storedIntent(site.key, 'pending');
      await page.evaluate(
        ([name, value]) => {
          localStorage.setItem(name, value);
          (window as unknown as { notReloaded: boolean }).notReloaded = true;
        },
        [key, pending] as const,
      );

      redeploy(copy);
      // The open page's hourly check finds the new worker, which installs and waits.
      await page.clock.fastForward('01:00:00');
      await expect
        .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting), { timeout: 15_000 })
        .toBe(true);
      const offer = page.getByTestId(testIds.updateOffer);
      await expect(page.locator('[data-update]')).toHaveAttribute('data-update', 'deferred');
      await expect(offer).toHaveCount(0);

      // The withdrawal resolves (here in another tab): the offer comes, and the page was never reloaded meanwhile.
      await writeFromAnotherTab(context, url, storedIntent(site.key, 'completed'));
      await expect(offer).toBeVisible();
      await expect(offer).toContainText(th.update.ready);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await page.screenshot({ path: test.info().outputPath('update-offer.png') });
      // The offer reads in the page's scheme (the viewport meta's zoom lock is the product's, checked apart).
      expect(await axeViolations(page, { rules: { 'meta-viewport': { enabled: false } } })).toEqual([]);

      // The member's press, one, from further down the page: the new worker takes over and this tab reloads under it,
      // at the top of the new version's page.
      await page.setViewportSize({ width: 390, height: 480 });
      await page.evaluate(() => window.scrollTo(0, 300));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      // The new document taking the tab is the reload; its load event is not waited for (every image and font of the
      // page, which a member does not wait for either, and a loaded runner once held past the test's time).
      const workers = await followWorkers(page);
      const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 30_000 });
      await page.getByTestId(testIds.updateReload).dispatchEvent('click');
      await reloaded.catch((error: Error) => {
        throw new Error(`${error.message}\nthe workers meanwhile:\n${workers.log().join('\n')}`);
      });
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      // The precache is the new worker's: index.html under the new revision.
      const revisions = await page.evaluate(async () =>
        (await (await caches.open('member-precache')).keys()).map((request) => request.url).filter((u) => u.includes('/index.html')),
      );
      expect(revisions).toEqual([expect.stringContaining(`__WB_REVISION__=${'0'.repeat(32)}`)]);
      await expect(offer).toHaveCount(0);
    },
  );
});
