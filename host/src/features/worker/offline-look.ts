import { localeFromStorage, resolveScheme, type Scheme } from '@member/shared-core';
import { safeUrl } from '@member/shared-core/helpers/safe-url';
import { resolvePrefix } from '../../core/config/resolve-prefix';
import { storedLocaleChoice } from '../../core/lib/locale-key';

/**
 * What the brand's offline page shows: whose site this is (the brand as the host resolves it: `?prefix=`, LINE's
 * `state`, else the `member-{prefix}` login cookie), in which scheme and language, in which colours. Pure, so the page
 * (offline-page.ts) and the tests read the same rule.
 */

/** The few colours the offline page paints with: a theme's own tokens, or the brand shell's neutral ones. */
export interface BrandColours {
  bg: string;
  text: string;
  muted: string;
  primary: string;
  onPrimary: string;
}

/** The brand shell's grounds (core/config/early-start.ts paints the same), with the host's ink buttons. */
export const NEUTRAL_COLOURS: Record<Scheme, BrandColours> = {
  light: { bg: '#f5f6fa', text: '#161a24', muted: '#4b5160', primary: '#161a24', onPrimary: '#ffffff' },
  dark: { bg: '#0d0f14', text: '#eef0f5', muted: '#b9bfcc', primary: '#eef0f5', onPrimary: '#111318' },
};

/** The theme tokens each colour is read from (a theme's `--mc-*` custom properties, lent to the document). */
export const COLOUR_TOKENS: Record<keyof BrandColours, string> = {
  bg: '--mc-bg',
  text: '--mc-text',
  muted: '--mc-muted',
  primary: '--mc-primary',
  onPrimary: '--mc-on-primary',
};

/** Local-storage key (followed by the prefix) of the brand's colours as its pages last showed them, per scheme. */
export const BRAND_COLOURS_KEY = 'brandColours_';

export type KeptColours = Partial<Record<Scheme, BrandColours>>;

export interface OfflineLook {
  /** The brand's key, or null when none is named or sites.json does not know it. */
  prefix: string | null;
  name: string;
  /** The logo's address (a path on the host's origin or an http(s) URL), or null. */
  logo: string | null;
  scheme: Scheme;
  lang: 'th' | 'en';
  colours: BrandColours;
}

export interface OfflineFacts {
  search: string;
  cookie: string;
  /** Local storage's `locale`, `isDark` and the brand's kept colours (each null when absent or unreadable). */
  storedLocale: string | null;
  storedDark: string | null;
  keptColours: (prefix: string) => string | null;
  /** `/sites.json` as stored (parsed), or null when there is none. */
  sites: unknown;
}

const CSS_COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab|lab|lch|color)\([0-9a-z.,%/\s+-]*\))$/i;

/** The kept colours of one scheme, when every one of them is a plain CSS colour (anything else: none). */
export function readKeptColours(text: string | null, scheme: Scheme): BrandColours | null {
  if (!text) return null;
  let kept: unknown;
  try {
    kept = (JSON.parse(text) as Record<string, unknown>)[scheme];
  } catch {
    return null;
  }
  if (!kept || typeof kept !== 'object') return null;
  const record = kept as Record<string, unknown>;
  const colours = {} as BrandColours;
  for (const name of Object.keys(COLOUR_TOKENS) as (keyof BrandColours)[]) {
    const value = record[name];
    if (typeof value !== 'string' || !CSS_COLOUR.test(value.trim())) return null;
    colours[name] = value.trim();
  }
  return colours;
}

function sitesOf(value: unknown): Record<string, unknown>[] {
  const sites = value && typeof value === 'object' ? (value as { sites?: unknown }).sites : undefined;
  return Array.isArray(sites) ? sites.filter((site): site is Record<string, unknown> => !!site && typeof site === 'object') : [];
}

/** The schemes an entry offers, read from the file's `themes[].theme` as the schema reads them. */
function schemesOf(site: Record<string, unknown> | undefined): Scheme[] {
  const themes = Array.isArray(site?.themes) ? site.themes : [];
  return themes.flatMap((theme: unknown) => {
    const value = (theme as { theme?: unknown } | null)?.theme;
    return value === 'light' || value === 'dark' ? [value] : [];
  });
}

export function offlineLook(facts: OfflineFacts): OfflineLook {
  const sites = sitesOf(facts.sites);
  const keys = sites.flatMap((site) => (typeof site.key === 'string' ? [site.key] : []));
  const prefix = resolvePrefix(facts.search, facts.cookie, keys);
  const site = sites.find((entry) => entry.key === prefix);
  const lang = localeFromStorage(storedLocaleChoice(facts.storedLocale, facts.cookie));
  const schemes = schemesOf(site);
  // No brand: the member's own choice, else light.
  const scheme = schemes.length > 0 ? resolveScheme(schemes, facts.storedDark) : facts.storedDark === 'true' ? 'dark' : 'light';
  const colours = (prefix && readKeptColours(facts.keptColours(prefix), scheme)) || NEUTRAL_COLOURS[scheme];
  return {
    prefix: site ? prefix : null,
    name: typeof site?.web === 'string' ? site.web : '',
    logo: site ? safeUrl(site.logo, null, { sameOriginPath: true }) : null,
    scheme,
    lang,
    colours,
  };
}
