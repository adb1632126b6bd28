import { PAGES, type PageKey, type Site, type ThemeName } from '@member/shared-core';

/** The themes one page is drawn with: its own, and its frame's (null for a page that stands alone). */
export interface PageThemes {
  page: ThemeName;
  frame: ThemeName | null;
}

/**
 * A site page is drawn with the page's own theme, inside its frame (header, menu, bottom bar) drawn with the page's
 * frame theme (the schema gives the site's theme where sites.json names none: one design across its pages whatever
 * theme draws each page). A theme variant (`/{page}/theme/{THEME}`) draws page and frame from the theme it names; a
 * page that stands alone has no frame. The one rule, for the first page's preload at boot and for every route.
 */
export function resolvePageThemes(site: Site, page: PageKey, variant: ThemeName | null): PageThemes {
  const themes = site.pages[page];
  return { page: variant ?? themes.theme, frame: PAGES[page].frameless ? null : (variant ?? themes.frameTheme) };
}
