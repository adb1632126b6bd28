// Serves the production builds and the simulator in one command:
//
//   node scripts/serve.mjs [--no-sim] [--log-requests] [--dist-root=DIR] [--root-host=DIR] [--root-remote-<name>=DIR]
//
// Ports come from HOST_PORT, one REMOTE_<NAME>_PORT per theme remote of the workspace (scripts/workspace.mjs:
// REMOTE_DEFAULT_PORT, REMOTE_PRE8_PORT, ...), SIM_PORT, SIM_AUTH_PORT (defaults 3000, each remote's own
// from its package.json (3001-3003 for the first three), 3100, 3101). The host's /config.json is generated from
// host/public/config.json with those ports, and /sites.json from the workspace's sites.json likewise (its
// promotion links), both read again whenever the file changes (an edit shows on the next page load, no
// restart); each site's installed app (/webapp/{key}/: its manifests and icons) is made from that sites.json on
// request (scripts/web-apps.mjs); the host's page carries the Content-Security-Policy computed from both (scripts/csp.mjs),
// and the remotes answer CORS to the host's origins only (HOST_ORIGINS, or its localhost and
// 127.0.0.1 origins). This is the demo's server; production uses deploy/ (docs/deploy.md). It never builds (`--no-build` is accepted and changes
// nothing); scripts/start.mjs builds first. The simulator starts last, after the four static servers
// answer: once http://localhost:$SIM_PORT/health answers, everything is up (Playwright's webServer
// waits on that URL). Everything listens on loopback (127.0.0.1 and ::1) unless SERVE_HOST (the four
// static servers) or SIM_HOST (the simulator, passed through) names another address. With --api-same-origin
// (startAll's apiSameOrigin) the host's server also passes /api/ to the simulator, and the served config.json
// names the host's origin as apiBase, as the production recipe's --api-upstream does: no call pays a preflight.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brandOfRequest, contentSecurityPolicy, parseOriginList } from './csp.mjs';
import { withDemoRemoteKeys } from './release-key.mjs';
import { runUntilSignal } from './run-until-signal.mjs';
import { createStaticServer } from './static-server.mjs';
import { themeRemotes } from './workspace.mjs';
import { appColorsFromManifest, webAppAnswers } from './web-apps.mjs';
import { drawnPagesOnDemand } from './drawn-pages.mjs';
import { REMOTE_PATH_PREFIX } from './static-server.mjs';
import { createIconDrawer } from './web-app-icons.mjs';
import { importSharedCore } from './shared-core.mjs';

export const WORKSPACE_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The static servers, in start order: every theme remote of the workspace, then the host. */
export const SERVERS = [
  ...themeRemotes(WORKSPACE_ROOT).map(({ id, dir, env, port }) => ({ id, pkg: dir, env, port, flag: `root-${dir}` })),
  { id: 'host', pkg: 'host', env: 'HOST_PORT', port: 3000, flag: 'root-host' },
];
const SIM_PORTS = [
  { id: 'sim', pkg: 'member-api-sim', env: 'SIM_PORT', port: 3100 },
  { id: 'simAuth', pkg: 'member-api-sim (broadcast auth)', env: 'SIM_AUTH_PORT', port: 3101 },
];
const ALL_PORTS = [...SERVERS, ...SIM_PORTS];
export const DEFAULT_PORTS = Object.fromEntries(ALL_PORTS.map((p) => [p.id, p.port]));

/**
 * The environment of a second, separate demo: every port of `env` (or its default) moved by `offset`. The
 * e2e stage runs the fault tests against such a second stack, so their simulator-wide faults meet no other test.
 */
export function shiftedPortEnv(offset, env = process.env) {
  const ports = portsFromEnv(env);
  return Object.fromEntries(ALL_PORTS.map(({ id, env: name }) => [name, String(ports[id] + offset)]));
}

// Ports the Fetch standard blocks: a browser refuses them ("bad port"), so the site would not load.
const BROWSER_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

const SIM_DIR = path.join(WORKSPACE_ROOT, 'member-api-sim');
const GUARD = path.join(WORKSPACE_ROOT, 'scripts', 'child-guard.mjs');

/** Ports from the environment (HOST_PORT, ...), defaults otherwise. Throws on a malformed value. */
export function portsFromEnv(env = process.env) {
  const ports = {};
  for (const { id, env: name, port } of ALL_PORTS) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      ports[id] = port;
      continue;
    }
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name}=${raw} is not a port number`);
    ports[id] = value;
  }
  return ports;
}

/** Every localhost URL in a JSON value moved from a default port to the one in use. */
export function remapLocalUrls(value, ports) {
  const byDefault = new Map(ALL_PORTS.map(({ id, port }) => [port, ports[id] ?? port]));
  const remap = (item) => {
    if (typeof item === 'string') {
      return item.replace(/^((?:https?|wss?):\/\/(?:localhost|127\.0\.0\.1|\[::1\])):(\d+)/i, (match, origin, port) =>
        byDefault.has(Number(port)) ? `${origin}:${byDefault.get(Number(port))}` : match,
      );
    }
    if (Array.isArray(item)) return item.map(remap);
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, remap(v)]));
    return item;
  };
  return remap(value);
}

/**
 * The generated /config.json: the template with every localhost URL and the Pusher socket port
 * moved from the default ports to the ones in use, and the public release keys of the workspace's remotes
 * (made on each clone's first build) for the themes it serves from them.
 */
export function makeRuntimeConfig(template, ports, root = WORKSPACE_ROOT) {
  const byDefault = new Map(ALL_PORTS.map(({ id, port }) => [port, ports[id] ?? port]));
  const config = remapLocalUrls(withDemoRemoteKeys(template, themeRemotes(root), root), ports);
  for (const key of ['wsPort', 'wssPort']) {
    const port = config.pusher?.[key];
    if (typeof port === 'number' && byDefault.has(port)) config.pusher[key] = byDefault.get(port);
  }
  return config;
}

/**
 * The deployment's run-time files, read when served: `/config.json` from its template and `/sites.json`,
 * both with the ports in use, and the host page's Content-Security-Policy computed from them for each page (its
 * brand's promotion and logo, its answer's nonce). The files are read again whenever one changes on disk, so an edit
 * shows on the next page load, with no rebuild and no restart. A file that does not parse is served as it is (the page
 * names the problem); the policy then stays the last one computed from good files.
 * @param {object} options
 * @param {string} [options.apiOrigin] the API and channel authorisation under this origin (the host's, whose server
 *   proxies them): config.json's apiBase and broadcastAuthBase name it, and the policy keeps the simulator's origin
 *   for the images its replies link
 * @param {string} [options.remotesOrigin] every theme remote under this origin (the host's, whose server proxies
 *   `/remotes/{theme}/` to the theme's own): config.json's remotes name it, and the policy then lists no theme origin
 * @param {string[]} [options.selfOrigins] the host's origins, which the policy's 'self' covers (scripts/csp.mjs)
 * @param {(config: object) => object} [options.adjustConfig] a last change to the served config.json (after the ports
 *   and keys), which the policy follows: `npm run dev` points a theme at its dev server here (scripts/dev.mjs)
 * @param {(sites: object) => object} [options.adjustSites] likewise for the served sites.json
 * @returns {() => { files: Record<string, object | string>, contentSecurityPolicy: string,
 *   policyFor: (page: { search: string, cookie?: string, nonce?: string }) => string, config: object | null, sites: object | null,
 *   upstreams: Record<string, string> }}
 *   `contentSecurityPolicy`: the policy of a page of no brand, without a nonce; `policyFor`: a page's own; `upstreams`:
 *   each theme's own address (its manifest's), proxied or not
 */
export function runtimeFileReader({ configFile, sitesFile, ports, apiOrigin, remotesOrigin, selfOrigins, adjustConfig, adjustSites }) {
  let stamp = null;
  let current = null;
  const stampOf = (file) => {
    try {
      const info = statSync(file);
      return `${info.mtimeMs}:${info.size}`;
    } catch {
      return 'missing';
    }
  };
  const parse = (file) => {
    const text = readFileSync(file, 'utf8');
    try {
      return { json: JSON.parse(text), text };
    } catch {
      return { json: null, text };
    }
  };
  return () => {
    const next = `${stampOf(configFile)}|${sitesFile ? stampOf(sitesFile) : 'none'}`;
    if (current && next === stamp) return current;
    stamp = next;
    const config = parse(configFile);
    const sites = sitesFile && existsSync(sitesFile) ? parse(sitesFile) : null;
    let servedConfig = config.json === null ? null : makeRuntimeConfig(config.json, ports);
    // The simulator's own origin, which its replies' image links (bank logos, avatars, game tiles) keep.
    const imageOrigins = apiOrigin && servedConfig ? [servedConfig.apiBase] : [];
    if (apiOrigin && servedConfig) Object.assign(servedConfig, { apiBase: apiOrigin, broadcastAuthBase: apiOrigin });
    // Where each theme is served from, before the proxy below puts it under the host's origin.
    const upstreams = servedConfig?.remotes && typeof servedConfig.remotes === 'object' ? { ...servedConfig.remotes } : {};
    // Each theme under the host's own origin, through its proxy, as the recipe's /remotes/ locations.
    if (remotesOrigin && servedConfig?.remotes && typeof servedConfig.remotes === 'object') {
      servedConfig.remotes = Object.fromEntries(
        Object.keys(servedConfig.remotes).map((theme) => [theme, `${remotesOrigin}${REMOTE_PATH_PREFIX}${theme}/mf-manifest.json`]),
      );
    }
    if (adjustConfig && servedConfig) servedConfig = adjustConfig(servedConfig);
    let servedSites = sites?.json == null ? null : remapLocalUrls(sites.json, ports);
    if (adjustSites && servedSites) servedSites = adjustSites(servedSites);
    const keys = Array.isArray(servedSites?.sites)
      ? servedSites.sites.map((site) => site?.key).filter((key) => typeof key === 'string')
      : [];
    const policyFor = servedConfig
      ? ({ search, cookie, nonce }) =>
          pagePolicy(servedConfig, servedSites, { imageOrigins, selfOrigins, brand: brandOfRequest({ search, cookie }, keys), nonce })
      : current?.policyFor;
    current = {
      files: {
        '/config.json': servedConfig ?? config.text,
        ...(sites ? { '/sites.json': servedSites ?? sites.text } : {}),
      },
      contentSecurityPolicy: policyFor?.({ search: '' }),
      policyFor,
      config: servedConfig,
      sites: servedSites,
      upstreams,
    };
    return current;
  };
}

/**
 * The host page's Content-Security-Policy for the served config.json and sites.json (scripts/csp.mjs), as the demo
 * server sends it; `npm run dev` sends it too, computed from the dev build's page and with its reload sockets added.
 * @param {object} config the served config.json
 * @param {object | null} sites the served sites.json
 * @param {{ brand?: string | null, nonce?: string, imageOrigins?: string[], selfOrigins?: string[], connectOrigins?: string[] }} [options]
 */
export function pagePolicy(config, sites, options = {}) {
  return contentSecurityPolicy(config, { ...options, sites: Array.isArray(sites?.sites) ? sites.sites : [] });
}

/** The dist folder of each server: --root-* / roots first, then <distRoot>/<pkg>/dist. */
export function distFolders({ distRoot = process.env.MEMBER_DIST_ROOT || WORKSPACE_ROOT, roots = {} } = {}) {
  return Object.fromEntries(SERVERS.map(({ id, pkg }) => [id, path.resolve(roots[id] ?? path.join(path.resolve(distRoot), pkg, 'dist'))]));
}

function portLabel(id) {
  const entry = ALL_PORTS.find((p) => p.id === id);
  return `${entry.pkg}, env ${entry.env}`;
}

function portIsFree(port, host) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

function httpStatus(url, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

class StartError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

function abortError() {
  return new StartError('start-up interrupted', 'ABORT_ERR');
}

/**
 * The origins the host page is opened from: HOST_ORIGINS (comma-separated, e.g. when SERVE_HOST
 * publishes the demo under another name) or its two loopback names. The remotes answer CORS to these
 * only, and the simulator accepts them.
 */
export function hostOrigins(ports, env = process.env) {
  if (env.HOST_ORIGINS) return parseOriginList(env.HOST_ORIGINS);
  return [`http://localhost:${ports.host}`, `http://127.0.0.1:${ports.host}`];
}

/**
 * The simulator's environment: its ports, and the host's origins in use as SIM_ALLOWED_ORIGINS (CORS,
 * LINE redirects, and the only browser origins its control API accepts) unless set already. SIM_HOST
 * passes through as given.
 */
export function simulatorEnv(ports, env) {
  return {
    ...env,
    SIM_PORT: String(ports.sim),
    SIM_AUTH_PORT: String(ports.simAuth),
    SIM_ALLOWED_ORIGINS: env.SIM_ALLOWED_ORIGINS || hostOrigins(ports, env).join(','),
    SIM_PUBLIC_BASE: env.SIM_PUBLIC_BASE || `http://localhost:${ports.sim}`,
  };
}

/**
 * Starts the simulator (member-api-sim) under scripts/child-guard.mjs, its output through `log`/`logError` with a
 * `[sim]` prefix. `stop()` ends its whole process group; so does this process's end, however it ends.
 */
export function startSimulator({ ports, env, log, logError }) {
  const tsx = path.join(SIM_DIR, 'node_modules', '.bin', 'tsx');
  if (!existsSync(tsx)) {
    throw new StartError(`${path.relative(WORKSPACE_ROOT, tsx)} is missing: install the workspace first (pnpm install)`, 'ENOSIM');
  }
  const childEnv = simulatorEnv(ports, env);
  // The guard leads a process group of its own: a Ctrl-C in the terminal reaches only this
  // process, which then stops the simulator in order; if this process dies, the guard stops it.
  const child = spawn(process.execPath, [GUARD, tsx, 'src/main.ts'], {
    cwd: SIM_DIR,
    env: childEnv,
    detached: process.platform !== 'win32',
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  for (const [stream, write] of [
    [child.stdout, log],
    [child.stderr, logError],
  ]) {
    readline.createInterface({ input: stream }).on('line', (line) => write(`[sim] ${line}`));
  }
  child.stdin.on('error', () => {});
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  let stopping;
  const signalGroup = (signal) => {
    try {
      if (process.platform === 'win32') child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  return {
    child,
    exited,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          signalGroup('SIGTERM');
          const timer = setTimeout(() => signalGroup('SIGKILL'), 7000);
          await exited;
          clearTimeout(timer);
        }
        // Sweep anything of the group that outlived the guard.
        signalGroup('SIGKILL');
        child.stdin.destroy();
      })();
      return stopping;
    },
  };
}

/**
 * Refuses ports configured twice, ports browsers refuse to load, and ports something already listens on, naming each
 * with its variable. startAll calls it first; `npm start` calls it before it builds, so a second `npm start` says at
 * once that the ports are taken instead of rebuilding (and rewriting the running demo's files) first. `ids` names the
 * servers to check when not all of them are started (`npm run dev`: the host, the remotes it serves, the simulator).
 */
export async function checkPorts(options = {}) {
  const env = options.env ?? process.env;
  const ports = options.ports ?? portsFromEnv(env);
  const listenHost = options.listenHost ?? (env.SERVE_HOST || undefined);
  const needed = options.ids ? ALL_PORTS.filter(({ id }) => options.ids.includes(id)) : options.sim === false ? SERVERS : ALL_PORTS;
  const seen = new Map();
  for (const { id } of needed) {
    const other = seen.get(ports[id]);
    if (other) throw new StartError(`port ${ports[id]} is configured twice (${portLabel(other)}; ${portLabel(id)})`, 'EPORTCONFIG');
    if (BROWSER_BLOCKED_PORTS.has(ports[id])) {
      throw new StartError(
        `port ${ports[id]} (${portLabel(id)}) is one browsers refuse to load ("bad port"); choose another`,
        'EPORTCONFIG',
      );
    }
    seen.set(ports[id], id);
  }

  const taken = [];
  await Promise.all(
    needed.map(async ({ id }) => {
      if (!(await portIsFree(ports[id], listenHost))) taken.push(id);
    }),
  );
  if (taken.length) {
    const list = taken.map((id) => `port ${ports[id]} (${portLabel(id)})`).join(', ');
    throw new StartError(`already in use: ${list}. Stop what listens there or choose other ports.`, 'EADDRINUSE');
  }
}

/**
 * Starts the simulator (unless `sim: false`) and the four static servers.
 * @param {object} [options]
 * @param {boolean} [options.sim=true] start member-api-sim
 * @param {Partial<typeof DEFAULT_PORTS>} [options.ports] overrides of the env/default ports
 * @param {string} [options.distRoot] folder laid out like the workspace (<distRoot>/host/dist, ...)
 * @param {Record<string, string>} [options.roots] dist folders one by one, by server id (host, remoteDefault, remotePre8, ...)
 * @param {string} [options.listenHost] address the static servers bind (SERVE_HOST); loopback by default
 * @param {string} [options.sitesFile] the deployment's sites.json (the workspace's by default), read when served
 * @param {string} [options.configFile] the deployment's config.json template (host/public/config.json), read when served
 * @param {boolean} [options.logRequests] one line per request (SERVE_LOG=1)
 * @param {number} [options.simTimeoutMs=60000] how long to wait for the simulator's /health
 * @param {AbortSignal} [options.signal] aborts the start-up (what was started is stopped)
 * @param {(line: string) => void} [options.log] output (console.log)
 * @param {(line: string) => void} [options.logError] the simulator's stderr (options.log if given, else console.error)
 * @param {(error: Error) => void} [options.onFatal] called if the simulator exits while serving
 * @param {NodeJS.ProcessEnv} [options.env] environment for ports and the simulator (process.env)
 * @param {boolean} [options.apiSameOrigin=false] the API under the host's origin, as the production recipe's
 *   --api-upstream: the host's server passes /api/ to the simulator (and /api/member/broadcasting/auth to its auth
 *   port), and the served config.json's apiBase and broadcastAuthBase are the host's origin (the first of
 *   HOST_ORIGINS, else http://localhost:$HOST_PORT), so the page's calls pay no CORS preflight. The socket stays on
 *   the simulator's origin. Off by default: the demo calls the simulator across origins, as most operators do today.
 * @param {boolean} [options.remotesSameOrigin=false] every theme remote under the host's origin, as the production recipe's
 *   --remote-upstream: the host's server passes `/remotes/{theme}/` to the theme's server, and the served config.json
 *   names `{host}/remotes/{theme}/mf-manifest.json`, so a page loads no code from another origin and opens no other
 *   connection for its theme. Off by default: the demo's themes are on their own origins, as most brand teams' are.
 * @param {boolean} [options.drawn=true] answer each site's guest pages drawn in the HTML (scripts/drawn-pages.mjs);
 *   off, every page is the app's undrawn index.html
 * @returns {Promise<{ stop(): Promise<void>, ports: typeof DEFAULT_PORTS, urls: Record<string, string>,
 *   addresses: Record<string, string[]>, config: object, sites: {key: string, name: string, url: string}[],
 *   contentSecurityPolicy: string, hostOrigins: string[], warnings: string[], apiSameOrigin: boolean }>} `addresses`:
 *   what each static server bound (by id); `contentSecurityPolicy`: the host page's policy; `hostOrigins`: the
 *   remotes' CORS origins; `urls.api`: the apiBase the page calls (the host's origin with apiSameOrigin)
 */
export async function startAll(options = {}) {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line) => console.log(line));
  const logError = options.logError ?? options.log ?? ((line) => console.error(line));
  const withSim = options.sim !== false;
  const listenHost = options.listenHost ?? (env.SERVE_HOST || undefined);
  const logRequests = options.logRequests ?? env.SERVE_LOG === '1';
  const { signal } = options;
  const ports = { ...portsFromEnv(env), ...options.ports };

  await checkPorts({ env, ports, sim: withSim, listenHost });

  const dirs = distFolders({ distRoot: options.distRoot ?? (env.MEMBER_DIST_ROOT || WORKSPACE_ROOT), roots: options.roots });
  if (!existsSync(path.join(dirs.host, 'index.html'))) {
    throw new StartError(`${dirs.host}/index.html is missing: build first (npm run build)`, 'ENODIST');
  }
  const warnings = [];
  for (const { id, pkg } of SERVERS) {
    if (id !== 'host' && !existsSync(path.join(dirs[id], 'mf-manifest.json'))) {
      warnings.push(`${pkg}: ${dirs[id]}/mf-manifest.json is missing; the host will fall back for its pages`);
    }
  }

  const templateFile = [
    options.configFile,
    path.join(WORKSPACE_ROOT, 'host', 'public', 'config.json'),
    path.join(dirs.host, 'config.json'),
  ].find((file) => file !== undefined && existsSync(file));
  if (!templateFile) throw new StartError('host/public/config.json is missing', 'ENOCONFIG');
  // The deployment's files, never a copy baked into the build: the workspace's sites.json (a dist root may
  // carry its own). The served sites.json follows the ports as config.json does (promotion links on the simulator).
  const sitesFile = [options.sitesFile, path.join(WORKSPACE_ROOT, 'sites.json'), path.join(dirs.host, 'sites.json')].find(
    (file) => file !== undefined && existsSync(file),
  );
  const origins = hostOrigins(ports, env);
  const apiSameOrigin = options.apiSameOrigin === true;
  const remotesSameOrigin = options.remotesSameOrigin === true;
  const runtimeFiles = runtimeFileReader({
    configFile: templateFile,
    sitesFile,
    ports,
    // The name the page is opened under: the first of HOST_ORIGINS (a LAN demo), else localhost.
    ...(apiSameOrigin ? { apiOrigin: origins[0] } : {}),
    ...(remotesSameOrigin ? { remotesOrigin: origins[0] } : {}),
    ...(apiSameOrigin || remotesSameOrigin ? { selfOrigins: origins } : {}),
  });
  const atStart = runtimeFiles();
  if (!atStart.config) throw new StartError(`${templateFile} is not valid JSON`, 'ENOCONFIG');
  const config = atStart.config;
  const servedSites = atStart.sites;
  const policy = atStart.contentSecurityPolicy;
  // Read through the schema the host reads the file with; an entry it refuses opens on its error page, not listed.
  const { validateSitesFile } = await importSharedCore('./schema/config');
  const checkedSites = servedSites ? validateSitesFile(servedSites) : null;
  const sites = (checkedSites?.ok ? checkedSites.value.sites : []).map((site) => ({
    key: site.key,
    name: site.brand.name,
    url: `http://localhost:${ports.host}/login?prefix=${encodeURIComponent(site.key)}`,
  }));

  /** The remote server of this demo that serves a theme (found by its address's port), or null. */
  const remoteServerOf = (theme) => {
    let port;
    try {
      port = Number(new URL(runtimeFiles().upstreams?.[theme]).port);
    } catch {
      return null;
    }
    return SERVERS.find(({ id }) => id !== 'host' && ports[id] === port) ?? null;
  };
  // Each site's installed app (/webapp/{key}/…), made on request from the sites.json of the moment, in its theme's
  // colours: those the remote serving that theme states in its built mf-manifest.json.
  const appColors = (theme) => {
    const server = remoteServerOf(theme);
    if (!server) return null;
    try {
      return appColorsFromManifest(readFileSync(path.join(dirs[server.id], 'mf-manifest.json'), 'utf8'));
    } catch {
      return null;
    }
  };
  // Every site's guest pages drawn in the HTML (scripts/drawn-pages.mjs), from the releases these servers serve.
  const drawn =
    options.drawn === false
      ? null
      : drawnPagesOnDemand({
          runtimeFiles,
          hostDir: dirs.host,
          hostDrawing: path.join(path.dirname(dirs.host), 'dist-server', 'drawing.cjs'),
          releaseDir: (theme) => {
            const server = remoteServerOf(theme);
            return server ? dirs[server.id] : null;
          },
          log: (line) => logError(`[host] ${line}`),
        });
  drawn?.warm();
  // Icons are drawn in a child process, each within a deadline: a logo made to stall the drawing never stalls the servers.
  const iconDrawer = createIconDrawer();
  const webApps = webAppAnswers({
    sites: () => (Array.isArray(runtimeFiles().sites?.sites) ? runtimeFiles().sites.sites : []),
    root: dirs.host,
    appColors,
    drawer: iconDrawer,
    warn: (line) => logError(`[host] ${line}`),
  });

  const started = [];
  const addresses = {};
  let stopping;
  const stop = () => {
    stopping ??= Promise.allSettled(started.reverse().map((entry) => entry.stop())).then(() => iconDrawer.close());
    return stopping;
  };

  // The drawing's sandbox ends with the servers.
  if (drawn) started.push({ stop: () => drawn.close() });
  try {
    for (const { id, pkg } of SERVERS) {
      if (signal?.aborted) throw abortError();
      const isHost = id === 'host';
      let server;
      try {
        server = await createStaticServer({
          root: dirs[id],
          port: ports[id],
          host: listenHost,
          spaFallback: isHost,
          cors: isHost ? false : origins,
          runtimeFiles: isHost ? runtimeFiles : undefined,
          generated: isHost ? webApps : undefined,
          ...(isHost && apiSameOrigin
            ? { apiProxy: `http://localhost:${ports.sim}`, broadcastAuthProxy: `http://localhost:${ports.simAuth}` }
            : {}),
          ...(isHost && remotesSameOrigin
            ? {
                remoteProxies: Object.fromEntries(
                  Object.keys(config.remotes ?? {}).flatMap((theme) =>
                    remoteServerOf(theme) ? [[theme, `http://localhost:${ports[remoteServerOf(theme).id]}`]] : [],
                  ),
                ),
              }
            : {}),
          ...(isHost && drawn ? { drawnPage: drawn.answer } : {}),
          logRequest: logRequests ? (line) => log(`[${pkg}] ${line}`) : undefined,
        });
      } catch (error) {
        if (error.code === 'EADDRINUSE') {
          throw new StartError(`already in use: port ${ports[id]} (${portLabel(id)})`, 'EADDRINUSE');
        }
        throw error;
      }
      started.push({ stop: () => server.close() });
      addresses[id] = server.addresses;
      // The server answers through the name the browser uses.
      await httpStatus(`http://localhost:${ports[id]}/`);
    }

    if (withSim) {
      const sim = startSimulator({ ports, env, log, logError });
      started.push({ stop: () => sim.stop() });
      await waitForSimulator(sim, ports.sim, options.simTimeoutMs ?? 60_000, signal);
      sim.exited.then(({ code, signal: by }) => {
        if (stopping) return;
        const error = new StartError(`the simulator exited (${by ?? `code ${code}`}) while serving`, 'ESIMEXIT');
        if (options.onFatal) options.onFatal(error);
        else log(`serve: ${error.message}`);
      });
    }
    if (signal?.aborted) throw abortError();
  } catch (error) {
    await stop();
    throw error;
  }

  const urls = {
    ...Object.fromEntries(SERVERS.map(({ id }) => [id, `http://localhost:${ports[id]}`])),
    sim: `http://localhost:${ports.sim}`,
    simAuth: `http://localhost:${ports.simAuth}`,
    api: config.apiBase,
  };
  return {
    stop,
    ports,
    urls,
    addresses,
    config,
    sites,
    contentSecurityPolicy: policy,
    hostOrigins: origins,
    warnings,
    simStarted: withSim,
    apiSameOrigin,
    remotesSameOrigin,
  };
}

/** Resolves once the simulator's /health answers; rejects when it exits first or does not answer in time. */
export async function waitForSimulator(sim, port, timeoutMs, signal) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  sim.exited.then((result) => {
    exited = result;
  });
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (signal?.aborted) throw abortError();
    if (exited) {
      throw new StartError(
        `the simulator exited during start-up (${exited.signal ?? `code ${exited.code}`}); see the [sim] lines above`,
        'ESIMEXIT',
      );
    }
    try {
      const status = await httpStatus(`http://localhost:${port}/health`, 1000);
      if (status >= 200 && status < 300) return;
      lastError = `HTTP ${status}`;
    } catch (error) {
      lastError = error.message;
    }
    await sleep(200, signal);
  }
  throw new StartError(`the simulator did not answer http://localhost:${port}/health within ${timeoutMs} ms (${lastError})`, 'ESIMTIMEOUT');
}

/** The banner printed once everything answers. */
export function banner(result) {
  const { urls, sites, simStarted, warnings } = result;
  const width = Math.max(24, ...sites.map((site) => String(site.name).length + 2));
  const row = (label, value) => `  ${label.padEnd(width)} ${value}`;
  const lines = ['', 'Member site is up:'];
  for (const site of sites) lines.push(row(site.name, site.url));
  lines.push(row(simStarted ? 'Simulator (API)' : 'Simulator (not started)', `${urls.sim}   broadcast auth ${urls.simAuth}`));
  if (result.apiSameOrigin) lines.push(row('API as the page calls it', `${urls.api}/api/... (proxied to the simulator)`));
  lines.push(
    row(
      'Theme remotes',
      SERVERS.filter(({ id }) => id !== 'host' && urls[id])
        .map(({ id }) => urls[id])
        .join('  '),
    ),
  );
  for (const warning of warnings) lines.push(`  warning: ${warning}`);
  lines.push('Press Ctrl-C to stop.', '');
  return lines.join('\n');
}

const USAGE = `usage: node scripts/serve.mjs [--no-sim] [--log-requests] [--api-same-origin] [--remotes-same-origin] [--undrawn] [--dist-root=DIR]
       [--root-host=DIR] ${SERVERS.filter(({ id }) => id !== 'host')
         .map(({ flag }) => `[--${flag}=DIR]`)
         .join(' ')}
ports: HOST_PORT ${SERVERS.filter(({ id }) => id !== 'host')
  .map(({ env }) => env)
  .join(' ')} SIM_PORT SIM_AUTH_PORT
env:   MEMBER_DIST_ROOT (like --dist-root), SERVE_LOG=1 (like --log-requests),
       SERVE_HOST / SIM_HOST (address the static servers / the simulator bind; loopback by default),
       HOST_ORIGINS (comma-separated origins the host is opened from; the remotes' CORS and the simulator)
--api-same-origin: the host's server passes /api/ to the simulator and config.json's apiBase is the host's
       origin, as the production recipe's --api-upstream (no CORS preflight)
--remotes-same-origin: the host's server passes /remotes/{theme}/ to each theme's server and config.json names
       them there, as the production recipe's --remote-upstream (no other origin for the themes)
--undrawn: no page drawn in the HTML, every page the app's undrawn index.html`;

/** Parses serve.mjs's flags; `extra` lists flags another script accepts (returned as true). */
export function parseServeArgs(argv, extra = []) {
  const options = {
    ...Object.fromEntries(SERVERS.map(({ flag }) => [flag, { type: 'string' }])),
    'dist-root': { type: 'string' },
    'no-sim': { type: 'boolean' },
    'log-requests': { type: 'boolean' },
    'api-same-origin': { type: 'boolean' },
    'remotes-same-origin': { type: 'boolean' },
    undrawn: { type: 'boolean' },
    'no-build': { type: 'boolean' },
    ...Object.fromEntries(extra.map((name) => [name, { type: 'boolean' }])),
    help: { type: 'boolean', short: 'h' },
    h: { type: 'boolean' },
  };
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new StartError(`${error.message}\n${USAGE}`, 'EUSAGE');
  }
  const empty = Object.keys(values).find((name) => values[name] === '');
  if (empty) throw new StartError(`--${empty} needs a value\n${USAGE}`, 'EUSAGE');
  const parsed = { roots: {} };
  for (const server of SERVERS) if (values[server.flag] !== undefined) parsed.roots[server.id] = values[server.flag];
  if (values['dist-root'] !== undefined) parsed.distRoot = values['dist-root'];
  if (values['no-sim']) parsed.sim = false;
  if (values['log-requests']) parsed.logRequests = true;
  if (values['api-same-origin']) parsed.apiSameOrigin = true;
  if (values['remotes-same-origin']) parsed.remotesSameOrigin = true;
  if (values.undrawn) parsed.drawn = false;
  const flags = Object.fromEntries(extra.filter((name) => values[name]).map((name) => [name, true]));
  if (values['no-build']) flags.noBuild = true;
  if (values.help || values.h) flags.help = true;
  return { options: parsed, flags };
}

/**
 * Runs until SIGINT/SIGTERM/SIGHUP: starts everything, prints the banner, stops everything on a
 * signal and exits 0; exits 1 if start-up fails or the simulator dies. Used by serve.mjs and start.mjs.
 */
export async function serveUntilSignal(options) {
  const running = await runUntilSignal({
    label: 'serve',
    start: (signal, onFatal) => startAll({ ...options, signal, onFatal }),
  });
  console.log(banner(running));
  return running;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let parsed;
  try {
    parsed = parseServeArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  if (parsed.flags.help) {
    console.log(USAGE);
    process.exit(0);
  }
  await serveUntilSignal(parsed.options);
}
