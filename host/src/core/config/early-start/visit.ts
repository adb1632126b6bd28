import type { EarlyHints } from './hints';
import { owns, stored } from './values';

/** What the address, the cookies and local storage say about this visit, before any file is read. */
export interface Visit {
  params: URLSearchParams;
  /** The first segment of the path ('' at the root). */
  page: string;
  cookies: Record<string, string>;
  /** The brands the login cookies name, in order: the host takes the first one sites.json has. */
  cookieBrands: string[];
  /** The brand named by the address, else the first login cookie's (a guess until sites.json is read), or null. */
  prefix: string | null;
  /** Whether the brand is the login cookie's guess rather than the address's. */
  fromCookie: boolean;
  english: boolean;
}

/**
 * The member's language as the host resolves it: the stored choice, else the language cookie. The brand, as the host
 * resolves it: ?prefix=, else the first four characters of LINE's state, else the login cookie.
 */
export function readVisit(win: Window, hints: EarlyHints): Visit {
  const doc = win.document;
  const choice = stored(win, hints.localeKey);
  let english: boolean;
  if (choice === 'EN' || choice === 'TH') english = choice === 'EN';
  else {
    const cookie = new RegExp(`(?:^|;\\s*)${hints.localeCookie}=([^;]*)`).exec(doc.cookie);
    english = cookie?.[1]?.trim().toLowerCase() === 'en';
  }
  const params = new URLSearchParams(win.location.search);
  let prefix = params.get('prefix');
  const state = params.get('state');
  if (prefix === null && state !== null) prefix = state.slice(0, 4);
  const cookies: Record<string, string> = {};
  const cookieBrands: string[] = [];
  for (const pair of doc.cookie.split(';')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (at <= 0) continue;
    cookies[name] = value;
    if (name === 'member-' + value) cookieBrands.push(value);
  }
  const fromCookie = prefix === null;
  if (fromCookie) prefix = cookieBrands[0] ?? null;
  return { params, page: win.location.pathname.split('/')[1] || '', cookies, cookieBrands, prefix, fromCookie, english };
}

/** Whether the cookies hold a stored session for `brand`. */
export const isMember = (visit: Visit, hints: EarlyHints, brand: string | null): boolean =>
  brand !== null && hints.sessionCookies.every((name) => !!visit.cookies[name + brand]);

/**
 * A member's own code, for a stored session: what the app will load the moment it runs (the session check, the API
 * client, the page's hooks, the member strings), asked for with the entry instead of one round trip after the app has run.
 */
export function memberCode(visit: Visit, hints: EarlyHints, member: boolean): string[] {
  if (!member) return [];
  const pageFiles = owns(hints.pageFiles, visit.page) ? hints.pageFiles[visit.page]! : [];
  return hints.memberFiles.concat(pageFiles, visit.english ? hints.memberStrings.en : hints.memberStrings.th);
}
