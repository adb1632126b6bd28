#!/usr/bin/env node
// Writes the nginx include files that depend on the deployment, from the files the deploy already has
// (nginx cannot compute a policy):
//
//   member-policy.conf        (http level) the host page's Content-Security-Policy, computed by
//                             scripts/csp.mjs from the host folder's config.json and sites.json for each brand (its
//                             promotion framed, its logo shown) with each answer's nonce ($request_id, which
//                             member-host.conf writes into the page too), split into values nginx takes; its
//                             Permissions-Policy, and the origins the theme remotes answer with CORS (the host's)
//   member-brotli.conf        (server level, via member-common.conf) `brotli_static on;` when nginx's brotli
//                             module is installed, a comment otherwise (then gzip only)
//   member-api-upstream.conf  (http level, via member-http.conf) with --api-upstream: the operator's API as an
//                             upstream with kept-alive connections; a comment otherwise
//   member-api.conf           (server level, via member-host.conf) with --api-upstream: /api/ proxied to it, so
//                             the page calls the API under its own origin and pays no CORS preflight; a comment
//                             otherwise
//   member-drawn.conf         (http level, via member-http.conf) which page drawn in the HTML answers a visit
//                             (deploy/drawn-includes.mjs)
//   member-remotes.conf       (server level, via member-host.conf) with --remote-upstream: /remotes/{theme}/ proxied
//                             to each theme's own server; a comment otherwise
//
// with --site-files=DIR, nginx's server file of each name (the host's, each theme remote's) into DIR, filled in from the
// same arguments and config.json (deploy/write-site-files.mjs); into the host's folder, every site's guest pages drawn
// in the HTML (drawn/: login, registration, the 404 and the LINE check, per language and scheme, and a member's frame
// of each menu page), by the host's drawing build (--drawing, host/dist-server/drawing.cjs of this checkout) and each
// theme's own server build, run only once its release checks out against its signed list (fetched from beside the
// manifest config.json names, or a local copy with --remote-release=THEME=DIR);
// and each site's installed app (scripts/web-apps.mjs): webapp/{key}/manifest-th.webmanifest,
// manifest-en.webmanifest and the icons they name, drawn from the site's logo in its theme's colours (read from the
// theme remote's mf-manifest.json: a local copy given with --remote-manifest=THEME=FILE, else the URL in config.json).
// Only what changed is drawn again; what no manifest names any more goes a day later; a site whose entry or logo
// cannot make an app gets a line saying why, and every other site its app.
//
//   node deploy/write-nginx-includes.mjs --root=/srv/member/host --host-origin=https://members.example.com \
//        [--host-origin=...] [--api-upstream=https://api.operator.example] \
//        [--broadcast-auth-upstream=https://auth.operator.example] [--img-origin=https://img.provider.example] \
//        [--remote-manifest=THEME=FILE ...] [--remote-release=THEME=DIR ...] [--remote-upstream=THEME=URL ...] \
//        [--drawing=FILE] [--no-drawn] [--brotli | --no-brotli] [--out=/etc/nginx/member]
//        [--site-files=/etc/nginx/sites-available [--cert-dir=/etc/letsencrypt/live] [--remote-root=THEME=DIR ...]]
//
// Run it after every change of config.json or sites.json, after every deploy of the host, and after a theme's release
// (its drawn pages are drawn from those builds; until it runs, a drawn page older than the theme's release in use is
// replaced by the app in one step), then `nginx -t && nginx -s reload`. The policy depends on no build (its nonce is
// made per answer). It first checks both files
// with the host's own schemas (as `npm run check-config` does) and writes nothing when the host would refuse them, so a
// file that would show members an error page is not deployed with a policy made from it.
// Each file is written to a temporary name and renamed, so a reload never reads half a file.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseCommandLine } from 'node:util';
import zlib from 'node:zlib';
import { consequences, checkRuntimeFiles, formatProblems } from '../scripts/check-config.mjs';
import { CSP_NONCE_PLACEHOLDER, PERMISSIONS_POLICY, cspDirectives, logoOrigins, originOf, parseOriginList } from '../scripts/csp.mjs';
import {
  DEFAULT_HOST_DRAWING,
  drawnContract,
  drawnInclude,
  parseRemoteUpstream,
  remotesInclude,
  removeDrawnPages,
  writeDrawnPages,
} from './drawn-includes.mjs';
import { remoteAppColors, writeWebApps } from '../scripts/web-apps.mjs';
import { DEFAULT_CERT_DIR, SITE_FILE_PREFIX, writeSiteFiles } from './write-site-files.mjs';

/** Where Debian's libnginx-mod-http-brotli-static puts the module. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Debian's bundle of public CAs (package ca-certificates): what an https upstream's certificate is checked against. */
export const DEFAULT_UPSTREAM_CA = '/etc/ssl/certs/ca-certificates.crt';

/** The path the host's API client appends to apiBase (and broadcastAuthBase) for every call. */
const API_PATH = '/api/';
const BROADCAST_AUTH_PATH = '/api/member/broadcasting/auth';

const USAGE = `usage: node deploy/write-nginx-includes.mjs --root=HOST_DIR --host-origin=ORIGIN [--host-origin=ORIGIN ...]
       [--config=FILE] [--sites=FILE] [--index=FILE] [--api-upstream=URL] [--broadcast-auth-upstream=URL]
       [--upstream-ca=FILE] [--img-origin=ORIGIN ...] [--remote-manifest=THEME=FILE ...] [--remote-release=THEME=DIR ...]
       [--remote-upstream=THEME=URL ...] [--drawing=FILE] [--no-drawn] [--brotli | --no-brotli] [--out=DIR]
       [--site-files=DIR [--cert-dir=DIR] [--remote-root=THEME=DIR ...]]
  --root                     the host's folder (its config.json, sites.json and index.html are read from there);
                             config.json and sites.json must pass the host's checks (npm run check-config), or
                             nothing is written
  --host-origin              an origin the host is opened from (the remotes answer CORS to these only)
  --api-upstream             the operator's API, proxied under the host's origin at /api/ (config.json's apiBase
                             is then the host's origin, or /); without it the page calls apiBase on its own origin
  --broadcast-auth-upstream  where channel authorisation is proxied (/api/member/broadcasting/auth), when it is not
                             the API itself (config.json's broadcastAuthBase is then the host's origin, or /)
  --upstream-ca              the CA bundle an https upstream's certificate is checked against (${DEFAULT_UPSTREAM_CA})
  --img-origin               an extra origin that serves images (a game provider's CDN)
  --remote-manifest          THEME=FILE: a local copy of that theme's mf-manifest.json, read for its app colours instead
                             of fetching the URL config.json's remotes names (each site's installed app wears them)
  --remote-release           THEME=DIR: a local copy of that theme's release folder, the pages are drawn with (checked
                             against its signed list like a fetched one) instead of fetching it from beside its manifest
  --remote-upstream          THEME=URL: that theme's own server, proxied under the host's origin at /remotes/THEME/
                             (config.json then names the theme's manifest there)
  --drawing                  the host's drawing build (default: host/dist-server/drawing.cjs of this checkout, which
                             npm run build wrote with the host/dist deployed)
  --no-drawn                 draw no page: every visit gets the app's index.html
  --out                      where to write the include files (default: the current folder)
  --site-files               where to write nginx's server file of each name (${SITE_FILE_PREFIX}<name>.conf): the host's names
                             from --host-origin, each theme remote's from config.json's remotes, TLS for https names
  --cert-dir                 where each name's fullchain.pem and privkey.pem are (${DEFAULT_CERT_DIR}/<name>/)
  --remote-root              THEME=DIR: that theme remote's folder (default: remote-<theme> beside --root)`;

/** A string as an nginx double-quoted value; nginx would read a "$" as a variable, so none may appear. */
export function nginxString(value) {
  if (/[\r\n$]/.test(value)) throw new Error(`an nginx value here cannot hold a line break or "$": ${JSON.stringify(value)}`);
  return `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}

/** The nonce of one answer, as nginx names it: member-host.conf writes the same into the page. */
export const NGINX_NONCE = '$request_id';
/**
 * The longest quoted value written. nginx reads its configuration through a 4 KB buffer and refuses a longer string
 * ("too long parameter"); a policy of many origins is cut into values of this length at most, which nginx puts together.
 */
export const MAX_NGINX_VALUE = 3000;

/** A value as an nginx double-quoted string that may hold the answer's nonce ($request_id) and no other variable. */
function valueWithNonce(value) {
  return nginxString(value.replaceAll(NGINX_NONCE, '\u0000')).replaceAll('\u0000', NGINX_NONCE);
}

/** `text` cut at spaces into pieces of at most `max` characters (a piece without a space is left whole). */
export function cutAtSpaces(text, max = MAX_NGINX_VALUE) {
  const pieces = [];
  let rest = text;
  while (rest.length > max) {
    let at = rest.lastIndexOf(' ', max);
    if (at <= 0) at = rest.indexOf(' ', max);
    if (at <= 0) break;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  pieces.push(rest);
  return pieces;
}

/**
 * The policy as nginx sends it: the parts every page shares (with the answer's nonce), and per brand the two that
 * differ, its promotion's origin (frame-src) and its logo's (img-src). A page of no brand nginx can tell frames
 * nothing and may show every logo.
 */
export function brandPolicy(config, { sites, imageOrigins = [], selfOrigins = [] }) {
  const options = { sites, imageOrigins, selfOrigins, nonce: NGINX_NONCE };
  const LOGOS = '\u0001';
  const FRAMES = '\u0002';
  // Shared: the policy of a page with no sites at all; a brand's logo origin is added unless the shared images have it.
  const shared = cspDirectives(config, { ...options, sites: [] });
  const sharedImages = new Map(shared).get('img-src');
  const logosOf = (list) =>
    logoOrigins(list)
      .filter((origin) => !sharedImages.includes(origin))
      .map((origin) => ` ${origin}`)
      .join('');
  const template = shared
    .map(([name, sources]) => {
      if (name === 'img-src') return `${name} ${sources.join(' ')}${LOGOS}`;
      if (name === 'frame-src') return `${name} ${FRAMES}`;
      return `${name} ${sources.join(' ')}`;
    })
    .join('; ');
  const [before, rest] = template.split(LOGOS);
  const [between, after] = rest.split(FRAMES);
  const frames = new Map();
  const logos = new Map();
  for (const site of sites) {
    if (typeof site?.key !== 'string') continue;
    frames.set(site.key, new Map(cspDirectives(config, { ...options, brand: site.key })).get('frame-src').join(' '));
    logos.set(site.key, logosOf([site]));
  }
  return { shared: [before, between, after], frames, logos, allLogos: logosOf(sites) };
}

/** The whole policy of one page as nginx sends it (for the log line and the tests), its nonce as given. */
export function policyOfBrand(parts, brand, nonce = NGINX_NONCE) {
  const frames = (brand !== null && parts.frames.get(brand)) || "'none'";
  const logos = brand !== null && parts.logos.has(brand) ? parts.logos.get(brand) : parts.allLogos;
  return `${parts.shared[0]}${logos}${parts.shared[1]}${frames}${parts.shared[2]}`.replaceAll(NGINX_NONCE, nonce);
}

/** The text of member-policy.conf. */
export function policyInclude({ parts, hostOrigins, permissions = PERMISSIONS_POLICY }) {
  if (hostOrigins.length === 0) throw new Error('at least one --host-origin is needed (the remotes answer CORS to it)');
  const shared = parts.shared.map((piece) => cutAtSpaces(piece));
  const pieceName = (i, j) => `$member_csp_${i}_${j}`;
  const whole = [
    ...shared[0].map((_, j) => pieceName(0, j)),
    '$member_csp_logos',
    ...shared[1].map((_, j) => pieceName(1, j)),
    '$member_csp_frames',
    ...shared[2].map((_, j) => pieceName(2, j)),
  ].join('');
  const brandMap = (variable, values, fallback) => [
    `map $member_brand ${variable} {`,
    `    default ${valueWithNonce(fallback)};`,
    ...[...values].map(([key, value]) => `    ${nginxString(key)} ${valueWithNonce(value)};`),
    '}',
  ];
  return [
    "# Written by deploy/write-nginx-includes.mjs from the host folder's config.json and sites.json: do not edit,",
    '# run it again after changing either file. Include once at http level.',
    '',
    "# The page's brand, as the host resolves it: ?prefix=, else the first four characters of LINE's ?state=, else the",
    '# first login cookie (member-X=X). Its promotion may be framed and its logo shown; a page of no brand frames none.',
    "# Read from the request as it came ($request_uri): a route's fall-back to /index.html leaves its query behind.",
    'map $request_uri $member_brand {',
    '    "~[?&]prefix=(?<member_query_brand>[^&#]*)" $member_query_brand;',
    '    default $member_brand_by_state;',
    '}',
    'map $request_uri $member_brand_by_state {',
    '    "~[?&]state=(?<member_state_brand>[^&#]{0,4})" $member_state_brand;',
    '    default $member_brand_by_cookie;',
    '}',
    'map $http_cookie $member_brand_by_cookie {',
    '    default "";',
    '    "~(?:^|;)\\s*member-(?<member_cookie_brand>[A-Za-z0-9_-]+)=\\k<member_cookie_brand>\\s*(?:;|$)" $member_cookie_brand;',
    '}',
    '',
    "# The host page's Content-Security-Policy, sent with the host's HTML only (never with a reply of the API",
    "# proxied under /api/: $member_page_type is empty there, see member-http.conf). Each answer's page carries the",
    `# nonce $request_id (member-host.conf). Put together from values of at most ${MAX_NGINX_VALUE} characters, which nginx reads.`,
    'map $member_page_type $member_csp {',
    '    default "";',
    `    ~^text/html "${whole}";`,
    '}',
    ...shared.flatMap((cut, i) =>
      cut.flatMap((piece, j) => [`map $member_page_type ${pieceName(i, j)} {`, `    default ${valueWithNonce(piece)};`, '}']),
    ),
    ...brandMap('$member_csp_frames', parts.frames, "'none'"),
    ...brandMap('$member_csp_logos', parts.logos, parts.allLogos),
    '',
    '# The browser features the page may use (scripts/csp.mjs, PERMISSIONS_POLICY), with its HTML only too.',
    'map $member_page_type $member_permissions_policy {',
    '    default "";',
    `    ~^text/html ${nginxString(permissions)};`,
    '}',
    '',
    "# The origins the theme remotes answer with CORS: the host's.",
    'map $http_origin $member_cors_origin {',
    '    default "";',
    ...hostOrigins.map((origin) => `    ${nginxString(origin)} $http_origin;`),
    '}',
    '',
  ].join('\n');
}

/** The text of member-brotli.conf. */
export function brotliInclude(enabled) {
  return enabled
    ? '# Written by deploy/write-nginx-includes.mjs: the brotli module is loaded, send the .br copies first.\nbrotli_static on;\n'
    : '# Written by deploy/write-nginx-includes.mjs: no brotli module (apt-get install libnginx-mod-http-brotli-static),\n# so gzip only.\n';
}

/**
 * An upstream given on the command line: an http(s) URL, optionally with a path the API lives under
 * (`https://api.operator.example/v2`). Its name goes into nginx.conf unquoted, so only a host name or an IP.
 */
export function parseUpstream(value, flag) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${flag}=${value} is not a URL like https://api.operator.example`);
  }
  if (
    !/^https?:$/.test(url.protocol) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    value.includes('?') ||
    value.includes('#')
  ) {
    throw new Error(`${flag}=${value}: give an http or https URL without credentials, query or fragment`);
  }
  if (!/^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(url.hostname))
    throw new Error(`${flag}=${value}: the host name has characters nginx cannot take`);
  const https = url.protocol === 'https:';
  return {
    url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    origin: url.origin,
    https,
    // A name in an upstream block is resolved when nginx starts or reloads.
    server: `${url.hostname}:${url.port || (https ? 443 : 80)}`,
    // What the API's own server expects to be called (virtual hosts, and the name its TLS certificate carries).
    hostHeader: url.host,
    tlsName: url.hostname.replace(/^\[|\]$/g, ''),
    path: url.pathname.replace(/\/+$/, ''),
  };
}

/** The text of member-api-upstream.conf (http level): one upstream per proxied service. */
export function apiUpstreamInclude({ api, auth } = {}) {
  const head = '# Written by deploy/write-nginx-includes.mjs: do not edit, run it again. Included by member-http.conf.';
  if (!api) {
    return `${head}\n# No --api-upstream: the page calls the operator's API on its own origin (config.json's apiBase), nothing is proxied.\n`;
  }
  const block = (name, upstream, what) => [
    `# ${what} (${upstream.url}). nginx resolves the name when it starts and at every reload: reload after its addresses change.`,
    `upstream ${name} {`,
    `    server ${upstream.server};`,
    '    # Connections kept open between calls, so a call does not pay a new TCP and TLS handshake.',
    '    keepalive 16;',
    '}',
  ];
  return [
    head,
    '',
    ...block('member_api', api, "The operator's API"),
    ...(auth ? ['', ...block('member_broadcast_auth', auth, 'Channel authorisation')] : []),
    '',
  ].join('\n');
}

/** One location of member-api.conf: `path` proxied to `upstream`, its path prefix put in front. */
function proxyLocation({ match, upstreamName, upstream, pathOnUpstream, ca }) {
  const target = upstream.path ? `${upstreamName}${upstream.path}${pathOnUpstream}` : upstreamName;
  return [
    `location ${match} {`,
    `    proxy_pass ${upstream.https ? 'https' : 'http'}://${target};`,
    `    proxy_set_header Host ${nginxString(upstream.hostHeader)};`,
    ...(upstream.https
      ? [
          `    proxy_ssl_server_name on;`,
          `    proxy_ssl_name ${nginxString(upstream.tlsName)};`,
          '    proxy_ssl_verify on;',
          '    proxy_ssl_verify_depth 3;',
          `    proxy_ssl_trusted_certificate ${nginxString(ca)};`,
        ]
      : []),
    '    include member/member-proxy.conf;',
    '}',
  ];
}

/** The text of member-api.conf (server level, in the host's server). */
export function apiInclude({ api, auth, ca = DEFAULT_UPSTREAM_CA } = {}) {
  const head = '# Written by deploy/write-nginx-includes.mjs: do not edit, run it again. Included by member-host.conf.';
  if (!api) {
    return `${head}\n# No --api-upstream: the page calls the operator's API on its own origin (config.json's apiBase), nothing is proxied.\n`;
  }
  return [
    head,
    "# The operator's API under the host's origin: the page's calls are same-origin, so none waits for a CORS",
    '# preflight. ^~ keeps a call whose path looks like a file (a regex location of member-host.conf) here.',
    ...proxyLocation({ match: `^~ ${API_PATH}`, upstreamName: 'member_api', upstream: api, pathOnUpstream: API_PATH, ca }),
    ...(auth
      ? [
          '',
          '# Channel authorisation, where the operator signs private channels when that is not the API itself.',
          ...proxyLocation({
            match: `= ${BROADCAST_AUTH_PATH}`,
            upstreamName: 'member_broadcast_auth',
            upstream: auth,
            pathOnUpstream: BROADCAST_AUTH_PATH,
            ca,
          }),
        ]
      : []),
    '',
  ].join('\n');
}

/**
 * Where a base of config.json (apiBase, broadcastAuthBase) sends the page's calls: `self` when they stay on the
 * host's origin (a path, or one of the host's origins), with the path the calls go under, `other` otherwise.
 */
export function baseKind(base, hostOrigins) {
  if (typeof base === 'string' && base.startsWith('/') && !base.startsWith('//')) return { kind: 'self', path: base.replace(/\/+$/, '') };
  const origin = originOf(base);
  if (origin && hostOrigins.includes(origin)) return { kind: 'self', path: new URL(base).pathname.replace(/\/+$/, '') };
  return { kind: 'other', origin };
}

/**
 * What config.json and the upstreams given must agree on: a call the page sends to the host's own origin must have
 * somewhere to go, and under the path the proxy covers. Throws for what would break the page; returns warnings for
 * what only wastes the proxy.
 */
export function checkApiSetUp(config, { hostOrigins, api, auth }) {
  const warnings = [];
  const apiBase = baseKind(config.apiBase, hostOrigins);
  const authBase = baseKind(config.broadcastAuthBase, hostOrigins);
  for (const [field, base] of [
    ['apiBase', apiBase],
    ['broadcastAuthBase', authBase],
  ]) {
    if (base.kind === 'self' && base.path !== '') {
      throw new Error(
        `config.json's ${field} (${config[field]}) puts the calls under ${base.path}/api/, and the proxy covers /api/: make it the host's origin or /`,
      );
    }
  }
  if (apiBase.kind === 'self' && !api) {
    throw new Error(
      `config.json's apiBase (${config.apiBase}) is the host's own origin, but no --api-upstream says where its calls go: give --api-upstream=<the operator's API>, or set apiBase to the API's own origin`,
    );
  }
  if (authBase.kind === 'self' && !auth && !api) {
    throw new Error(
      `config.json's broadcastAuthBase (${config.broadcastAuthBase}) is the host's own origin, but no --broadcast-auth-upstream (or --api-upstream) says where channel authorisation goes`,
    );
  }
  if (api && apiBase.kind === 'other') {
    warnings.push(
      `--api-upstream is given but config.json's apiBase (${config.apiBase}) is not the host's origin: the page still calls it across origins (preflights and all). Set apiBase to the host's origin or /.`,
    );
  }
  if (auth && authBase.kind === 'other') {
    warnings.push(
      `--broadcast-auth-upstream is given but config.json's broadcastAuthBase (${config.broadcastAuthBase}) is not the host's origin: the page still calls it across origins.`,
    );
  }
  return warnings;
}

/** The command line's options, for node:util's parseArgs (strict: anything else is an error). */
const OPTIONS = {
  root: { type: 'string' },
  config: { type: 'string' },
  sites: { type: 'string' },
  out: { type: 'string', default: '.' },
  'host-origin': { type: 'string', multiple: true, default: [] },
  'img-origin': { type: 'string', multiple: true, default: [] },
  'remote-manifest': { type: 'string', multiple: true, default: [] },
  'site-files': { type: 'string' },
  'cert-dir': { type: 'string' },
  'remote-root': { type: 'string', multiple: true, default: [] },
  'api-upstream': { type: 'string' },
  'broadcast-auth-upstream': { type: 'string' },
  'upstream-ca': { type: 'string' },
  'remote-upstream': { type: 'string', multiple: true, default: [] },
  'remote-release': { type: 'string', multiple: true, default: [] },
  drawing: { type: 'string' },
  drawn: { type: 'boolean' },
  // --brotli or --no-brotli (allowNegative), the last one given winning; neither: whether the module is installed.
  brotli: { type: 'boolean' },
};

/** THEME=VALUE arguments, by theme. */
function themeFiles(values, flag, what) {
  return Object.fromEntries(
    values.map((value) => {
      const at = value.indexOf('=');
      if (at <= 0 || at === value.length - 1) throw new Error(`${flag}=${value}: give THEME=${what}\n${USAGE}`);
      return [value.slice(0, at), value.slice(at + 1)];
    }),
  );
}

/** The options writeIncludes takes, from the command line; throws with the usage on anything unknown or empty. */
export function parseArgs(argv) {
  let values;
  try {
    ({ values } = parseCommandLine({ args: argv, options: OPTIONS, strict: true, allowPositionals: false, allowNegative: true }));
  } catch (error) {
    throw new Error(`${error.message}\n${USAGE}`, { cause: error });
  }
  const empty = Object.entries(values).find(([, value]) => value === '' || (Array.isArray(value) && value.includes('')));
  if (empty) throw new Error(`--${empty[0]} needs a value\n${USAGE}`);
  const options = {
    hostOrigins: values['host-origin'].flatMap((value) => parseOriginList(value)),
    imageOrigins: values['img-origin'].flatMap((value) => parseOriginList(value)),
    brotli: values.brotli,
    out: values.out,
    remoteManifests: themeFiles(values['remote-manifest'], '--remote-manifest', 'FILE'),
  };
  options.remoteReleases = themeFiles(values['remote-release'], '--remote-release', 'DIR');
  options.remoteUpstreams = values['remote-upstream'].map(parseRemoteUpstream);
  options.drawn = values.drawn !== false;
  if (values.drawing !== undefined) options.drawing = values.drawing;
  for (const name of ['root', 'config', 'sites', 'index']) if (values[name] !== undefined) options[name] = values[name];
  if (values['remote-root'].length) options.remoteRoots = themeFiles(values['remote-root'], '--remote-root', 'DIR');
  if (values['site-files'] !== undefined) options.siteFiles = values['site-files'];
  if (values['cert-dir'] !== undefined) options.certDir = values['cert-dir'];
  if (!options.siteFiles && (options.certDir || options.remoteRoots))
    throw new Error(`--cert-dir and --remote-root go with --site-files\n${USAGE}`);
  if (values['api-upstream'] !== undefined) options.apiUpstream = parseUpstream(values['api-upstream'], '--api-upstream');
  if (values['broadcast-auth-upstream'] !== undefined)
    options.authUpstream = parseUpstream(values['broadcast-auth-upstream'], '--broadcast-auth-upstream');
  if (values['upstream-ca'] !== undefined) options.upstreamCa = values['upstream-ca'];
  if (!options.root && !(options.config && options.sites)) throw new Error(`--root is needed (or --config and --sites)\n${USAGE}`);
  return options;
}

function readJson(file, what) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${what} at ${file}: ${error.message}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error.message}`, { cause: error });
  }
}

function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/**
 * nginx sends `config.json.gz` (or `.br`) instead of `config.json` to any browser that accepts it, so
 * a compressed copy left from the build (the demo's config) would hide the operator's file.
 */
export function staleCopies(file) {
  if (!existsSync(file)) return [];
  const current = readFileSync(file);
  return [
    ['.gz', zlib.gunzipSync],
    ['.br', zlib.brotliDecompressSync],
  ]
    .filter(([ext, decompress]) => {
      if (!existsSync(file + ext)) return false;
      try {
        return !decompress(readFileSync(file + ext)).equals(current);
      } catch {
        return true;
      }
    })
    .map(([ext]) => file + ext);
}

/** Reads the deploy's files and writes the includes; returns what it wrote. */
export async function writeIncludes(options) {
  const from = (name, given) => given ?? path.join(options.root, name);
  const stale = [from('config.json', options.config), from('sites.json', options.sites)].flatMap(staleCopies);
  if (stale.length) {
    throw new Error(
      `${stale.join(', ')} no longer match${stale.length === 1 ? 'es' : ''} the file beside it, and nginx would send it instead: delete ${stale.length === 1 ? 'it' : 'them'} (or compress the new file again)`,
    );
  }
  const config = readJson(from('config.json', options.config), 'config.json');
  const sitesFile = from('sites.json', options.sites);
  if (!existsSync(sitesFile))
    throw new Error(`no sites.json at ${sitesFile}: the host reads it beside index.html at every visit, so copy the operator's in first`);
  const sitesJson = readJson(sitesFile, 'sites.json');
  // The host's own checks, as npm run check-config runs them: a file the host would refuse gets no policy.
  const checked = await checkRuntimeFiles({ config, sites: sitesJson });
  if (!checked.ok) {
    const lines = [...formatProblems(checked.problems), ...consequences(checked.problems)];
    throw new Error(`the host would refuse these files, so nothing was written:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
  const sites = sitesJson.sites;
  const copies = options.root ? pageCopies(path.join(options.root, 'index.html')) : [];
  if (copies.length) {
    throw new Error(
      `${copies.join(', ')}: nginx would send ${copies.length === 1 ? 'this copy' : 'these copies'} of the page instead of the page, without its nonce, and the page would run no script: delete ${copies.length === 1 ? 'it' : 'them'} (the build writes none)`,
    );
  }
  const hostOrigins = [...new Set(options.hostOrigins)];
  const api = options.apiUpstream;
  // Channel authorisation on the API's own upstream needs no location of its own: /api/ covers it.
  const auth = options.authUpstream && options.authUpstream.url !== api?.url ? options.authUpstream : undefined;
  if (options.authUpstream && !api)
    throw new Error("--broadcast-auth-upstream needs --api-upstream: the page's API calls would still go across origins");
  const warnings = checkApiSetUp(config, { hostOrigins, api, auth: options.authUpstream });
  const parts = brandPolicy(config, {
    sites,
    // The API's replies link images (game tiles, bank logos, avatars) on its own origin, as they did when the page
    // called it there: the policy keeps that origin for images.
    imageOrigins: [...options.imageOrigins, ...(api ? [api.origin] : [])],
    selfOrigins: hostOrigins,
  });
  const policy = policyOfBrand(parts, null);
  const brotli = options.brotli ?? existsSync(BROTLI_MODULE);
  // Every site's guest pages drawn in the HTML, into the host's folder (deploy/drawn-includes.mjs), from its page.
  const indexFile = options.root ? from('index.html', options.index) : null;
  const drawn =
    options.drawn !== false && indexFile && existsSync(indexFile)
      ? await writeDrawnPages({
          root: options.root,
          config,
          sites: sitesJson,
          indexHtml: readFileSync(indexFile, 'utf8'),
          hostDrawing: options.drawing ?? DEFAULT_HOST_DRAWING,
          localReleases: options.remoteReleases ?? {},
        })
      : { count: 0, warnings: [] };
  if (options.drawn === false && options.root) removeDrawnPages(options.root);
  warnings.push(...drawn.warnings);
  const files = {
    'member-policy.conf': policyInclude({ parts, hostOrigins }),
    'member-drawn.conf': drawnInclude(await drawnContract()),
    'member-remotes.conf': remotesInclude(options.remoteUpstreams ?? [], { ca: options.upstreamCa ?? DEFAULT_UPSTREAM_CA }),
    'member-brotli.conf': brotliInclude(brotli),
    'member-api-upstream.conf': apiUpstreamInclude({ api, auth }),
    'member-api.conf': apiInclude({ api, auth, ca: options.upstreamCa ?? DEFAULT_UPSTREAM_CA }),
  };
  for (const [name, text] of Object.entries(files)) writeAtomically(path.join(options.out, name), text);
  return {
    policy,
    parts,
    brotli,
    warnings,
    proxied: Boolean(api),
    drawnPages: drawn.count,
    drawnAgain: drawn.redrawn,
    files: Object.keys(files).map((name) => path.join(options.out, name)),
  };
}

/** Compressed copies of the page that carries a nonce placeholder: nginx would send them without the nonce. */
export function pageCopies(indexFile) {
  if (!existsSync(indexFile) || !readFileSync(indexFile, 'utf8').includes(`nonce="${CSP_NONCE_PLACEHOLDER}"`)) return [];
  return ['.gz', '.br'].map((ext) => indexFile + ext).filter((file) => existsSync(file));
}

/**
 * Writes each site's installed app into the host's folder (webapp/{key}/), in its theme's colours. A site whose entry
 * or logo is refused is left out with a warning (its pages work; it is not installable).
 */
export async function writeSiteApps(options) {
  if (!options.root) return { written: [], warnings: ["no --root: the sites' installed apps (webapp/) are not written"] };
  const config = readJson(options.config ?? path.join(options.root, 'config.json'), 'config.json');
  const sitesFile = options.sites ?? path.join(options.root, 'sites.json');
  const sites = existsSync(sitesFile) ? (readJson(sitesFile, 'sites.json').sites ?? []) : [];
  const appColors = remoteAppColors({ remotes: config.remotes, localManifests: options.remoteManifests ?? {} });
  return writeWebApps({
    sites: Array.isArray(sites) ? sites : [],
    root: options.root,
    appColors,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const result = await writeIncludes(options);
    const apps = await writeSiteApps(options);
    console.info(`wrote ${result.files.join(', ')}${result.brotli ? '' : ' (no brotli module: gzip only)'}`);
    console.info(result.proxied ? "API: proxied under the host's origin at /api/" : 'API: called on its own origin (no --api-upstream)');
    console.info(
      `pages drawn in the HTML: ${result.drawnPages} under ${options.root ? path.join(options.root, 'drawn') : '(none)'}${result.drawnPages && !result.drawnAgain ? ' (nothing they are drawn from changed: kept as they were)' : ''}`,
    );
    for (const warning of result.warnings) console.warn(`warning: ${warning}`);
    console.info(
      `installed apps under ${options.root ? path.join(options.root, 'webapp') : '(none)'}: ${apps.written.length} files written, ${apps.kept?.length ?? 0} unchanged, ${apps.removed?.length ?? 0} no longer named removed`,
    );
    for (const warning of apps.warnings) console.warn(`warning: ${warning}`);
    if (options.siteFiles) {
      const config = readJson(options.config ?? path.join(options.root, 'config.json'), 'config.json');
      const sites = writeSiteFiles(options.siteFiles, {
        hostOrigins: [...new Set(options.hostOrigins)],
        remotes: config.remotes,
        root: options.root ?? path.dirname(options.config),
        remoteRoots: options.remoteRoots,
        certDir: options.certDir,
      });
      console.info(`site files: ${sites.written.join(', ')}`);
      for (const line of sites.skipped) console.warn(`site files: no server for ${line}`);
      for (const file of sites.missing)
        console.warn(`site files: ${file} is not there yet: nginx will refuse to start until the certificate is (certbot, docs/deploy.md)`);
    }
    console.info(`Content-Security-Policy (a page of no brand; each answer's nonce in place of ${NGINX_NONCE}): ${result.policy}`);
  } catch (error) {
    console.error(`write-nginx-includes: ${error.message}`);
    process.exitCode = 1;
  }
}
