import { useMemo, type CSSProperties } from 'react';
import { usePreferences, useSite } from '@member/shared-core';
import type { Scheme, ThemeName, ThemeTokenTable } from '@member/shared-core';

export type { FlavourTokens, ThemeTokenTable, TokenMap } from '@member/shared-core';

const warned = new Set<string>();

/**
 * The custom properties a theme's root carries for one scheme and one site flavour. A flavour the theme
 * does not have gives the base tokens, with one warning per theme and name (a typo in sites.json, or a
 * site mixing in another theme's pages).
 */
export function resolveThemeTokens(theme: ThemeName, table: ThemeTokenTable, scheme: Scheme, flavour: string): Record<string, string> {
  const variant = flavour ? table.flavours?.[flavour] : undefined;
  if (flavour && !variant) {
    const key = `${theme}\u0000${flavour}`;
    if (!warned.has(key)) {
      warned.add(key);
      console.warn(`[theme] ${theme} has no flavour "${flavour}"; showing its base colours`);
    }
  }
  return { ...table.common, ...table[scheme], ...variant?.[scheme] };
}

/** The theme's tokens for the member's scheme and the site's flavour, as an inline style of custom properties. */
export function useThemeStyle(theme: ThemeName, table: ThemeTokenTable): CSSProperties {
  const { scheme } = usePreferences();
  const { css } = useSite();
  return useMemo(() => resolveThemeTokens(theme, table, scheme, css) as CSSProperties, [theme, table, scheme, css]);
}
