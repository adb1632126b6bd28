import { PAGES, type PageKey, type SiteConfig, type ThemeName } from '@member/shared-core';

/** The themes one page is drawn with: its own, and its frame's (null for a page that stands alone). */
export interface PageThemes {
  page: ThemeName;
  frame: ThemeName | null;
}

/**
 * A site page takes its theme from the site's components list (layout → page, activeLayout → frame), falling back to
 * the site's layout; a theme variant (`/{page}/theme/{THEME}`) draws page and frame from the theme it names. The
 * one rule, for the first page's preload at boot and for every route.
 */
export function resolvePageThemes(site: SiteConfig, page: PageKey, variant: ThemeName | null): PageThemes {
  const component = site.components.find((c) => c.title === page);
  const pageTheme = variant ?? component?.layout ?? site.layout;
  return { page: pageTheme, frame: PAGES[page].frameless ? null : (variant ?? component?.activeLayout ?? pageTheme) };
}
