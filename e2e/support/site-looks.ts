import type { Site } from '@member/shared-core';
import { PAGE_KEYS, isPageKey, type PageKey } from '@member/shared-core/contract';
import { PAGES } from '@member/shared-core/routes';
import { escapeRegExp as escape } from './escape-regexp';

/**
 * Which site project runs which test.
 *
 * Most tests run in every site project. Two tags narrow that, for tests whose subject is host logic that
 * every site shares:
 *
 * - `perLook(page)`: the test runs once for every distinct look of `page`, in the first site (in
 *   sites.json order) that shows it that way. A look is the page's theme and its frame's theme
 *   (a page's `theme` and `frameTheme` of the site as read: host/src/features/remotes/resolve-page-themes.ts), so a
 *   page each theme draws differently is still tested in each theme, and sm88's mixed pages where they differ from
 *   every single-theme site.
 * - `perTheme(page)`: the test is about what the page's own theme does (its components' behaviour), not how it sits in
 *   a frame: it runs once for every theme that draws `page`, in the first site that has it drawn so (sm88's mixed
 *   pages add no run of their own here: their themes are each another site's).
 * - `perPage(page)`: the test is about the host's work on `page` whatever theme draws it (the requests a page left
 *   idle makes): it runs once, in the first site that has the page.
 * - `ONCE`: the test does not depend on the site at all (no prefix, or a failure before any site is
 *   resolved): it runs in the first site's project only.
 *
 * Tests that read site data (name, logo, schemes, registration, divisions, LINE contact, promotion link)
 * carry no tag and run everywhere. `--project=<prefix>` still runs everything that site is responsible for.
 */

/** What of a site decides which tests it runs: its pages and the themes drawing them. */
export type SiteLooks = Pick<Site, 'key' | 'pages'>;

/** A site's pages (every page: the schema gives each one its themes). */
const pagesOf = (site: SiteLooks): PageKey[] => PAGE_KEYS.filter((page) => site.pages[page] !== undefined);

const LOOK_TAG = '@look:';
const PAGE_TAG = '@page:';
const THEME_TAG = '@theme:';
const ONCE_TAG = '@once';

/** Tag for a test that runs once per distinct look of `page` (login, withdraw…). */
export function perLook(page: PageKey): { tag: string } {
  return { tag: `${LOOK_TAG}${page}` };
}

/** Tag for a test of what the page's own theme does, whatever frame it sits in: once per theme drawing `page`. */
export function perTheme(page: PageKey): { tag: string } {
  return { tag: `${THEME_TAG}${page}` };
}

/** Tag for a test of the host's work on `page`, whatever draws it: it runs in the first site that has the page. */
export function perPage(page: PageKey): { tag: string } {
  return { tag: `${PAGE_TAG}${page}` };
}

/** Tag for a test that does not depend on the site: it runs in the first site project only. */
export const ONCE = { tag: ONCE_TAG } as const;

function lookOf(site: SiteLooks, page: string): string | null {
  const themes = isPageKey(page) ? site.pages[page] : undefined;
  if (!themes) return null;
  // A page that stands alone (login, logout) has no frame: its theme alone is its look.
  if (PAGES[page as PageKey].frameless) return themes.theme;
  return `${themes.theme}/${themes.frameTheme}`;
}

/** The pages whose look this site is the first to show. */
export function pagesRepresentedBy(sites: readonly SiteLooks[], key: string): Set<string> {
  const site = sites.find((s) => s.key === key);
  if (!site) throw new Error(`no site ${key}`);
  const represented = new Set<string>();
  for (const page of pagesOf(site)) {
    const look = lookOf(site, page);
    const first = sites.find((s) => lookOf(s, page) === look);
    if (first?.key === key) represented.add(page);
  }
  return represented;
}

/** The project's `grepInvert`: the tagged tests another site runs instead of this one. */
export function testsLeftToOtherSites(sites: readonly SiteLooks[], key: string): RegExp | undefined {
  const represented = pagesRepresentedBy(sites, key);
  const pages = [...new Set(sites.flatMap(pagesOf))].filter((page) => !represented.has(page));
  const alternatives = pages.map((page) => escape(`${LOOK_TAG}${page}`));
  // A page's perTheme tests go to the first site whose page is drawn by that theme.
  const themeOf = (s: SiteLooks, page: PageKey) => s.pages[page]?.theme;
  const self = sites.find((s) => s.key === key);
  for (const page of [...new Set(sites.flatMap(pagesOf))]) {
    const theme = self ? themeOf(self, page) : undefined;
    if (theme === undefined || sites.find((s) => themeOf(s, page) === theme)?.key !== key) alternatives.push(escape(`${THEME_TAG}${page}`));
  }
  // A page's perPage tests go to the first site that has the page.
  const allPages = [...new Set(sites.flatMap(pagesOf))];
  for (const page of allPages) {
    if (sites.find((s) => pagesOf(s).includes(page))?.key !== key) alternatives.push(escape(`${PAGE_TAG}${page}`));
  }
  if (sites[0]?.key !== key) alternatives.push(escape(ONCE_TAG));
  return alternatives.length ? new RegExp(`(?:${alternatives.join('|')})(?![\\w-])`) : undefined;
}
