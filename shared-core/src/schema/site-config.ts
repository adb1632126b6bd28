import { PAGE_KEYS, THEMES } from '../contract';
import type { SiteComponent, SiteConfig, SitesFile, SiteTheme } from '../types/site-config';
import {
  SchemaError, expectArray, expectBoolean, expectOneOf, expectRecord, expectString, isRecord, run, type Validation,
} from './validate';

const DIVISION_KEY = /^[A-Za-z0-9]{5,}$/;

function lineField(v: unknown, field: string, divisions: boolean): string | Record<string, string> {
  if (!divisions) return expectString(v, field);
  const map = expectRecord(v, field);
  const keys = Object.keys(map);
  if (keys.length === 0) throw new SchemaError(field, 'must map each division prefix to a contact');
  for (const key of keys) {
    if (!DIVISION_KEY.test(key)) throw new SchemaError(`${field}.${key}`, 'must be a game-user prefix');
    expectString(map[key], `${field}.${key}`);
  }
  return map as Record<string, string>;
}

function parseTheme(v: unknown, field: string): SiteTheme {
  const t = expectRecord(v, field);
  return { title: expectString(t.title, `${field}.title`), theme: expectOneOf(t.theme, `${field}.theme`, ['light', 'dark'] as const) };
}

function parseComponent(v: unknown, field: string): SiteComponent {
  const c = expectRecord(v, field);
  const component: SiteComponent = {
    title: expectOneOf(c.title, `${field}.title`, PAGE_KEYS),
    layout: expectOneOf(c.layout, `${field}.layout`, THEMES),
  };
  if (c.activeLayout !== undefined) component.activeLayout = expectOneOf(c.activeLayout, `${field}.activeLayout`, THEMES);
  return component;
}

export function parseSite(v: unknown, field: string): SiteConfig {
  const s = expectRecord(v, field);
  const divisions = expectOneOf(s.divisions, `${field}.divisions`, ['true', 'false'] as const);
  const isDivided = divisions === 'true';
  const components = expectArray(s.components, `${field}.components`, 1).map((c, i) => parseComponent(c, `${field}.components[${i}]`));
  const seen = new Set<string>();
  components.forEach((c, i) => {
    if (seen.has(c.title)) throw new SchemaError(`${field}.components[${i}].title`, `"${c.title}" is listed twice`);
    seen.add(c.title);
  });
  for (const page of PAGE_KEYS) {
    if (!seen.has(page)) throw new SchemaError(`${field}.components`, `must list the page "${page}"`);
  }
  return {
    key: expectString(s.key, `${field}.key`, /^[A-Za-z0-9]{4}$/),
    logo: expectString(s.logo, `${field}.logo`),
    web: expectString(s.web, `${field}.web`),
    divisions,
    layout: expectOneOf(s.layout, `${field}.layout`, THEMES),
    css: expectString(s.css, `${field}.css`),
    LineID: lineField(s.LineID, `${field}.LineID`, isDivided),
    LineLink: lineField(s.LineLink, `${field}.LineLink`, isDivided),
    promoLink: expectString(s.promoLink, `${field}.promoLink`),
    themes: expectArray(s.themes, `${field}.themes`, 1).map((t, i) => parseTheme(t, `${field}.themes[${i}]`)),
    components,
    register: expectBoolean(s.register, `${field}.register`),
  };
}

export function validateSitesFile(input: unknown): Validation<SitesFile> {
  return run(() => {
    if (!isRecord(input)) throw new SchemaError('sites.json', 'must be an object with a "sites" array');
    const sites = expectArray(input.sites, 'sites', 1).map((s, i) => parseSite(s, `sites[${i}]`));
    const keys = new Set<string>();
    sites.forEach((s, i) => {
      if (keys.has(s.key)) throw new SchemaError(`sites[${i}].key`, `"${s.key}" is used twice`);
      keys.add(s.key);
    });
    return { sites };
  });
}
