// The part of deploy/write-nginx-includes.mjs that serves pages drawn in the HTML and the theme remotes under the
// host's origin:
//
//   <root>/drawn/{site}/{lang}[-{scheme}]/{page}.html  every site's login, registration, 404 and LINE check pages and a
//                             member's frame of each menu page, drawn by scripts/drawn-pages.mjs from the host's build
//                             and each theme's release (checked against its signed list first); {lang}/ links to the
//                             site's first scheme's; replaced whole on every run. No compressed copies: each carries the
//                             nonce placeholder, which nginx replaces per answer and compresses as it goes
//   member-drawn.conf         (http level, via member-http.conf) which drawn page answers a visit: its site (?prefix=,
//                             LINE's state, else the login cookie), language and scheme (their cookies) and page (its
//                             path)
//   member-remotes.conf       (server level, via member-host.conf) with --remote-upstream: /remotes/{theme}/ proxied to
//                             that theme's own server, so config.json can name the theme under the host's origin
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawingNames, drawPages } from '../scripts/drawn-pages.mjs';
import { importSharedCore } from '../scripts/shared-core.mjs';

const WORKSPACE = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Where the drawn pages lie in the host's folder, and the host's drawing build in the checkout the builds came from. */
export const DRAWN_FOLDER = 'drawn';
export const DEFAULT_HOST_DRAWING = path.join(WORKSPACE, 'host', 'dist-server', 'drawing.cjs');

const RELEASE_FETCH_TIMEOUT_MS = 15_000;

/**
 * A file of a theme's release: from a local copy of its folder (--remote-release=THEME=DIR), else fetched from beside
 * the manifest config.json names. Either way the drawing step checks it against the theme's signed list.
 */
export function releaseReader({ remotes = {}, localReleases = {} }) {
  return async (theme, file) => {
    if (localReleases[theme]) return readFileSync(path.join(localReleases[theme], file));
    const url = new URL(file, remotes[theme]).href;
    const response = await fetch(url, { signal: AbortSignal.timeout(RELEASE_FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
}

/** Takes an earlier run's drawn pages away: a run that draws none must leave none, drawn from builds no longer served. */
export function removeDrawnPages(root) {
  rmSync(path.join(root, DRAWN_FOLDER), { recursive: true, force: true });
}

/** What the last run drew from, beside its pages (a dot file: nginx answers none). */
const INPUTS_FILE = '.drawn-from.json';

/**
 * A digest of everything the pages are drawn from: the host's page and drawing build, config.json, sites.json, and each
 * theme's signed list (every file of a release is checked against it, so it stands for them all) with whether it has
 * expired by now (an expired release is drawn with no more). The same digest as the last run's: nothing to draw again.
 */
async function drawingInputs({ indexHtml, config, sites, hostDrawing, readRelease }) {
  const hash = createHash('sha256');
  for (const part of [indexHtml, readFileSync(hostDrawing), JSON.stringify(config), JSON.stringify(sites)]) hash.update(part).update('\0');
  const { SIGNED_FILES_NAME } = await import('../scripts/release-signing.mjs');
  for (const theme of Object.keys(config.remotes ?? {}).sort()) {
    const list = await readRelease(theme, SIGNED_FILES_NAME).then(String, (error) => `unread: ${error.message}`);
    let expired = false;
    try {
      expired = Date.parse(JSON.parse(JSON.parse(list).signed).expires) <= Date.now();
    } catch {
      // Not a list that reads: the drawing step says why; the digest holds its text.
    }
    hash.update(theme).update('\0').update(list).update(String(expired)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Draws every page into `<root>/drawn` (a new folder each run, put in place in one rename, so nginx never serves half
 * of one), unless nothing it draws from changed since the last run. Returns how many pages are drawn, whether they were
 * drawn again, and the drawing step's warnings.
 */
export async function writeDrawnPages({
  root,
  config,
  sites,
  indexHtml,
  hostDrawing = DEFAULT_HOST_DRAWING,
  localReleases = {},
  log = () => {},
}) {
  if (!existsSync(hostDrawing)) {
    removeDrawnPages(root);
    return {
      count: 0,
      redrawn: false,
      warnings: [`no host drawing build at ${hostDrawing} (npm run build writes it): no page is drawn, every visit gets index.html`],
    };
  }
  const readRelease = releaseReader({ remotes: config.remotes, localReleases });
  const digest = await drawingInputs({ indexHtml, config, sites, hostDrawing, readRelease });
  const last = (() => {
    try {
      return JSON.parse(readFileSync(path.join(root, DRAWN_FOLDER, INPUTS_FILE), 'utf8'));
    } catch {
      return null;
    }
  })();
  if (last?.digest === digest && Number.isInteger(last.count)) return { count: last.count, redrawn: false, warnings: last.warnings ?? [] };
  const { pages, warnings } = await drawPages({
    indexHtml,
    hostDrawing,
    config,
    sites,
    readRelease,
    readHost: async (href) => readFileSync(path.join(root, new URL(href, 'http://host.invalid').pathname)),
    log,
  });
  const next = path.join(root, `${DRAWN_FOLDER}.next`);
  const current = path.join(root, DRAWN_FOLDER);
  rmSync(next, { recursive: true, force: true });
  // A site's first scheme's page is also the page of a visit that chose none: one file, and a link to it.
  const written = new Map();
  mkdirSync(next, { recursive: true });
  for (const [file, drawn] of pages) {
    const target = path.join(next, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const same = written.get(drawn);
    if (same) {
      symlinkSync(path.relative(path.dirname(target), same), target);
      continue;
    }
    written.set(drawn, target);
    writeFileSync(target, drawn.html);
  }
  writeFileSync(path.join(next, INPUTS_FILE), `${JSON.stringify({ digest, count: pages.size, warnings })}\n`);
  const old = path.join(root, `${DRAWN_FOLDER}.old`);
  rmSync(old, { recursive: true, force: true });
  if (existsSync(current)) renameSync(current, old);
  renameSync(next, current);
  rmSync(old, { recursive: true, force: true });
  return { count: pages.size, redrawn: true, warnings };
}

/** An nginx double-quoted string of a value that holds no `"`, `\`, `$` or line break (checked). */
function quoted(value) {
  if (/["\\$\r\n]/.test(value)) throw new Error(`not a value for nginx: ${JSON.stringify(value)}`);
  return `"${value}"`;
}

/**
 * The text of member-drawn.conf: the maps member-host.conf's `location /` picks a drawn page by (shared-core's
 * drawnPageFor, in nginx).
 * @param {{ pageKeys: readonly string[], memberPages: readonly string[],
 *   cookies: { locale: string, scheme: string, site: string, session: readonly string[] } }} options
 */
export function drawnInclude({ pageKeys, memberPages, cookies }) {
  const site = '[A-Za-z0-9]{4}';
  const cookieName = (name) => name.replace(/[^A-Za-z0-9_]/g, '_');
  return [
    '# Written by deploy/write-nginx-includes.mjs: do not edit, run it again. Included by member-http.conf.',
    '# Which page drawn in the HTML answers a visit (member-host.conf: location /), as the host resolves it:',
    '',
    "# the site: ?prefix=, else the first four characters of LINE's state, else the login cookie (member-{site}={site}).",
    '# A prefix or state that names no possible site names none, as the host reads it.',
    'map $arg_state $member_state_site {',
    '    ""                      "";',
    `    "~^(?<member_site>${site})"   $member_site;`,
    '    default                 "-";',
    '}',
    'map $http_cookie $member_cookie_site {',
    `    "~(?:^|;\\s*)${cookies.site}(?<member_site>${site})=\\k<member_site>(?:;|$)"   $member_site;`,
    '    default                 "";',
    '}',
    'map "$arg_prefix|$member_state_site|$member_cookie_site" $member_drawn_site {',
    `    "~^(?<member_site>${site})\\|"          $member_site;`,
    `    "~^\\|(?<member_site>${site})\\|"        $member_site;`,
    `    "~^\\|\\|(?<member_site>${site})$"       $member_site;`,
    '    default                 "";',
    '}',
    '',
    '# the language and scheme the member chose last (their cookies); a site without that scheme, or no choice, takes the',
    "# page drawn in the site's first scheme ({lang}/ rather than {lang}-{scheme}/).",
    `map $cookie_${cookieName(cookies.locale)} $member_drawn_lang {`,
    '    "~*^en$"                en;',
    '    default                 th;',
    '}',
    `map $cookie_${cookieName(cookies.scheme)} $member_drawn_scheme {`,
    '    dark                    -dark;',
    '    light                   -light;',
    '    default                 "";',
    '}',
    '',
    "# a visit with the site's session cookies (both of them) is a member's, whose menu pages are drawn as its frame.",
    'map "$member_drawn_site;$http_cookie" $member_signed_in {',
    ...[`    "~^(?<member_site>${site});`, ...cookies.session.map((name) => `(?=(?:|.*;\\s*)${name}\\k<member_site>=[^;])`), '"   1;']
      .join('')
      .split('\n'),
    '    default                 "";',
    '}',
    '',
    "# the page: /login, /register and /check/line are themselves, a member's menu page is itself for a member; /, every",
    "# other page of the product and a member's page for a guest are the app's (none drawn); any other path is the 404.",
    'map "$member_signed_in$uri" $member_drawn_page {',
    ...['/login login', '/register register', '/check/line check/line'].flatMap((line) => [`    ${line};`, `    1${line};`]),
    ...memberPages.map((page) => `    1/${page} ${page};`),
    '    "~^1?/$"                "";',
    `    "~^1?/(?:check|${pageKeys.join('|')})(?:/|$)"   "";`,
    '    default                 404;',
    '}',
    '',
  ].join('\n');
}

/**
 * A theme remote's upstream (--remote-upstream=THEME=URL): the theme's own server, which config.json then names under
 * the host's origin (`https://members.example.com/remotes/THEME/mf-manifest.json`).
 */
export function parseRemoteUpstream(value) {
  const at = value.indexOf('=');
  const theme = value.slice(0, at);
  if (at <= 0 || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(theme)) throw new Error(`--remote-upstream=${value}: give THEME=URL`);
  let url;
  try {
    url = new URL(value.slice(at + 1));
  } catch {
    throw new Error(`--remote-upstream=${value}: ${value.slice(at + 1)} is not a URL`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
    throw new Error(`--remote-upstream=${value}: give an http or https URL without credentials, query or fragment`);
  if (!/^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(url.hostname))
    throw new Error(`--remote-upstream=${value}: the host name has characters nginx cannot take`);
  return {
    theme,
    url: `${url.origin}${url.pathname.replace(/\/*$/, '/')}`,
    https: url.protocol === 'https:',
    host: url.host,
    tlsName: url.hostname.replace(/^\[|\]$/g, ''),
  };
}

/** The text of member-remotes.conf: each theme under the host's origin, proxied to its own server. */
export function remotesInclude(upstreams, { ca }) {
  const head = '# Written by deploy/write-nginx-includes.mjs: do not edit, run it again. Included by member-host.conf.';
  if (upstreams.length === 0)
    return `${head}\n# No --remote-upstream: config.json names each theme on its own origin, nothing is proxied.\n`;
  return [
    head,
    "# Each theme remote under the host's origin: its scripts and stylesheets come from 'self', on the page's own",
    '# connection. Its server keeps its own headers (Cache-Control, CORS); nginx caches nothing.',
    ...upstreams.flatMap((upstream) => [
      `location ^~ /remotes/${upstream.theme}/ {`,
      `    proxy_pass ${upstream.url};`,
      `    proxy_set_header Host ${quoted(upstream.host)};`,
      '    proxy_http_version 1.1;',
      '    proxy_set_header Connection "";',
      ...(upstream.https
        ? [
            '    proxy_ssl_server_name on;',
            `    proxy_ssl_name ${quoted(upstream.tlsName)};`,
            '    proxy_ssl_verify on;',
            '    proxy_ssl_verify_depth 3;',
            `    proxy_ssl_trusted_certificate ${quoted(ca)};`,
          ]
        : []),
      '}',
    ]),
    '',
  ].join('\n');
}

/** The page keys and cookie names member-drawn.conf is written with, from the contract. */
export async function drawnContract() {
  const [{ PAGE_KEYS }, names] = await Promise.all([importSharedCore('./contract'), drawingNames()]);
  return {
    pageKeys: PAGE_KEYS,
    memberPages: names.DRAWN_MEMBER_PAGES,
    cookies: {
      locale: names.LOCALE_COOKIE,
      scheme: names.SCHEME_COOKIE,
      site: names.SITE_COOKIE_PREFIX,
      session: names.SESSION_COOKIE_PREFIXES,
    },
  };
}
