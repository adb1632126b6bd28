import { record, text } from './values';

/**
 * The few facts of a site the early start needs, read from its raw sites.json entry in the file's own names: the
 * schema that maps an entry for the host (shared-core) has not loaded yet. Read here only, so the rest of the early
 * start speaks the host's words; early-start-parity.test.ts holds the reading to the host's.
 */
export interface EarlySite {
  key: string;
  /** The brand's name (the entry's `web`). */
  name: string;
  logo: string;
  /** The schemes the site offers, its first being its own (`themes[].theme`). */
  schemes: string[];
  /** Whether the brand check asks for divisions (`divisions`). */
  divided: boolean;
  /** The site's theme (`layout`). */
  theme: string;
  /** Per page (`components[].title`): the theme that draws the page (`layout`) and its frame's (`activeLayout`), where set. */
  pages: { page: string; theme: string; frame: string }[];
}

/** The entry of `brand` in sites.json's reply, or null when it has none. */
export function siteOf(sitesJson: unknown, brand: string | null): EarlySite | null {
  const sites = record(sitesJson).sites;
  const entry = record(Array.isArray(sites) ? sites.find((s) => record(s).key === brand) : undefined);
  if (!entry.key) return null;
  return {
    key: text(entry.key),
    name: text(entry.web),
    logo: text(entry.logo),
    schemes: (Array.isArray(entry.themes) ? entry.themes.map(record) : []).map((t) => text(t.theme)),
    divided: entry.divisions === 'true',
    theme: text(entry.layout),
    pages: (Array.isArray(entry.components) ? entry.components.map(record) : []).map((c) => ({
      page: text(c.title),
      theme: text(c.layout),
      frame: text(c.activeLayout),
    })),
  };
}

/** The theme that draws `page` on the site, and its frame's, as the host picks them with no variant in the path. */
export function pageThemes(site: EarlySite, page: string): { theme: string; frame: string } {
  const own = site.pages.find((p) => p.page === page);
  return { theme: (own && own.theme) || site.theme, frame: (own && own.frame) || site.theme };
}
