import type { Page } from '@playwright/test';
import type { RawSiteEntry, Site } from '@member/shared-core';
import { changeSiteEntry, type SiteEntryChange } from '@member/shared-core/schema/site-entries';
import { SITES } from './sites';

/**
 * Rewrites one site's entry in /sites.json for this page only, as a deployment with that entry would serve it: the
 * change is said in the project's words and written in the file's (shared-core's entry writer), valid or not.
 */
export async function overrideSite(page: Page, key: string, change: SiteEntryChange): Promise<void> {
  await page.route('**/sites.json', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { sites: RawSiteEntry[] };
    const sites = body.sites.map((s) => (s.key === key ? changeSiteEntry(s, change) : s));
    await route.fulfill({ response, body: JSON.stringify({ ...body, sites }) });
  });
}

/**
 * Opens registration on a site that takes none (bkmc, the first site with the default theme's registration page), so
 * a test of that page runs there as a deployment that opens registration would show it.
 */
export async function openRegistration(page: Page, site: Site): Promise<void> {
  if (!site.registerEnabled) await overrideSite(page, site.key, { registerEnabled: true });
}

/** Every brand's display name in the deployment's sites.json. */
export function allSiteNames(): string[] {
  return SITES.map((s) => s.brand.name);
}
