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
}

export interface SitesFile {
  sites: SiteConfig[];
}
