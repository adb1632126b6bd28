/**
 * Which request the service worker answers, and how: one pure rule that the worker (sw.ts) applies to every fetch and
 * the tests hold to a table. The worker stores only files that are the same for every member (the host's and the
 * theme remotes' code, the run-time files, the brand's images); anything that may carry a member's token or data goes
 * to the network untouched, and anything the rule does not name is not answered at all.
 *
 * - `immutable`: a file whose name carries its content hash (the host's `/static/…`, a configured remote's chunks):
 *   cache first, it never changes.
 * - `fresh`: `/config.json`, `/sites.json`, a remote's `mf-manifest.json`, `signed-files.json` and `remoteEntry.js`:
 *   network first, the stored copy only when the network fails.
 * - `navigation`: a page; network (with the navigation preload), and the brand's offline page when the network
 *   fails. A page's HTML is not stored, but for a member's frame drawn in the HTML (drawn for nobody in particular:
 *   the menu and the page's place): kept per address, it answers the next visit there at once while the network's
 *   answer replaces it, as long as it is of the build the worker precaches (isDrawnMemberFrame, keptFrameAnswers).
 * - `image`: an image of the host's own origin (the brands' logos): served from the store while it is fetched again, so
 *   the offline page can show the logo.
 * - `network`: never stored, never answered by the worker: the operator's API (under `apiBase` or `/api/`), the channel
 *   authorisation, a request with an `Authorization` header or a token in its address, any other method than GET,
 *   the worker's own script, and anything the rule does not know.
 * - `unknown`: another origin's request while the worker has not yet read `config.json` (it has just started):
 *   decided once it has.
 */
export type CacheRule = 'immutable' | 'fresh' | 'navigation' | 'image' | 'network' | 'unknown';

/** What the rule reads of `config.json`, resolved against the host's origin. */
export interface CacheContext {
  /** Address prefixes that are the operator's API or the channel authoriser (`https://api.example/api/`). */
  apiPrefixes: string[];
  /** Origins where everything is the operator's (an API on an origin of its own): nothing there is stored. */
  apiOrigins: string[];
  /** The theme remotes' manifest folders (`https://pre8.themes.example/`): their files may be stored. */
  remoteBases: string[];
}

/** What the rule reads of a request: its address, method, mode, destination and whether it carries credentials of its own. */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
  destination: string;
  /** The request sends an `Authorization` header (the channel authoriser does). */
  authorization: boolean;
}

/** The worker's own script: fetched by the browser's update check, never by a page, never stored. */
export const WORKER_PATH = '/sw.js';
/** The page the worker shows for a navigation that found no network (built beside index.html). */
export const OFFLINE_PAGE_PATH = '/offline.html';
/** The same-origin prefix of every API call (the API proxied under the host's origin). */
export const API_PATH_PREFIX = '/api/';
/** The remotes' files that change with each release and are read past any cache. */
export const REMOTE_ENTRY_FILES = ['mf-manifest.json', 'signed-files.json', 'remoteEntry.js'] as const;
/** The host's run-time files. */
export const RUNTIME_FILES = ['/config.json', '/sites.json'] as const;

/** `name.<hash>.ext`: the bundler's content hash (8 or more hex digits) right before the extension. */
const HASHED_FILE = /[.-][0-9a-f]{8,64}\.[a-z0-9]+$/i;
/** An image by its name (a logo asked for by address, as the page's warm-up does), where the destination does not say. */
const IMAGE_FILE = /\.(svg|png|webp|avif|jpe?g|gif|ico)$/i;
/** Query parameters that carry a credential (a token, a LINE code) anywhere they appear. */
const TOKEN_PARAMS = /^(token|access_token|refresh_token|id_token|auth|authorization|code|apikey|api_key|key|signature|sig)$/i;

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function absolute(value: unknown, origin: string): URL | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return new URL(value, origin);
  } catch {
    return null;
  }
}

/**
 * The rule's context from `config.json` (as served) and the host's origin. An API base on the host's own origin (or `/`)
 * takes only its `/api/` path; one on another origin takes that whole origin, whose images and pages are the
 * operator's too. A remote's files may be stored only under its manifest's folder.
 */
export function cacheContextOf(config: unknown, origin: string): CacheContext {
  const record = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const apiPrefixes: string[] = [];
  const apiOrigins: string[] = [];
  for (const base of [record.apiBase, record.broadcastAuthBase]) {
    const url = absolute(base, origin);
    if (!url) continue;
    url.search = '';
    url.hash = '';
    apiPrefixes.push(`${url.href.replace(/\/+$/, '')}${API_PATH_PREFIX}`);
    if (url.origin !== origin) apiOrigins.push(url.origin);
  }
  const remotes = record.remotes && typeof record.remotes === 'object' ? (record.remotes as Record<string, unknown>) : {};
  const remoteBases = Object.values(remotes).flatMap((manifest) => {
    const url = absolute(manifest, origin);
    return url && /^https?:$/.test(url.protocol) ? [new URL('./', url).href] : [];
  });
  return { apiPrefixes: [...new Set(apiPrefixes)], apiOrigins: [...new Set(apiOrigins)], remoteBases: [...new Set(remoteBases)] };
}

/** The address carries a credential in its query or fragment. */
export function carriesToken(url: URL): boolean {
  const params = [...url.searchParams.keys(), ...new URLSearchParams(url.hash.slice(1)).keys()];
  return params.some((name) => TOKEN_PARAMS.test(name));
}

/**
 * The rule for one request. `origin` is the host's (the worker's scope); `context` is null until the worker has read
 * `config.json`.
 */
export function cacheRuleFor(request: RequestFacts, origin: string, context: CacheContext | null): CacheRule {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (request.method !== 'GET' || !/^https?:$/.test(url.protocol)) return 'network';
  const sameOrigin = url.origin === origin;
  // Never the API, whatever else is true of the request: on the host's own origin it is recognised without the config.
  if (sameOrigin && url.pathname.startsWith(API_PATH_PREFIX)) return 'network';
  if (context && (context.apiOrigins.includes(url.origin) || context.apiPrefixes.some((prefix) => url.href.startsWith(prefix))))
    return 'network';
  // A page is never stored, so one whose address carries a LINE code still gets the offline page rather than the
  // browser's error.
  if (request.mode === 'navigate') return sameOrigin ? 'navigation' : 'network';
  if (request.authorization || carriesToken(url)) return 'network';
  if (sameOrigin) {
    if (url.search !== '') return 'network';
    if ((RUNTIME_FILES as readonly string[]).includes(url.pathname)) return 'fresh';
    if (url.pathname.startsWith('/static/') && HASHED_FILE.test(url.pathname)) return 'immutable';
    if (request.destination === 'image' || IMAGE_FILE.test(url.pathname)) return 'image';
    return 'network';
  }
  if (!context) return 'unknown';
  const base = context.remoteBases.find((prefix) => url.href.startsWith(withSlash(prefix)));
  if (!base) return 'network';
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  // A manifest read again past the cache after a failed chunk (a query that busts it) is still the manifest.
  if ((REMOTE_ENTRY_FILES as readonly string[]).includes(name)) return 'fresh';
  // Only what is read with CORS: an opaque answer could not be checked against its signed hash, nor its status seen.
  if (url.search === '' && request.mode === 'cors' && HASHED_FILE.test(name)) return 'immutable';
  return 'network';
}

/**
 * Whether a `fresh` file's stored copy may answer when the network fails. The host's own run-time files: always (the
 * offline page reads sites.json). A theme remote's manifest, signed list and remoteEntry: only while the device is
 * offline. A remote that is down while the member is online must look down to the host, whose breaker then takes the
 * next theme at once, rather than alive from a stored manifest whose chunks may not be there.
 */
export function storedCopyMayAnswer(url: string, origin: string, online: boolean): boolean {
  try {
    return new URL(url).origin === origin || !online;
  } catch {
    return false;
  }
}

/** The query parameter the precache adds to a file it keeps by revision (index.html, the offline page). */
const PRECACHE_REVISION_PARAM = '__WB_REVISION__';

/**
 * Whether a stored entry may stay (the sweep after a session ends): what the rule would store now, as a plain GET read
 * with CORS or as an image. An API address, an address with a token, or anything the rule sends to the network goes.
 */
export function mayKeep(storedUrl: string, origin: string, context: CacheContext | null): boolean {
  let url: URL;
  try {
    url = new URL(storedUrl);
  } catch {
    return false;
  }
  if (url.origin === origin) url.searchParams.delete(PRECACHE_REVISION_PARAM);
  const facts = (destination: string): RequestFacts => ({ url: url.href, method: 'GET', mode: 'cors', destination, authorization: false });
  const keeps = (rule: CacheRule) => rule === 'immutable' || rule === 'fresh' || rule === 'image';
  if (url.origin === origin && (url.pathname === OFFLINE_PAGE_PATH || url.pathname === '/index.html')) return url.search === '';
  return keeps(cacheRuleFor(facts(''), origin, context)) || keeps(cacheRuleFor(facts('image'), origin, context));
}

/** How much of a page's start holds its `<html>` element. */
const HTML_TAG_SPAN = 4096;

/** A member's frame drawn in the HTML (docs/architecture.md, "Pages drawn in the HTML"): nothing of a member is in it. */
export function isDrawnMemberFrame(html: string): boolean {
  return /<html\s[^>]*\bdata-drawn-kind="member"/.test(html.slice(0, HTML_TAG_SPAN));
}

/**
 * Whether a kept frame may answer: it names the scripts of the host's build it came with (its preloads), and every one
 * of them must be a file the worker precaches, i.e. of the worker's own build. A frame of another build is not used.
 */
export function keptFrameAnswers(html: string, precached: ReadonlySet<string>, origin: string): boolean {
  const scripts = [...html.matchAll(/<link\s[^>]*\bas="script"[^>]*\bhref="([^"]+)"/g)].map((match) => {
    try {
      return new URL(match[1]!.replace(/&amp;/g, '&'), origin);
    } catch {
      return null;
    }
  });
  return scripts.length > 0 && scripts.every((url) => url !== null && url.origin === origin && precached.has(url.pathname));
}
