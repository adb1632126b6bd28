import type { PageKey, ThemeName } from '../contract';

export type Scheme = 'light' | 'dark';

export interface SiteTheme {
  title: string;
  theme: Scheme;
}

export interface SiteComponent {
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

/** One brand in sites.json. */
export interface SiteConfig {
  key: string;
  logo: string;
  web: string;
  divisions: 'true' | 'false';
  layout: ThemeName;
  css: string;
  LineID: string | Record<string, string>;
  LineLink: string | Record<string, string>;
  promoLink: string;
  themes: SiteTheme[];
  components: SiteComponent[];
  register: boolean;
  /** The installed app's launcher label (`web` shortened when absent). */
  shortName?: string;
  /** The installed app's name per language, where the brand has one (`web` otherwise). */
  names?: SiteAppNames;
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
  sites: SiteConfig[];
  /** The entries that did not; none of them affects another site. */
  invalid?: InvalidSite[];
}
