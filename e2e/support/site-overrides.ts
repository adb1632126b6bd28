import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { RawSiteEntry } from '@member/shared-core';

/** Rewrites one site's entry in /sites.json for this page only, as a deployment with that entry would serve it. */
export async function overrideSite(page: Page, key: string, change: (site: RawSiteEntry) => RawSiteEntry): Promise<void> {
  await page.route('**/sites.json', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { sites: RawSiteEntry[] };
    const sites = body.sites.map((s) => (s.key === key ? change(s) : s));
    await route.fulfill({ response, body: JSON.stringify({ ...body, sites }) });
  });
}

/**
 * Opens registration on a site that takes none (bkmc, the first site with the default theme's registration page), so
 * a test of that page runs there as a deployment that opens registration would show it.
 */
export async function openRegistration(page: Page, site: RawSiteEntry): Promise<void> {
  if (!site.register) await overrideSite(page, site.key, (s) => ({ ...s, register: true }));
}

/** Every brand's display name in the deployment's sites.json. */
export function allSiteNames(): string[] {
  const file = path.resolve(import.meta.dirname, '../../sites.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { sites: RawSiteEntry[] }).sites.map((s) => s.web);
}
