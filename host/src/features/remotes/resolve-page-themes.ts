import { PAGES, type PageKey, type SiteConfig, type ThemeName } from '@member/shared-core';

/** The themes one page is drawn with: its own, and its frame's (null for a page that stands alone). */
export interface PageThemes {
  page: ThemeName;
  frame: ThemeName | null;
}

/**
 * A site page takes its own theme from the site's components list (`layout`), else the site's `layout`. Its frame
 * (header, menu, bottom bar) is the site's frame theme, one design across its pages whatever theme draws each page:
 * the component's `activeLayout`, else the site's `layout`. A theme variant (`/{page}/theme/{THEME}`) draws page and
 * frame from the theme it names. The one rule, for the first page's preload at boot and for every route.
 */
export function resolvePageThemes(site: SiteConfig, page: PageKey, variant: ThemeName | null): PageThemes {
  const component = site.components.find((c) => c.title === page);
  const pageTheme = variant ?? component?.layout ?? site.layout;
  return { page: pageTheme, frame: PAGES[page].frameless ? null : (variant ?? component?.activeLayout ?? site.layout) };
}
