import type { Scheme } from '../types/site-config';
import type { ThemeTokenTable, TokenMap } from '../types/theme-tokens';

/**
 * The tokens an installed app's colours come from: its title or status bar (`theme_color`, and the page's
 * `<meta name="theme-color">`) wears the brand's accent, its splash screen (`background_color`) the page's ground.
 */
export const APP_THEME_COLOR_TOKEN = '--mc-primary';
export const APP_BACKGROUND_TOKEN = '--mc-bg';

/** The key, in the `metaData` of a remote's `mf-manifest.json`, of the colours its build states (AppColors). */
export const MANIFEST_APP_COLORS_KEY = 'appColors';

export interface SchemeAppColors {
  theme: string;
  background: string;
}

/**
 * What a theme remote states about its colours, so a site's web app manifest (written by the server from sites.json,
 * not by any build) can wear them: each scheme's, and each flavour's where it changes them.
 */
export interface AppColors {
  light: SchemeAppColors;
  dark: SchemeAppColors;
  flavours: Record<string, { light: SchemeAppColors; dark: SchemeAppColors }>;
}

const colorsOf = (...maps: TokenMap[]): SchemeAppColors => {
  const merged: TokenMap = Object.assign({}, ...maps);
  return { theme: merged[APP_THEME_COLOR_TOKEN] ?? '', background: merged[APP_BACKGROUND_TOKEN] ?? '' };
};

/** A theme's app colours from its token table: the scheme's, with a flavour's over them as the stylesheet lays them. */
export function appColorsOf(table: ThemeTokenTable): AppColors {
  const scheme = (name: Scheme, flavour: TokenMap = {}) => colorsOf(table.common, table[name], flavour);
  return {
    light: scheme('light'),
    dark: scheme('dark'),
    flavours: Object.fromEntries(
      Object.entries(table.flavours ?? {}).map(([name, flavour]) => [
        name,
        { light: scheme('light', flavour.light), dark: scheme('dark', flavour.dark) },
      ]),
    ),
  };
}

/** Where a site's web app manifest is served in a language (the server writes it from sites.json). */
export function webAppManifestPath(siteKey: string, locale: 'th' | 'en'): string {
  return `/webapp/${encodeURIComponent(siteKey)}/manifest-${locale}.webmanifest`;
}

/** The opaque touch icon iOS puts on its home screen (it reads no manifest icons before iOS 15.4, and lays see-through ones on black). */
export function webAppTouchIconPath(siteKey: string): string {
  return `/webapp/${encodeURIComponent(siteKey)}/apple-touch-icon.png`;
}
