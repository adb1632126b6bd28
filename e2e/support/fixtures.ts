import { test as base, expect, type Page } from '@playwright/test';
import type { Site } from '@member/shared-core';
import { siteOf } from './sites';

export interface SiteOptions {
  prefix: string;
}

export const SIM_URL = `http://localhost:${process.env.SIM_PORT ?? 3100}`;

interface Fixtures {
  site: Site;
  /** Fails the test on any uncaught page error or any URL that carries a token. */
  guard: void;
}

/** The served sites.json follows the ports in use (scripts/serve.mjs): its promotion page is on the simulator in use. */
function withPortsInUse(site: Site): Site {
  const simPort = process.env.SIM_PORT ?? '3100';
  const { brand } = site;
  return {
    ...site,
    brand: { ...brand, promoLink: brand.promoLink.replace(/^(https?:\/\/(?:localhost|127\.0\.0\.1)):3100(?=[/?#]|$)/, `$1:${simPort}`) },
  };
}

const TOKEN_IN_URL = /[?&#](access_token|token|refresh_token)=/i;

export const test = base.extend<SiteOptions & Fixtures>({
  prefix: ['pre8', { option: true }],
  site: async ({ prefix }, use) => {
    await use(withPortsInUse(siteOf(prefix)));
  },
  guard: [
    async ({ page, context }, use) => {
      const pageErrors: string[] = [];
      const urls: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
      // React reports a render it recovered from with a wrapper error whose cause is the real one: name it too.
      await page.addInitScript(() => {
        window.addEventListener('error', (event) => {
          const cause = (event.error as { cause?: unknown } | null)?.cause;
          if (cause) console.error(`[uncaught-cause] ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
        });
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith('[uncaught-cause] '))
          pageErrors.push(`  caused by ${message.text().slice(17)}`);
      });
      context.on('request', (request) => urls.push(request.url()));
      page.on('framenavigated', (frame) => urls.push(frame.url()));
      await use();
      const tokens = (await context.cookies()).filter((c) => c.name.startsWith('token-') && c.value.length > 8).map((c) => c.value);
      const leaking = urls.filter(
        (url) => TOKEN_IN_URL.test(url) || tokens.some((t) => url.includes(t) || url.includes(encodeURIComponent(t))),
      );
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(leaking, 'URLs that carry a token').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function resetSimulator(page: Page): Promise<void> {
  const response = await page.request.post(`${SIM_URL}/__sim/reset`);
  expect(response.ok()).toBe(true);
}

/** Rewrites /config.json for this page only, as a deploy with another config would. */
export async function overrideConfig(page: Page, change: (config: Record<string, unknown>) => unknown): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    const changed = change(config);
    await route.fulfill({ response, body: typeof changed === 'string' ? changed : JSON.stringify(changed ?? config) });
  });
}

/**
 * Holds this page's requests to `url` (a route glob) until the returned function is called, then lets them through
 * unchanged: a screen that waits on a reply stays on its waiting state for as long as a test needs it.
 */
export async function holdRequests(page: Page, url: string | RegExp, options: { times?: number } = {}): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    url,
    async (route) => {
      await held;
      await route.continue();
    },
    options,
  );
  return release;
}
