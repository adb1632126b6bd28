import type { Scheme, SiteConfig } from '@member/shared-core';
import type { ThemeTokenTable } from '@member/shared-core/ui';
import { tokens as defaultTokens } from '../../remote-default/src/tokens';
import { tokens as osaka39Tokens } from '../../remote-osaka39/src/tokens';
import { tokens as pre8Tokens } from '../../remote-pre8/src/tokens';

/** Each theme's token table, read from the theme's own source: what a page should show is what the brand team wrote. */
export const THEME_TOKENS: Record<string, ThemeTokenTable> = { default: defaultTokens, PRE8: pre8Tokens, OSAKA39: osaka39Tokens };

/** The frame's theme of one of the site's pages (a frameless page's own), as the host picks it. */
export function themeOfPage(site: SiteConfig, page: string): string {
  const component = site.components.find((c) => c.title === page);
  return component?.activeLayout ?? component?.layout ?? site.layout;
}

/** The tokens a page of `theme` shows in `scheme` with the `flavour` (sites.json css): base, then the flavour's colours. */
export function expectedTokens(theme: string, scheme: Scheme, flavour: string): Record<string, string> {
  const table = THEME_TOKENS[theme];
  if (!table) throw new Error(`no token table for theme ${theme}`);
  return { ...table.common, ...table[scheme], ...table.flavours?.[flavour]?.[scheme] };
}

/** `#rrggbb` as getComputedStyle writes it: `rgb(r, g, b)`. */
export function cssRgb(hex: string): string {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** WCAG relative luminance of a computed `rgb(…)` colour: near 0 is dark, near 1 is light. */
export function luminanceOf(rgb: string): number {
  const channels = /rgba?\((\d+), (\d+), (\d+)/.exec(rgb)?.slice(1).map(Number);
  if (!channels) throw new Error(`not an rgb() colour: ${rgb}`);
  const [r, g, b] = channels.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
