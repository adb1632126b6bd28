import type { PageKey, ThemeName } from '../contract';

export type Scheme = 'light' | 'dark';

/** A `themes[]` entry of sites.json as the operator writes it: one scheme the site offers. */
export interface RawSiteTheme {
  title: string;
  theme: Scheme;
}

/** A `components[]` entry of sites.json as the operator writes it: one page and the themes it is drawn with. */
export interface RawSiteComponent {
  title: PageKey;
  layout: ThemeName;
  activeLayout?: ThemeName;
}

/** The installed app's name in a language, and its launcher label (short name). */
export interface SiteAppName {
  name: string;
  shortName?: string;
}

export type SiteAppNames = Partial<Record<'th' | 'en', SiteAppName>>;

/**
 * One entry of sites.json in the operator's own field names (the back office writes the file). Only the schema
 * (`schema/site-config.ts`) reads this shape; everything past it reads the `Site` it maps the entry to.
 */
export interface RawSiteEntry {
  key: string;
  logo: string;
  web: string;
  divisions: 'true' | 'false';
  layout: ThemeName;
  css: string;
  LineID: string | Record<string, string>;
  LineLink: string | Record<string, string>;
  promoLink: string;
  themes: RawSiteTheme[];
  components: RawSiteComponent[];
  register: boolean;
  shortName?: string;
  names?: SiteAppNames;
}

/**
 * A LINE contact: one for the whole site, or, on a divided site, one per division (keyed by the start of the game
 * user names the division serves, `ufkklacsag1`).
 */
export type LineContact = string | Readonly<Record<string, string>>;

/** What a member sees of a site: its name, logo and contacts. */
export interface Brand {
  /** The site's name as members read it (`web`). */
  name: string;
  /** A path on this origin or an absolute http(s) URL (`logo`). */
  logo: string;
  /** The LINE account id (`LineID`). */
  lineId: LineContact;
  /** The LINE link (`LineLink`). */
  lineLink: LineContact;
  /** The promotion page the site links to (`promoLink`). */
  promoLink: string;
  /** The installed app's launcher label (`shortName`; the name shortened when absent). */
  shortName?: string;
  /** The installed app's name per language, where the brand has one (`names`; the name otherwise). */
  appNames?: SiteAppNames;
}

/** The themes one page of a site is drawn with: the page's own, and its frame's (header, menu, bottom bar). */
export interface SitePage {
  /** `components[].layout`. */
  theme: ThemeName;
  /** `components[].activeLayout`, else the site's theme. */
  frameTheme: ThemeName;
}

/** One site (one club) of sites.json, read into the project's words. */
export interface Site {
  key: string;
  brand: Brand;
  /** The site's theme remote (`layout`). */
  theme: ThemeName;
  /** The variant of its theme the site picks (`css`). */
  flavour: string;
  /** The schemes it offers, light and/or dark, the first the default (`themes[].theme`). */
  schemes: readonly Scheme[];
  /** Every page, with the themes it is drawn with (`components`). */
  pages: Readonly<Record<PageKey, SitePage>>;
  /** Whether its LINE contacts are split per division of game users (`divisions: "true"`). */
  divided: boolean;
  /** Whether visitors may register (`register`). */
  registerEnabled: boolean;
}

/** One problem in a file, named by its field path (`sites[2].components[0].layout`). */
export interface FieldProblem {
  field: string;
  problem: string;
}

/** A sites.json entry that cannot be served: its brand shows an error page naming every problem. */
export interface InvalidSite {
  /** The entry's `key` as written, when it is a string (so its brand can be told it is broken), else null. */
  key: string | null;
  problems: FieldProblem[];
}

export interface SitesFile {
  /** The entries that passed, served as usual. */
  sites: Site[];
  /** The entries that did not; none of them affects another site. */
  invalid?: InvalidSite[];
}
