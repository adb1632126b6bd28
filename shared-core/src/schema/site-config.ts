import { PAGE_KEYS, isThemeName, type PageKey, type ThemeName } from '../contract';
import { isSafeUrl } from '../helpers/safe-url';
import type {
  FieldProblem,
  InvalidSite,
  RawSiteComponent,
  RawSiteEntry,
  RawSiteTheme,
  Site,
  SiteAppNames,
  SitePage,
  SitesFile,
} from '../types/site-config';
import {
  Problems,
  SchemaError,
  expectArray,
  expectBoolean,
  expectOneOf,
  expectRecord,
  expectString,
  isRecord,
  run,
  type Validation,
} from './validate';

const DIVISION_KEY = /^[A-Za-z0-9]{5,}$/;

type Check = (v: unknown, field: string) => string;

function lineField(v: unknown, field: string, divisions: boolean, check: Check = expectString): string | Record<string, string> {
  if (!divisions) return check(v, field);
  const map = expectRecord(v, field);
  const keys = Object.keys(map);
  if (keys.length === 0) throw new SchemaError(field, 'must map each division prefix to a contact');
  for (const key of keys) {
    if (!DIVISION_KEY.test(key)) throw new SchemaError(`${field}.${key}`, 'must be a game-user prefix');
    check(map[key], `${field}.${key}`);
  }
  return map as Record<string, string>;
}

/**
 * A URL the brand's pages show as a link, a frame or an image, held to the safe-URL guard when the file is read: a
 * `javascript:` promotion or LINE link stops its brand with the error page at boot instead of waiting in a page for a
 * tap. The problem names the site's key, which an operator finds faster than the entry's index. The value is kept as
 * written; the pages check it again as they use it.
 */
function urlField(siteKey: unknown, options: { sameOriginPath?: boolean } = {}): Check {
  const rule = options.sameOriginPath ? 'an absolute http(s) URL or a path on this origin such as /logo.svg' : 'an absolute http(s) URL';
  const whose = typeof siteKey === 'string' && siteKey !== '' ? ` (site "${siteKey}")` : '';
  return (v, field) => {
    const s = expectString(v, field);
    if (!isSafeUrl(s, null, options)) throw new SchemaError(field, `must be ${rule}${whose}`);
    return s;
  };
}

/** The longest installed-app name and short name a site may give (scripts/web-app-manifest.mjs holds the same). */
const MAX_APP_NAME = 60;
const MAX_APP_SHORT_NAME = 30;

function appName(v: unknown, field: string, max: number): string {
  const name = expectString(v, field);
  if (name.trim().length > max) throw new SchemaError(field, `must be at most ${max} characters`);
  return name;
}

/** The installed app's name in Thai and English, where the brand has one (`names`: `{ th: { name, shortName? } }`). */
function parseNames(v: unknown, field: string): SiteAppNames {
  const map = expectRecord(v, field);
  const names: SiteAppNames = {};
  for (const [lang, entry] of Object.entries(map)) {
    if (lang !== 'th' && lang !== 'en') throw new SchemaError(`${field}.${lang}`, 'only th and en are read');
    const value = expectRecord(entry, `${field}.${lang}`);
    const name = appName(value.name, `${field}.${lang}.name`, MAX_APP_NAME);
    names[lang] =
      value.shortName === undefined
        ? { name }
        : { name, shortName: appName(value.shortName, `${field}.${lang}.shortName`, MAX_APP_SHORT_NAME) };
  }
  return names;
}

function parseTheme(v: unknown, field: string): RawSiteTheme {
  const t = expectRecord(v, field);
  return { title: expectString(t.title, `${field}.title`), theme: expectOneOf(t.theme, `${field}.theme`, ['light', 'dark'] as const) };
}

/** A theme name the deployment's config.json has (any name, when the list is not given). */
function expectTheme(v: unknown, field: string, themes: readonly string[] | null): ThemeName {
  if (themes) return expectOneOf(v, field, themes);
  if (!isThemeName(v)) throw new SchemaError(field, 'must be a theme name');
  return v;
}

function parseComponent(v: unknown, field: string, themes: readonly string[] | null, problems: Problems): RawSiteComponent | undefined {
  const c = problems.check(() => expectRecord(v, field));
  if (!c) return undefined;
  const title = problems.check(() => expectOneOf(c.title, `${field}.title`, PAGE_KEYS));
  const layout = problems.check(() => expectTheme(c.layout, `${field}.layout`, themes));
  const activeLayout =
    c.activeLayout === undefined ? undefined : problems.check(() => expectTheme(c.activeLayout, `${field}.activeLayout`, themes));
  if (title === undefined || layout === undefined || (c.activeLayout !== undefined && activeLayout === undefined)) return undefined;
  return activeLayout === undefined ? { title, layout } : { title, layout, activeLayout };
}

/**
 * A checked entry in the project's words. The one place the operator's field names are read: `web` is the brand's
 * name, `layout` the site's theme, `css` its flavour, `themes[].theme` its schemes, `components[].title` a page,
 * `components[].layout` the page's theme and `activeLayout` its frame's (the site's theme when absent), `divisions`
 * the string "true" or "false".
 */
export function toSite(raw: RawSiteEntry): Site {
  const pages = {} as Record<PageKey, SitePage>;
  for (const page of PAGE_KEYS) {
    const component = raw.components.find((c) => c.title === page);
    pages[page] = { theme: component?.layout ?? raw.layout, frameTheme: component?.activeLayout ?? raw.layout };
  }
  return {
    key: raw.key,
    brand: {
      name: raw.web,
      logo: raw.logo,
      lineId: raw.LineID,
      lineLink: raw.LineLink,
      promoLink: raw.promoLink,
      ...(raw.shortName === undefined ? {} : { shortName: raw.shortName }),
      ...(raw.names === undefined ? {} : { appNames: raw.names }),
    },
    theme: raw.layout,
    flavour: raw.css,
    schemes: raw.themes.map((t) => t.theme),
    pages,
    divided: raw.divisions === 'true',
    registerEnabled: raw.register,
  };
}

/**
 * One sites.json entry, with every problem named by the file's own field path. `themes` are the theme names of the deployment's
 * config.json: a layout naming any other is a problem of this entry alone.
 */
export function checkSite(
  v: unknown,
  field: string,
  themes: readonly string[] | null = null,
): { ok: true; site: Site } | { ok: false; problems: FieldProblem[] } {
  const problems = new Problems();
  const s = problems.check(() => expectRecord(v, field));
  if (!s) return { ok: false, problems: problems.list };
  const divisions = problems.check(() => expectOneOf(s.divisions, `${field}.divisions`, ['true', 'false'] as const));
  const isDivided = divisions === 'true';
  const rawComponents = problems.check(() => expectArray(s.components, `${field}.components`, 1)) ?? [];
  const components = rawComponents.map((c, i) => parseComponent(c, `${field}.components[${i}]`, themes, problems));
  const seen = new Set<string>();
  components.forEach((c, i) => {
    if (!c) return;
    if (seen.has(c.title)) problems.list.push({ field: `${field}.components[${i}].title`, problem: `"${c.title}" is listed twice` });
    seen.add(c.title);
  });
  if (rawComponents.length > 0 && components.every((c) => c !== undefined)) {
    for (const page of PAGE_KEYS) {
      if (!seen.has(page)) problems.list.push({ field: `${field}.components`, problem: `must list the page "${page}"` });
    }
  }
  const site = {
    key: problems.check(() => expectString(s.key, `${field}.key`, /^[A-Za-z0-9]{4}$/)),
    logo: problems.check(() => urlField(s.key, { sameOriginPath: true })(s.logo, `${field}.logo`)),
    web: problems.check(() => expectString(s.web, `${field}.web`)),
    divisions,
    layout: problems.check(() => expectTheme(s.layout, `${field}.layout`, themes)),
    css: problems.check(() => expectString(s.css, `${field}.css`)),
    LineID: divisions === undefined ? undefined : problems.check(() => lineField(s.LineID, `${field}.LineID`, isDivided)),
    LineLink:
      divisions === undefined ? undefined : problems.check(() => lineField(s.LineLink, `${field}.LineLink`, isDivided, urlField(s.key))),
    promoLink: problems.check(() => urlField(s.key)(s.promoLink, `${field}.promoLink`)),
    themes: problems
      .check(() => expectArray(s.themes, `${field}.themes`, 1))
      ?.map((t, i) => problems.check(() => parseTheme(t, `${field}.themes[${i}]`))),
    components,
    register: problems.check(() => expectBoolean(s.register, `${field}.register`)),
    // Optional, for the installed app (the server writes its manifest from them): absent, `web` names it.
    ...(s.shortName === undefined
      ? {}
      : { shortName: problems.check(() => appName(s.shortName, `${field}.shortName`, MAX_APP_SHORT_NAME)) }),
    ...(s.names === undefined ? {} : { names: problems.check(() => parseNames(s.names, `${field}.names`)) }),
  };
  if (problems.list.length > 0) return { ok: false, problems: problems.list };
  return { ok: true, site: toSite(site as RawSiteEntry) };
}

/** One entry, throwing a SchemaError for its first problem (for callers that check a single site). */
export function parseSite(v: unknown, field: string, themes: readonly string[] | null = null): Site {
  const checked = checkSite(v, field, themes);
  if (checked.ok) return checked.site;
  const [first] = checked.problems;
  throw new SchemaError(first?.field ?? field, first?.problem ?? 'is not valid');
}

function rawKey(v: unknown): string | null {
  return isRecord(v) && typeof v.key === 'string' && v.key !== '' ? v.key : null;
}

/**
 * The whole file. Only a file that is not `{ "sites": [...] }` fails as a whole; a bad entry (or one whose
 * layouts name a theme `themes` does not have) is set aside in `invalid`, with every problem named, and
 * every other site is served.
 */
export function validateSitesFile(input: unknown, themes: readonly string[] | null = null): Validation<SitesFile> {
  return run(() => {
    if (!isRecord(input)) throw new SchemaError('sites.json', 'must be an object with a "sites" array');
    const entries = expectArray(input.sites, 'sites', 1);
    const sites: Site[] = [];
    const invalid: InvalidSite[] = [];
    const keys = new Set<string>();
    entries.forEach((entry, i) => {
      const checked = checkSite(entry, `sites[${i}]`, themes);
      const key = rawKey(entry);
      if (!checked.ok) {
        invalid.push({ key, problems: checked.problems });
      } else if (keys.has(checked.site.key)) {
        invalid.push({ key, problems: [{ field: `sites[${i}].key`, problem: `"${checked.site.key}" is used twice` }] });
      } else {
        sites.push(checked.site);
      }
      if (key !== null) keys.add(key);
    });
    return invalid.length > 0 ? { sites, invalid } : { sites };
  });
}
