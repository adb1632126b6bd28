import type { PageKey } from '../contract';
import type { LineContact, RawSiteEntry, Scheme } from '../types/site-config';

/**
 * Writing sites.json entries, in the operator's own field names: the tools that generate or change the file (a
 * generated registry of many brands, the dev server's copy, a test serving a changed file) say what they change in
 * the project's words and these write it. With `toSite` (`site-config.ts`), which reads them, the only code that
 * spells those names. Fields an edit does not name stay as written, valid or not (a test may be serving a broken
 * entry on purpose).
 */

/** What an edit may change of an entry, in the project's words. */
export interface SiteEntryChange {
  /** The brand's name (`web`). */
  name?: string;
  logo?: string;
  promoLink?: string;
  /** The site's theme (`layout`). */
  theme?: string;
  /** The variant of its theme (`css`). */
  flavour?: string;
  /** `register`. */
  registerEnabled?: boolean;
  /** The LINE account id (`LineID`), one or per division. */
  lineId?: LineContact;
  /** The LINE link (`LineLink`), one or per division. */
  lineLink?: LineContact;
  /** Whether its LINE contacts are split per division (`divisions`, "true" or "false"). */
  divided?: boolean;
  /** The schemes it offers, the first the default (`themes`, each titled by its scheme). */
  schemes?: readonly Scheme[];
  /** The theme of some pages (`components[].layout` of the component titled so). */
  pageThemes?: Partial<Record<PageKey, string>>;
}

type Entry = Partial<RawSiteEntry>;

/** The entry with `change` written into it. A copy. */
export function changeSiteEntry<T extends Entry>(entry: T, change: SiteEntryChange): T {
  const { pageThemes } = change;
  const components =
    pageThemes && Array.isArray(entry.components)
      ? entry.components.map((component) => {
          const theme = pageThemes[component.title];
          return theme === undefined ? component : { ...component, layout: theme };
        })
      : entry.components;
  return {
    ...entry,
    ...(change.name === undefined ? {} : { web: change.name }),
    ...(change.logo === undefined ? {} : { logo: change.logo }),
    ...(change.promoLink === undefined ? {} : { promoLink: change.promoLink }),
    ...(change.theme === undefined ? {} : { layout: change.theme }),
    ...(change.flavour === undefined ? {} : { css: change.flavour }),
    ...(change.registerEnabled === undefined ? {} : { register: change.registerEnabled }),
    ...(change.lineId === undefined ? {} : { LineID: change.lineId }),
    ...(change.lineLink === undefined ? {} : { LineLink: change.lineLink }),
    ...(change.divided === undefined ? {} : { divisions: change.divided ? 'true' : 'false' }),
    ...(change.schemes === undefined ? {} : { themes: change.schemes.map((scheme) => ({ title: scheme, theme: scheme })) }),
    ...(components === undefined ? {} : { components }),
  } as T;
}

/**
 * The entry drawn by `theme` everywhere: the site's theme, every page's, and every frame a page names. With
 * `frames: 'site'` a page's own frame is dropped, so its frame is the site's theme. A copy; an entry without a
 * pages list keeps what it has.
 */
export function siteEntryDrawnBy<T extends Entry>(entry: T, theme: string, options: { frames?: 'kept' | 'site' } = {}): T {
  const components = Array.isArray(entry.components)
    ? entry.components.map((component) => {
        const { activeLayout, ...rest } = component;
        if (activeLayout === undefined || options.frames === 'site') return { ...rest, layout: theme };
        return { ...rest, layout: theme, activeLayout: theme };
      })
    : entry.components;
  return { ...entry, layout: theme, ...(components === undefined ? {} : { components }) } as T;
}
