import { readFileSync } from 'node:fs';
import type { RawSiteEntry } from '@member/shared-core';
import { isSafeUrl } from '@member/shared-core/helpers/safe-url';

/** The brand registry the host also reads (`/work/main/sites.json`). The simulator needs only a few fields of each site. */
export type SimSite = Pick<RawSiteEntry, 'key' | 'web' | 'divisions' | 'LineID' | 'LineLink' | 'promoLink' | 'register'>;

export class SiteDirectory {
  private readonly byKey: Map<string, SimSite>;

  constructor(readonly sites: readonly SimSite[]) {
    this.byKey = new Map(sites.map((site) => [site.key, site]));
  }

  get(prefix: string | undefined | null): SimSite | undefined {
    return prefix ? this.byKey.get(prefix) : undefined;
  }

  keys(): string[] {
    return this.sites.map((site) => site.key);
  }

  /** Division prefixes of a divided site (the keys of its LineID map), sorted; empty otherwise. */
  divisionsOf(site: SimSite): string[] {
    return site.divisions === 'true' && typeof site.LineID === 'object' ? Object.keys(site.LineID).sort() : [];
  }
}

function fail(file: string, field: string, problem: string): never {
  throw new Error(`${file}: ${field} ${problem}`);
}

const contact = (v: unknown, divided: boolean): v is string | Record<string, string> =>
  divided
    ? typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')
    : typeof v === 'string';

/** The division (or '') of the first LINE link the safe-URL guard refuses, else null. */
function unsafeLink(v: string | Record<string, string>): string | null {
  if (typeof v === 'string') return isSafeUrl(v) ? null : '';
  return Object.keys(v).find((division) => !isSafeUrl(v[division])) ?? null;
}

export function parseSites(input: unknown, file = 'sites.json'): SimSite[] {
  const list = (input as { sites?: unknown } | null)?.sites;
  if (!Array.isArray(list) || list.length === 0) fail(file, 'sites', 'must be a non-empty array');
  return list.map((raw: unknown, i): SimSite => {
    const s = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const at = `sites[${i}]`;
    if (typeof s.key !== 'string' || !/^[A-Za-z0-9]{4}$/.test(s.key)) fail(file, `${at}.key`, 'must be 4 letters or digits');
    if (typeof s.web !== 'string') fail(file, `${at}.web`, 'must be a string');
    if (s.divisions !== 'true' && s.divisions !== 'false') fail(file, `${at}.divisions`, 'must be "true" or "false"');
    const divided = s.divisions === 'true';
    if (!contact(s.LineID, divided)) fail(file, `${at}.LineID`, divided ? 'must map division prefixes to contacts' : 'must be a string');
    if (!contact(s.LineLink, divided)) fail(file, `${at}.LineLink`, divided ? 'must map division prefixes to links' : 'must be a string');
    if (typeof s.promoLink !== 'string') fail(file, `${at}.promoLink`, 'must be a string');
    // The replies hand these links to members' pages: held to the host's rule, named by the site's key as the host names them.
    const badLine = unsafeLink(s.LineLink);
    if (badLine !== null) fail(file, `${at}.LineLink${badLine ? `.${badLine}` : ''}`, `must be an absolute http(s) URL (site "${s.key}")`);
    if (!isSafeUrl(s.promoLink)) fail(file, `${at}.promoLink`, `must be an absolute http(s) URL (site "${s.key}")`);
    if (typeof s.register !== 'boolean') fail(file, `${at}.register`, 'must be true or false');
    return {
      key: s.key,
      web: s.web,
      divisions: s.divisions,
      LineID: s.LineID,
      LineLink: s.LineLink,
      promoLink: s.promoLink,
      register: s.register,
    };
  });
}

export function loadSites(file: string): SiteDirectory {
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read sites file ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return new SiteDirectory(parseSites(input, file));
}
