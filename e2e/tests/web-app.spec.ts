import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, devices, type APIRequestContext, type Page } from '@playwright/test';
import type { Site } from '@member/shared-core';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { loggedInMember, openMemberPage } from '../support/session';
import { perLook } from '../support/site-looks';
import { th } from '@member/shared-core/i18n/th';

/**
 * Installability is asked of the whole browser: Debian's headless shell, which the suite runs in, has none of the
 * browser's install machinery and answers "no errors" for any page (one without a manifest too), and a context
 * Playwright opens is incognito, which the browser never installs from. So this question goes to /usr/bin/chromium
 * (CHROMIUM_FULL_PATH names another) in a profile of its own.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

type SchemeColors = { theme: string; background: string };
type AppColors = { light: SchemeColors; dark: SchemeColors; flavours: Record<string, { light: SchemeColors; dark: SchemeColors }> };

/** The PNG's width and height, read from its header (IHDR), or null when the bytes are no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The colours the site's theme states in its served mf-manifest.json, for the site's first scheme and flavour. */
async function expectedColors(request: APIRequestContext, site: Site): Promise<SchemeColors> {
  const config = (await (await request.get('/config.json')).json()) as { remotes: Record<string, string> };
  const manifest = (await (await request.get(config.remotes[site.theme]!)).json()) as { metaData: { appColors: AppColors } };
  const colors = manifest.metaData.appColors;
  const scheme = site.schemes[0]!;
  return colors.flavours[site.flavour]?.[scheme] ?? colors[scheme];
}

/** The manifest the page links once its site is known. */
async function linkedManifest(page: Page): Promise<string> {
  const link = page.locator('head link[rel="manifest"]');
  await expect(link).toHaveCount(1);
  return (await link.getAttribute('href'))!;
}

test("the site's web app manifest: its name, its own app id and start URL with the prefix, standalone, its colours", async ({
  page,
  site,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`/login?prefix=${site.key}`);
  const href = await linkedManifest(page);
  expect(href).toBe(`/webapp/${site.key}/manifest-th.webmanifest`);
  const reply = await page.request.get(href);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(reply.headers()['cache-control']).toBe('no-cache');
  const manifest = (await reply.json()) as WebManifest;
  // The brand's Thai name where sites.json gives one (the member reads Thai), else its name.
  expect(manifest.name).toBe(site.brand.appNames?.th?.name ?? site.brand.name);
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.lang).toBe('th');
  expect(manifest.display).toBe('standalone');
  // One origin, five apps: each its own by its id, opening on its own brand.
  const origin = new URL(page.url()).origin;
  const id = new URL(manifest.id, origin);
  const start = new URL(manifest.start_url, origin);
  expect(id.origin).toBe(origin);
  expect(id.searchParams.get('prefix')).toBe(site.key);
  expect(start.origin).toBe(origin);
  expect(start.searchParams.get('prefix')).toBe(site.key);
  expect(new URL(manifest.scope, origin).href).toBe(`${origin}/`);
  const colors = await expectedColors(page.request, site);
  expect([manifest.theme_color, manifest.background_color]).toEqual([colors.theme, colors.background]);
  // The member's language names the app: the English manifest is the same app.
  const english = (await (await page.request.get(`/webapp/${site.key}/manifest-en.webmanifest`)).json()) as WebManifest;
  expect([english.lang, english.id, english.start_url]).toEqual(['en', manifest.id, manifest.start_url]);
  expect(english.name).toBe(site.brand.appNames?.en?.name ?? site.brand.name);
  if (site.brand.shortName && !site.brand.appNames?.en?.shortName) expect(english.short_name).toBe(site.brand.shortName);
  expect(violations).toEqual([]);
});

test("every icon the manifest names is a PNG of its declared size, drawn from the site's logo", async ({ page, site }) => {
  await page.goto(`/login?prefix=${site.key}`);
  const manifest = (await (await page.request.get(await linkedManifest(page))).json()) as WebManifest;
  const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
  expect(declared).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png');
    const reply = await page.request.get(icon.src);
    expect(reply.status(), icon.src).toBe(200);
    expect(reply.headers()['content-type']).toBe('image/png');
    expect(reply.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await reply.body()), icon.src).toEqual({ width, height });
  }
  const touch = page.locator('head link[rel="apple-touch-icon"]');
  const touchIcon = await page.request.get((await touch.getAttribute('href'))!);
  expect(pngSize(await touchIcon.body())).toEqual({ width: 180, height: 180 });
});

test('Chromium finds the site installable and offers it', async ({ baseURL, site }) => {
  expect(existsSync(FULL_CHROMIUM), `${FULL_CHROMIUM} is needed (apt-get install chromium)`).toBe(true);
  const profile = mkdtempSync(path.join(tmpdir(), 'member-install-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: FULL_CHROMIUM, args: LAUNCH_ARGS, baseURL });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', () => document.documentElement.setAttribute('data-install-offered', ''));
    });
    await page.goto(`/login?prefix=${site.key}`);
    await linkedManifest(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () =>
        ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map(
          (e) => e.errorId,
        ),
      )
      .toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect([new URL(url).pathname, errors]).toEqual([`/webapp/${site.key}/manifest-th.webmanifest`, []]);
    // The browser's own offer reached the page (the host takes it for the menu's entry).
    await expect(page.locator('html[data-install-offered]')).toHaveCount(1);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** Stands in for Chromium's offer: an event of the same name whose prompt() is counted. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const counts = window as unknown as { __prompts: number };
    counts.__prompts = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        counts.__prompts += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
}

test(
  'the menu offers "add to home screen" once the browser offers installation, and its click asks the browser',
  perLook('profile'),
  async ({ page, site }) => {
    await loggedInMember(page, site);
    await openMemberPage(page, `/profile?prefix=${site.key}`);
    const menu = page.getByTestId(testIds.mainMenu);
    await expect(menu).toBeVisible();
    await expect(page.getByTestId(testIds.installEntry)).toHaveCount(0);
    await offerInstall(page);
    const entry = menu.getByRole('button', { name: th.install.entry });
    await expect(entry).toBeVisible();
    await entry.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(1);
    // An offer serves once: the entry goes until the browser makes another.
    await expect(page.getByTestId(testIds.installEntry)).toHaveCount(0);
  },
);

test.describe('on Safari for iPhone', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test(
    'the menu shows how to add the site from the Share menu, in a dialog that keeps focus and gives it back',
    perLook('profile'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await openMemberPage(page, `/profile?prefix=${site.key}`);
      const entry = page.getByTestId(testIds.installEntry);
      await expect(entry).toBeVisible();
      await entry.click();
      const dialog = page.getByRole('dialog', { name: th.install.iosTitle.replace('{{site}}', site.brand.name) });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('listitem')).toHaveCount(3);
      await expect(dialog.getByRole('listitem').nth(1)).toHaveText(th.install.iosStep2);
      // Modal: Tab never leaves it.
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(entry).toBeFocused();
    },
  );
});
