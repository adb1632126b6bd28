// The demo's static file server (node:http only) for the production builds of the host and the
// theme remotes: `npm start`, the end-to-end tests and the bench run on it. It is not the production
// server: an operator serves the same four dist folders with the nginx recipe in deploy/ (see
// docs/deploy.md), which sends the same cache rules, precompressed copies, CSP and CORS.
//
// It sends the `.br` / `.gz` copies written by compress.mjs when the client accepts them, and stats
// every file on every request, so a rebuild is served at once and never truncated. Like the recipe's
// --api-upstream, it can pass the page's API calls (/api/...) to the API, so the page calls the API under its
// own origin (no CORS preflight): `apiProxy`.
//
// The file serving is its own, not sirv's or @hono/node-server's serveStatic: neither checks that a .br/.gz copy is
// as new as its file, sirv sends br to `br;q=0` and follows a symlink out of the root, serveStatic sends no ETag (so
// no 304) and prefers br to gzip however their q-values rank them; both answered a 100 KB precompressed chunk no faster.
// And serve.mjs, which imports this module, is loaded by `npm start` and `npm test` before they install.
import http from 'node:http';
import https from 'node:https';
import { createHash } from 'node:crypto';
import { open, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER, newNonce, PERMISSIONS_POLICY, withNonce } from './csp.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** Where a server listens unless told otherwise: loopback only, both families. */
export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'];

/**
 * Files whose name stays the same when their content changes: the browser must revalidate. `sw.js` is the host's
 * service worker: a cached copy would hide a new deploy from open pages (its update check must reach the server).
 */
export const UNHASHED_ENTRY_NAMES = new Set([
  'index.html',
  'config.json',
  'sites.json',
  'mf-manifest.json',
  'mf-stats.json',
  'signed-files.json',
  'remoteEntry.js',
  'sw.js',
]);
export const CACHE_NO_CACHE = 'no-cache';
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_DEFAULT = 'public, max-age=3600';
// `name.<hash>.ext`: rsbuild's [contenthash:8] (or longer) right before the extension.
const HASHED = /[.-][0-9a-f]{8,64}\.[a-z0-9]+$/i;

/**
 * A theme remote under the host's own origin, as the recipe's proxy serves it (`/remotes/{theme}/` → the theme's own
 * server): its scripts and stylesheets come from 'self', over the page's own connection.
 */
export const REMOTE_PATH_PREFIX = '/remotes/';
const REMOTE_PATH = /^\/remotes\/([A-Za-z0-9_-]+)\//;

/** The paths the host's API client appends to apiBase (every call) and to broadcastAuthBase (channel authorisation). */
export const API_PATH_PREFIX = '/api/';
export const BROADCAST_AUTH_PATH = '/api/member/broadcasting/auth';
/** How long a proxied call may go without a byte from the API: the page itself waits 30 s, so longer than that. */
export const API_PROXY_TIMEOUT_MS = 60_000;
// Headers that describe one connection, not the message: never passed on by a proxy (RFC 9110, 7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** An upstream URL (`http://localhost:3100`, `https://api.example/v2`) as what a request to it needs. */
function proxyTarget(value, option) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`createStaticServer: ${option} must be an http(s) URL, not ${JSON.stringify(value)}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(
      `createStaticServer: ${option} must be an http(s) URL without query, fragment or credentials, not ${JSON.stringify(value)}`,
    );
  }
  const secure = url.protocol === 'https:';
  return {
    url,
    secure,
    module: secure ? https : http,
    // Kept-alive connections, as the recipe's upstream: a call does not pay a new handshake.
    agent: new (secure ? https : http).Agent({ keepAlive: true }),
    path: url.pathname.replace(/\/+$/, ''),
  };
}

/** The request's headers for the API: the connection's own left out, the API's Host, who called. */
function forwardedHeaders(req, target) {
  const named = new Set(
    String(req.headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  const headers = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name) || name === 'host' || name.startsWith('x-forwarded-')) continue;
    headers.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  headers.push(
    'Host',
    target.url.host,
    'X-Forwarded-For',
    forwardedFor,
    'X-Forwarded-Proto',
    'http',
    'X-Forwarded-Host',
    req.headers.host ?? '',
  );
  return headers;
}

/**
 * Passes one request to the API and its reply back, both streamed: method, body, headers and status as they are;
 * nothing of this server's own headers is added to the reply (no policy, no Cache-Control), and nothing is cached.
 */
function proxyRequest(req, res, target, timeoutMs, requestPath = req.url) {
  const upstream = target.module.request({
    protocol: target.url.protocol,
    hostname: target.url.hostname.replace(/^\[|\]$/g, ''),
    port: target.url.port || (target.secure ? 443 : 80),
    method: req.method,
    path: `${target.path}${requestPath}`,
    headers: forwardedHeaders(req, target),
    agent: target.agent,
  });
  let failed = null;
  const fail = (status, message) => {
    if (failed || res.destroyed) return;
    failed = message;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = Buffer.from(`${message}\n`);
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  upstream.setTimeout(timeoutMs, () => {
    fail(504, 'The API did not answer in time');
    upstream.destroy();
  });
  upstream.on('error', () => fail(502, 'The API cannot be reached'));
  upstream.on('response', (answer) => {
    const named = new Set(
      String(answer.headers.connection ?? '')
        .toLowerCase()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    );
    const headers = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      const name = answer.rawHeaders[i].toLowerCase();
      if (!HOP_BY_HOP.has(name) && !named.has(name)) headers.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
    }
    // The API's Date goes as it is (the page sets its idea of the server's time by it); none is added without one.
    res.sendDate = false;
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  // The member left (or the page gave up): the API's work on this call is not waited for.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

const ENCODINGS = [
  { coding: 'br', ext: '.br' },
  { coding: 'gzip', ext: '.gz' },
];

export function contentType(file) {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The Cache-Control value for a served path (relative to the root, `/` separated). */
export function cacheControl(relPath) {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  if (UNHASHED_ENTRY_NAMES.has(name) || name.endsWith('.html')) return CACHE_NO_CACHE;
  if (HASHED.test(name)) return CACHE_IMMUTABLE;
  return CACHE_DEFAULT;
}

/**
 * The content codings the client accepts, best first, among those we can send (br, gzip).
 * Honours q-values, `q=0` refusals and `*`.
 */
export function acceptedEncodings(header) {
  if (!header) return [];
  const q = new Map();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') weight = Number.parseFloat(value);
    }
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding) => q.get(coding) ?? q.get('*') ?? (coding === 'gzip' ? q.get('x-gzip') : undefined) ?? 0;
  return ENCODINGS.map((enc, order) => ({ ...enc, order, weight: weightOf(enc.coding) }))
    .filter((enc) => enc.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
}

function etagFor(size, mtimeMs, suffix = '') {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${suffix}"`;
}

function etagMatches(header, etag) {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

/** Why a request path is refused, or its decoded form. */
function decodePath(rawUrl) {
  const raw = (rawUrl ?? '/').split(/[?#]/, 1)[0];
  let decoded;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { status: 400 };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { status: 400 };
  const segments = decoded.split(/[/\\]/);
  if (segments.includes('..')) return { status: 403 };
  return { path: decoded };
}

function isInside(root, file) {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

async function statOrNull(file) {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/**
 * Run-time answers compressed once per content: they sit on the first screen's path (sites.json names the brand; a
 * drawn page is the first screen). Enough for every drawn page of the demo's sites in both codings.
 */
const compressedAnswers = new Map();
const MAX_COMPRESSED_ANSWERS = 1024;

function compressedAnswer(body, etag, coding) {
  const key = `${etag}:${coding}`;
  let copy = compressedAnswers.get(key);
  if (!copy) {
    copy =
      coding === 'br'
        ? zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : zlib.gzipSync(body, { level: 9 });
    if (compressedAnswers.size >= MAX_COMPRESSED_ANSWERS) compressedAnswers.delete(compressedAnswers.keys().next().value);
    compressedAnswers.set(key, copy);
  }
  return copy;
}

/**
 * A run-time file's answer: its bytes and an ETag of them. A value goes as indented JSON, a string as it is (a
 * deployment's file that does not parse reaches the page unchanged, and the page names the problem).
 */
export function jsonAnswer(value) {
  const body = Buffer.from(typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
  return { body, etag: `"cfg-${createHash('sha1').update(body).digest('hex').slice(0, 16)}"` };
}

/**
 * Serves `root` on `port`.
 * @param {object} options
 * @param {string} options.root folder to serve
 * @param {number} options.port port to listen on (0 picks one free on every address it binds)
 * @param {string} [options.host] the one address to bind (e.g. `0.0.0.0`); by default both loopback
 *   addresses, 127.0.0.1 and ::1, so the server is reachable only from this machine and `localhost`
 *   works whichever address a client tries first
 * @param {boolean} [options.spaFallback] answer extensionless paths that match no file with index.html (the host)
 * @param {boolean | string[]} [options.cors] CORS on every answer (the remotes): a list of origins (the
 *   host's) answered by name, or `true` for `*`
 * @param {string | ((page: { search: string, cookie: string, nonce?: string }) => string)} [options.contentSecurityPolicy]
 *   sent with every HTML answer (the host's page): as it is, or made for the request (its query and cookies say the
 *   brand) and the nonce this answer's page carries
 * @param {object} [options.configOverride] sent as `/config.json` instead of the file
 * @param {Record<string, object>} [options.jsonOverrides] more such paths, e.g. `{'/sites.json': sites}`
 * @param {() => { files: Record<string, object | string>, policyFor?: (page: { search: string, cookie: string, nonce?: string }) => string }} [options.runtimeFiles]
 *   the deployment's run-time files, asked on every request (so an edit shows on the next page load): each
 *   path answered with its value (an object as JSON, a string as is), and the policy for HTML answers
 * @param {(line: string) => void} [options.logRequest] called with one line per request
 * @param {string} [options.apiProxy] the operator API's URL (the demo's simulator, `http://localhost:3100`): every
 *   request under `/api/` is passed to it, whatever its method, body and headers streamed both ways, the reply's
 *   status and headers as the API sent them; an unreachable API answers 502, one silent for `apiProxyTimeoutMs` 504.
 *   The host's config.json then names this server's origin (or `/`) as apiBase: the page's calls are same-origin.
 * @param {string} [options.broadcastAuthProxy] where `/api/member/broadcasting/auth` goes instead (the simulator's
 *   auth port, `http://localhost:3101`), for a config.json whose broadcastAuthBase is this server's origin too;
 *   without it that path goes to `apiProxy` like any other API call
 * @param {number} [options.apiProxyTimeoutMs] how long a proxied call may wait for a byte (API_PROXY_TIMEOUT_MS)
 * @param {Record<string, string>} [options.remoteProxies] theme remotes served under this server's origin: every request
 *   under `/remotes/{theme}/` is passed to that theme's server (`http://localhost:3002`), as the production recipe's
 *   proxy does, and its reply passed back as it is
 * @param {(urlPath: string, search: string, cookie: string) => Promise<{ body: Buffer } | null>} [options.drawnPage]
 *   the page drawn in the HTML for a visit to an extensionless path (scripts/drawn-pages.mjs), asked before the app's
 *   undrawn index.html (its inline scripts and stylesheet carry the nonce placeholder, as index.html's scripts do);
 *   null leaves the visit to the app
 * @param {(urlPath: string) => Promise<{ body: Buffer, type: string, cacheControl: string } | null>} [options.generated]
 *   answers made on request (the sites' web app manifests and icons, scripts/web-apps.mjs), asked before the files;
 *   null lets the files answer
 * @returns {Promise<{ server: http.Server, servers: http.Server[], addresses: string[], port: number, url: string,
 *   close: () => Promise<void> }>} `addresses`: what was bound (::1 is left out on a machine without IPv6)
 *   resolves once listening; rejects (error.code EADDRINUSE, ...) if the port cannot be bound
 */
export async function createStaticServer({
  root,
  port,
  host,
  spaFallback = false,
  cors = false,
  contentSecurityPolicy,
  configOverride,
  jsonOverrides = {},
  runtimeFiles,
  logRequest,
  apiProxy,
  broadcastAuthProxy,
  apiProxyTimeoutMs = API_PROXY_TIMEOUT_MS,
  generated,
  remoteProxies = {},
  drawnPage,
}) {
  if (!root) throw new Error('createStaticServer: root is required');
  if (broadcastAuthProxy && !apiProxy) throw new Error('createStaticServer: broadcastAuthProxy needs apiProxy');
  const apiTarget = apiProxy ? proxyTarget(apiProxy, 'apiProxy') : null;
  const authTarget = broadcastAuthProxy ? proxyTarget(broadcastAuthProxy, 'broadcastAuthProxy') : null;
  const remoteTargets = new Map(Object.entries(remoteProxies).map(([theme, url]) => [theme, proxyTarget(url, `remoteProxies.${theme}`)]));

  /**
   * The upstream a request goes to and the path it asks there, or null for a file of this server's. Decoded first, as
   * nginx matches.
   */
  function proxyFor(req) {
    const decoded = decodePath(req.url);
    if (!decoded.path) return null;
    const remote = REMOTE_PATH.exec(decoded.path);
    if (remote && remoteTargets.has(remote[1]))
      return { target: remoteTargets.get(remote[1]), path: req.url.slice(`${REMOTE_PATH_PREFIX}${remote[1]}`.length) };
    if (!apiTarget || !decoded.path.startsWith(API_PATH_PREFIX)) return null;
    return { target: decoded.path === BROADCAST_AUTH_PATH && authTarget ? authTarget : apiTarget, path: req.url };
  }
  const absRoot = path.resolve(root);
  const overrides = new Map();
  for (const [urlPath, value] of Object.entries({
    ...jsonOverrides,
    ...(configOverride === undefined ? {} : { '/config.json': configOverride }),
  })) {
    overrides.set(urlPath, jsonAnswer(value));
  }

  /** The answer for a run-time path, asked anew on every request; then the fixed overrides. */
  function overrideFor(urlPath) {
    const value = runtimeFiles?.().files[urlPath];
    return value === undefined ? overrides.get(urlPath) : jsonAnswer(value);
  }

  /** The policy of an HTML answer to `req` whose page carries `nonce` (if any). */
  const policyFor = (req, nonce) => {
    const made = runtimeFiles ? runtimeFiles().policyFor : contentSecurityPolicy;
    if (typeof made !== 'function') return made;
    const url = new URL(req.url ?? '/', 'http://localhost');
    return made({ search: url.search, cookie: String(req.headers.cookie ?? ''), ...(nonce ? { nonce } : {}) });
  };
  const corsOrigins = Array.isArray(cors) ? new Set(cors) : null;

  /** The CORS headers for a request: `*` when open to all, the request's Origin when it is a listed one. */
  function corsHeaders(req) {
    if (!cors) return {};
    if (!corsOrigins) {
      // Timing-Allow-Origin lets the host page (and Lighthouse) read the remotes' transfer sizes in Resource Timing.
      return { 'Access-Control-Allow-Origin': '*', 'Timing-Allow-Origin': '*' };
    }
    const origin = req.headers.origin;
    // Vary on every answer: a cache must not hand one origin's answer to another.
    if (typeof origin !== 'string' || !corsOrigins.has(origin)) return { Vary: 'Origin' };
    return { 'Access-Control-Allow-Origin': origin, 'Timing-Allow-Origin': origin, Vary: 'Origin' };
  }

  function baseHeaders(req, extra = {}, nonce = undefined) {
    const cross = corsHeaders(req);
    const vary = [cross.Vary, extra.Vary].filter(Boolean).join(', ');
    const headers = { 'X-Content-Type-Options': 'nosniff', ...extra, ...cross, ...(vary ? { Vary: vary } : {}) };
    if (String(headers['Content-Type'] ?? '').startsWith('text/html')) {
      headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
      const policy = policyFor(req, nonce);
      if (policy) headers['Content-Security-Policy'] = policy;
      // The old header for browsers that ignore frame-ancestors.
      headers['X-Frame-Options'] = /frame-ancestors 'none'/.test(policy ?? '') ? 'DENY' : 'SAMEORIGIN';
      // As the nginx recipe sends it: the browser features the page may use.
      headers['Permissions-Policy'] = PERMISSIONS_POLICY;
    }
    return headers;
  }

  function sendError(req, res, status, message) {
    const body = Buffer.from(`${message}\n`);
    res.writeHead(
      status,
      baseHeaders(req, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': body.length,
        'Cache-Control': 'no-store',
        ...(status === 405 ? { Allow: 'GET, HEAD, OPTIONS' } : {}),
      }),
    );
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendBuffer(req, res, plain, { type, cacheControlValue, etag: plainEtag, compressible = true }) {
    // The best coding the client takes, as for files; tiny answers (and images, compressed already) go as they are.
    const coding = plain.length < 256 || !compressible ? null : (acceptedEncodings(req.headers['accept-encoding'])[0]?.coding ?? null);
    const etag = coding ? plainEtag.replace(/"$/, `-${coding === 'br' ? 'br' : 'gz'}"`) : plainEtag;
    const body = coding ? compressedAnswer(plain, plainEtag, coding) : plain;
    const headers = baseHeaders(req, { 'Content-Type': type, 'Cache-Control': cacheControlValue, ETag: etag, Vary: 'Accept-Encoding' });
    if (coding) headers['Content-Encoding'] = coding;
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Resolves a decoded URL path to a regular file inside the root, or null. */
  async function resolveFile(urlPath) {
    const realRoot = await realpath(absRoot).catch(() => absRoot);
    let file = path.join(realRoot, urlPath);
    let info = await statOrNull(file);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await statOrNull(file);
    }
    if (!info?.isFile()) return null;
    // A symlink inside the root must not lead out of it.
    const real = await realpath(file);
    if (!isInside(realRoot, real)) return { forbidden: true };
    return { file: real, rel: path.relative(realRoot, real).split(path.sep).join('/') };
  }

  /**
   * A page whose inline scripts carry the nonce placeholder: the page with a fresh nonce, the policy naming it. Made
   * for this answer alone, so it has no validator (a 304 would keep an old nonce under a new policy) and is compressed
   * as it goes.
   */
  function sendPage(req, res, text, { cacheControlValue }) {
    const nonce = newNonce();
    const plain = Buffer.from(withNonce(text, nonce));
    const coding = acceptedEncodings(req.headers['accept-encoding'])[0]?.coding ?? null;
    const body =
      coding === 'br'
        ? zlib.brotliCompressSync(plain, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
          })
        : coding
          ? zlib.gzipSync(plain, { level: 6 })
          : plain;
    const headers = baseHeaders(
      req,
      { 'Content-Type': TYPES['.html'], 'Cache-Control': cacheControlValue, Vary: 'Accept-Encoding' },
      nonce,
    );
    if (coding) headers['Content-Encoding'] = coding;
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function sendFile(req, res, file, rel, { fallback = false } = {}) {
    if (file.endsWith('.html')) {
      // Read at every answer, so a rebuild's page is served at once.
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text === null) return false;
      if (text.includes(`nonce="${CSP_NONCE_PLACEHOLDER}"`)) {
        sendPage(req, res, text, { cacheControlValue: fallback ? CACHE_NO_CACHE : cacheControl(rel) });
        return true;
      }
    }
    // Pick the best precompressed copy that is at least as new as the file itself.
    const source = await statOrNull(file);
    if (!source?.isFile()) return false;
    let chosen = { path: file, coding: null, suffix: '' };
    for (const enc of acceptedEncodings(req.headers['accept-encoding'])) {
      const copy = await statOrNull(file + enc.ext);
      if (copy?.isFile() && copy.mtimeMs >= source.mtimeMs) {
        chosen = { path: file + enc.ext, coding: enc.coding, suffix: `-${enc.ext.slice(1)}` };
        break;
      }
    }
    let handle;
    try {
      handle = await open(chosen.path, 'r');
    } catch {
      return false;
    }
    try {
      const info = await handle.stat();
      const etag = etagFor(info.size, source.mtimeMs, chosen.suffix);
      const headers = baseHeaders(req, {
        'Content-Type': contentType(file),
        'Cache-Control': fallback ? CACHE_NO_CACHE : cacheControl(rel),
        ETag: etag,
        Vary: 'Accept-Encoding',
      });
      if (chosen.coding) headers['Content-Encoding'] = chosen.coding;
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      if (req.method === 'HEAD') {
        headers['Content-Length'] = info.size;
        res.writeHead(200, headers);
        res.end();
        return true;
      }
      // Read the whole file through the open handle: the length sent is the length read,
      // even if a rebuild rewrites the file meanwhile.
      const body = await handle.readFile();
      headers['Content-Length'] = body.length;
      res.writeHead(200, headers);
      res.end(body);
      return true;
    } finally {
      await handle.close();
    }
  }

  async function handle(req, res) {
    if (req.method === 'OPTIONS') {
      const allowed = Boolean(corsHeaders(req)['Access-Control-Allow-Origin']);
      res.writeHead(
        204,
        baseHeaders(req, {
          Allow: 'GET, HEAD, OPTIONS',
          ...(allowed ? { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Max-Age': '600' } : {}),
          ...(allowed && req.headers['access-control-request-headers']
            ? { 'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] }
            : {}),
        }),
      );
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(req, res, 405, 'Method not allowed');

    const decoded = decodePath(req.url);
    if (decoded.status === 400) return sendError(req, res, 400, 'Bad request');
    if (decoded.status === 403) return sendError(req, res, 403, 'Forbidden');
    const urlPath = decoded.path;
    const segments = urlPath.split('/');
    // Hidden files (.env, .DS_Store, ...) are never part of a build.
    if (segments.some((segment) => segment.startsWith('.'))) return sendError(req, res, 404, 'Not found');

    const override = overrideFor(urlPath);
    if (override) {
      return sendBuffer(req, res, override.body, {
        type: TYPES['.json'],
        cacheControlValue: CACHE_NO_CACHE,
        etag: override.etag,
      });
    }

    const made = generated ? await generated(urlPath) : null;
    if (made) {
      return sendBuffer(req, res, made.body, {
        type: made.type,
        cacheControlValue: made.cacheControl,
        etag: `"gen-${createHash('sha1').update(made.body).digest('hex').slice(0, 16)}"`,
        compressible: !made.type.startsWith('image/'),
      });
    }

    const found = await resolveFile(urlPath);
    if (found?.forbidden) return sendError(req, res, 403, 'Forbidden');
    if (found && (await sendFile(req, res, found.file, found.rel))) return;

    const last = segments[segments.length - 1];
    // A page drawn in the HTML for this visit (its site, language and scheme), before the app's own undrawn page.
    const drawn =
      drawnPage && !last.includes('.')
        ? await drawnPage(urlPath, new URL(req.url, 'http://x').search, String(req.headers.cookie ?? ''))
        : null;
    if (drawn) {
      // Its inline scripts and stylesheet carry the nonce placeholder, as the app's own page does: a nonce per answer.
      return sendPage(req, res, drawn.body.toString('utf8'), { cacheControlValue: CACHE_NO_CACHE });
    }
    if (spaFallback && !last.includes('.')) {
      const index = await resolveFile('/index.html');
      if (index && !index.forbidden && (await sendFile(req, res, index.file, index.rel, { fallback: true }))) return;
    }
    sendError(req, res, 404, 'Not found');
  }

  function onRequest(req, res) {
    const started = performance.now();
    if (logRequest) {
      res.on('finish', () => {
        const ms = (performance.now() - started).toFixed(1);
        const encoding = res.getHeader('Content-Encoding') ?? '-';
        logRequest(`${req.method} ${req.url} ${res.statusCode} ${encoding} ${ms}ms`);
      });
    }
    const proxied = proxyFor(req);
    if (proxied) {
      proxyRequest(req, res, proxied.target, apiProxyTimeoutMs, proxied.path);
      return;
    }
    handle(req, res).catch((error) => {
      if (res.headersSent) {
        res.destroy(error);
        return;
      }
      sendError(req, res, 500, 'Internal server error');
    });
  }

  // The first address decides the port (0: any free one); the others listen on the same port.
  const [first, ...rest] = host ? [host] : LOOPBACK_HOSTS;
  const closeServers = (servers) =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  /** Every address on one port; for port 0, a number free on the first address may be held on another: try again. */
  const listenAll = async (tries) => {
    const bound = [await listenOn(onRequest, port, first)];
    const boundPort = bound[0].address().port;
    for (const extra of rest) {
      try {
        bound.push(await listenOn(onRequest, boundPort, extra));
      } catch (error) {
        // A machine without IPv6 has no ::1; anything else (the port taken on ::1) would send `localhost` elsewhere.
        if (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT') continue;
        await closeServers(bound);
        if (port === 0 && error.code === 'EADDRINUSE' && tries > 1) return listenAll(tries - 1);
        throw error;
      }
    }
    return bound;
  };
  const releaseUpstreams = () => {
    for (const target of [apiTarget, authTarget]) target?.agent.destroy();
  };
  let servers;
  try {
    servers = await listenAll(5);
  } catch (error) {
    releaseUpstreams();
    throw error;
  }
  const actualPort = servers[0].address().port;
  const closeAll = () => closeServers(servers).finally(releaseUpstreams);

  let closing;
  return {
    server: servers[0],
    servers,
    addresses: servers.map((server) => server.address().address),
    port: actualPort,
    url: `http://localhost:${actualPort}`,
    close() {
      closing ??= closeAll().then(() => {});
      return closing;
    },
  };
}

/** One http.Server for `handler` listening on `host`:`port`; rejects with a readable message if it cannot. */
async function listenOn(handler, port, host) {
  // Idle connections are kept as long as nginx keeps them (75 s): with Node's 5 s, a client that reuses an idle
  // connection just as the server closes it gets a reset instead of an answer (Chromium asks again; other clients,
  // such as the test runner's own fetch, report the reset).
  const server = http.createServer({ keepAliveTimeout: 75_000, headersTimeout: 80_000 }, handler);
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise((resolve, reject) => {
    const onError = (error) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') error.message = `port ${port} is already in use (${host})`;
      else if (error.code === 'EACCES') error.message = `no permission to listen on port ${port} (${host})`;
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  return server;
}
