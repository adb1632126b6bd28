// `npm run dev -- --theme <dir> [--site <prefix>]`: work on one theme inside the real site, with hot reload.
//
// One process runs, until Ctrl-C:
// - the host in Rsbuild's dev server (no build of the host needed; an edit under host/src shows in the open page),
//   serving /config.json and /sites.json computed as the demo server computes them (scripts/serve.mjs), with the page's
//   Content-Security-Policy (scripts/csp.mjs) plus the dev servers' reload sockets;
// - the theme's own dev server (`rsbuild dev` of <dir>; an edit under <dir>/src shows in the open page), which signs
//   every build it serves (build-preset's devReleaseSigningPlugin) with the theme's key, whose public half the
//   served config.json lists: the host's signature checks stay on and pass;
// - every other theme remote of the workspace from its production build, as `npm run serve` serves it: the default
//   theme, which fallbacks and pages the theme lacks come from, is built first when it has no build; another with no
//   build is left out (its pages fall back), and the banner says so;
// - the simulator (member-api-sim), as `npm start` runs it.
// The served config.json points the theme's name at its dev server; the served sites.json shows the chosen site in
// that theme on every page. The workspace's sites.json and host/public/config.json are read, never written.
//
// Both dev servers run inside this process through Rsbuild's JavaScript API, not through pnpm (which, killed, would
// leave rsbuild running): Ctrl-C, or this process's end however it comes, ends them with it. The simulator runs under
// scripts/child-guard.mjs as serve.mjs starts it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { overlayStyleHashes } from './dev-overlay.mjs';
import { devSigningKey } from './release-key.mjs';
import { SIGNED_FILES_NAME, signatureHolds } from './release-signing.mjs';
import { runUntilSignal } from './run-until-signal.mjs';
import { brandOfRequest, newNonce, withNonce } from './csp.mjs';
import {
  checkPorts,
  hostOrigins,
  pagePolicy,
  portsFromEnv,
  runtimeFileReader,
  startSimulator,
  waitForSimulator,
  WORKSPACE_ROOT,
} from './serve.mjs';
import { createStaticServer, jsonAnswer } from './static-server.mjs';
import { remoteOf, themeRemotes } from './workspace.mjs';
import { importSharedCore } from './shared-core.mjs';

// The file is read through the host's schema, and the served copy written by shared-core's entry writer.
const [{ validateSitesFile }, { siteEntryDrawnBy }] = await Promise.all([
  importSharedCore('./schema/config'),
  importSharedCore('./schema/site-entries'),
]);

const REACT_HOOK = path.join(WORKSPACE_ROOT, 'scripts', 'dev-react-hook.mjs');

/** The theme every config.json must name: the fallbacks, and the pages another theme does not provide, come from it. */
export const DEFAULT_THEME = 'default';

export const USAGE = `usage: npm run dev -- --theme <dir> [--site <prefix>]
  --theme <dir>     the theme remote to work on (remote-default, remote-pre8, ... any remote-* folder): its own dev
                    server with hot reload, inside the real host (also in dev, also hot) and the simulator
  --site <prefix>   the site shown in that theme on every page; by default the first site of sites.json whose
                    layout is the theme, else the first site
ports: HOST_PORT, REMOTE_<NAME>_PORT (one per theme remote), SIM_PORT, SIM_AUTH_PORT, as for npm start
env:   HOST_ORIGINS (comma-separated origins the page is opened from), as for npm start`;

/**
 * The theme's folder and the site from the command line; throws with the usage on an unknown flag, a word that is
 * no flag's value, or a missing --theme. A `--` (which npm may pass on) is dropped.
 * @returns {{ help: true } | { help: false, theme: string, site: string | undefined }}
 */
export function parseDevArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: { theme: { type: 'string' }, site: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new Error(`${error.message}\n${USAGE}`, { cause: error });
  }
  const { values } = parsed;
  if (values.help) return { help: true };
  if (!values.theme) throw new Error(`name the theme remote to work on: --theme <dir>\n${USAGE}`);
  if (values.site === '') throw new Error(`--site needs a site's prefix\n${USAGE}`);
  return { help: false, theme: values.theme, site: values.site };
}

/**
 * The prefix of the site to show in the theme: the one asked for (which sites.json must have), else the first site
 * whose own theme it is, else the first site.
 * @param {{ sites?: { key?: string }[] }} sitesFile sites.json as read
 * @param {string} theme the theme's name (its `memberTheme.name`)
 * @param {string} [requested] --site
 */
export function chooseSite(sitesFile, theme, requested) {
  const sites = Array.isArray(sitesFile?.sites) ? sitesFile.sites.filter((site) => typeof site?.key === 'string') : [];
  if (sites.length === 0) throw new Error('sites.json lists no site');
  if (requested !== undefined) {
    if (!sites.some((site) => site.key === requested)) {
      throw new Error(`--site ${requested} is not a site of sites.json; the sites are: ${sites.map((site) => site.key).join(', ')}`);
    }
    return requested;
  }
  const checked = validateSitesFile(sitesFile);
  const shownInTheme = checked.ok ? checked.value.sites.find((site) => site.theme === theme) : undefined;
  return (shownInTheme ?? sites[0]).key;
}

/**
 * The served sites.json: the chosen site drawn by the theme everywhere (its own theme, every page's and every frame
 * a page names); every other site, and every other field, as written. A copy: the file read is not changed.
 */
export function devSites(sitesFile, { site, theme }) {
  if (!Array.isArray(sitesFile?.sites)) return sitesFile;
  return {
    ...sitesFile,
    sites: sitesFile.sites.map((entry) => (entry?.key === site ? siteEntryDrawnBy(entry, theme) : entry)),
  };
}

/**
 * The served config.json: the theme's name pointed at its dev server's manifest, and the public key the dev server
 * signs with listed first among the theme's `remoteKeys` (keys the file lists already stay). A copy.
 */
export function devConfig(config, { theme, manifestUrl, publicKey }) {
  const listed = Array.isArray(config.remoteKeys?.[theme]) ? config.remoteKeys[theme] : [];
  return {
    ...config,
    remotes: { ...config.remotes, [theme]: manifestUrl },
    remoteKeys: { ...config.remoteKeys, [theme]: [publicKey, ...listed.filter((key) => key !== publicKey)] },
  };
}

/**
 * The sockets the page opens for hot reload, which the page's policy must let it reach: the host's dev server's
 * own (on the page's origin, named as ws: since 'self' is not read as covering it by every browser), and the
 * theme's, which its client opens on the page's host name at the theme's port.
 */
export function reloadSocketOrigins(pageOrigins, themePort) {
  const sockets = pageOrigins.flatMap((origin) => {
    const url = new URL(origin);
    const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return [`${scheme}//${url.host}`, `${scheme}//${url.hostname.includes(':') ? `[${url.hostname}]` : url.hostname}:${themePort}`];
  });
  return [...new Set(sockets)];
}

/**
 * What becomes of each other theme remote: served from its production build, built first (the default theme, which
 * the site needs for fallbacks and the pages the theme lacks), or left out (its pages fall back).
 * @param {{ dir: string, theme: string }[]} remotes the workspace's theme remotes
 * @param {string} themeDir the folder of the theme in dev
 * @param {(dir: string) => boolean} hasBuild whether a folder holds a production build
 */
export function otherRemotes(remotes, themeDir, hasBuild) {
  const plan = { serve: [], build: [], missing: [] };
  for (const remote of remotes) {
    if (remote.dir === themeDir) continue;
    if (hasBuild(remote.dir)) plan.serve.push(remote);
    else if (remote.theme === DEFAULT_THEME) {
      plan.build.push(remote);
      plan.serve.push(remote);
    } else plan.missing.push(remote);
  }
  return plan;
}

/**
 * The run-time files as the host's dev server serves them: the demo server's (scripts/serve.mjs runtimeFileReader:
 * the ports in use, the workspace remotes' keys, read again when a file changes), then the theme pointed at its dev
 * server (devConfig) and the site drawn by it (devSites).
 * @param {object} options
 * @param {string} options.configFile host/public/config.json
 * @param {string} options.sitesFile sites.json
 * @param {Record<string, number>} options.ports the ports in use (scripts/serve.mjs portsFromEnv)
 * @param {string} options.theme the theme's name
 * @param {string} options.themeUrl its dev server's origin
 * @param {string} options.publicKey the public key its dev builds are signed with
 * @param {string} options.site the prefix of the site shown in it
 */
export function devRuntimeFiles({ configFile, sitesFile, ports, theme, themeUrl, publicKey, site }) {
  return runtimeFileReader({
    configFile,
    sitesFile,
    ports,
    adjustConfig: (config) => devConfig(config, { theme, manifestUrl: `${themeUrl}/mf-manifest.json`, publicKey }),
    adjustSites: (sites) => devSites(sites, { site, theme }),
  });
}

/** The page a browser navigates to: an extensionless path (a route of the app), or index.html. */
function isPageRequest(req, pathname) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!String(req.headers.accept ?? '').includes('text/html')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || last === 'index.html';
}

function send(req, res, status, headers, body) {
  res.writeHead(status, { ...headers, 'Content-Length': body.length, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The host dev server's own answers, ahead of Rsbuild's: /config.json and /sites.json (the run-time files, as the
 * demo server serves them), and the page with its policy, as the demo server makes them: a fresh nonce in the page and
 * the policy, the page's brand's promotion and logo, the reload sockets and the build-error overlay's style.
 * @param {object} options
 * @param {() => { files: Record<string, object | string>, config: object | null, sites: object | null }} options.runtimeFiles
 * @param {string[]} options.socketOrigins the reload sockets the policy lets the page open (reloadSocketOrigins)
 * @param {string[]} [options.styleHashes] the hashes of the overlay's style (scripts/dev-overlay.mjs)
 * @param {string[]} [options.styleAttributeHashes] the hashes of its spans' style attributes (the same)
 * @param {{ environments: Record<string, { getTransformedHtml(entry: string): Promise<string> }> }} options.server
 *   Rsbuild's dev server, whose page it serves
 */
export function hostDevMiddleware({ runtimeFiles, socketOrigins, styleHashes = [], styleAttributeHashes = [], server }) {
  let lastPolicy;
  return async (req, res, next) => {
    try {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      const current = runtimeFiles();
      const file = current.files[pathname];
      if (file !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
        send(req, res, 200, { 'Content-Type': 'application/json; charset=utf-8' }, jsonAnswer(file).body);
        return;
      }
      if (!isPageRequest(req, pathname)) {
        next();
        return;
      }
      const environment = Object.values(server.environments)[0];
      const nonce = newNonce();
      const html = withNonce(await environment.getTransformedHtml('index'), nonce);
      const { search } = new URL(req.url ?? '/', 'http://localhost');
      const keys = Array.isArray(current.sites?.sites) ? current.sites.sites.map((site) => site?.key) : [];
      const brand = brandOfRequest({ search, cookie: String(req.headers.cookie ?? '') }, keys);
      // A config.json that does not parse keeps the last policy, as the demo server does; the page names the problem.
      if (current.config)
        lastPolicy = (page) =>
          pagePolicy(current.config, current.sites, { ...page, connectOrigins: socketOrigins, styleHashes, styleAttributeHashes });
      const policy = lastPolicy?.({ brand, nonce });
      send(
        req,
        res,
        200,
        {
          'Content-Type': 'text/html; charset=utf-8',
          'Referrer-Policy': 'strict-origin-when-cross-origin',
          ...(policy ? { 'Content-Security-Policy': policy } : {}),
          'X-Frame-Options': /frame-ancestors 'none'/.test(policy ?? '') ? 'DENY' : 'SAMEORIGIN',
        },
        Buffer.from(html),
      );
    } catch (error) {
      next(error);
    }
  };
}

/** @rsbuild/core as the package in `dir` resolves it (each package names its own). */
async function rsbuildOf(dir) {
  const entry = createRequire(path.join(dir, 'package.json')).resolve('@rsbuild/core');
  return import(pathToFileURL(entry).href);
}

/**
 * One package's `rsbuild dev`, in this process: its own rsbuild.config.ts with the port fixed (never moved to a free
 * one, which the served config.json would not name), and `adjust` applied. Resolves once its server listens; `ready`
 * resolves after its first build, with the milliseconds it took. Rsbuild logs every build, prefixed with `label`.
 */
async function startDevServer({ dir, label, port, adjust }) {
  const { createLogger, createRsbuild, loadConfig, mergeRsbuildConfig } = await rsbuildOf(dir);
  const { content } = await loadConfig({ cwd: dir, envMode: 'development', command: 'dev' });
  const config = mergeRsbuildConfig(content, {
    server: { port, strictPort: true, printUrls: false },
    customLogger: createLogger({ prefix: `[${label}]` }),
  });
  adjust?.(config);
  const rsbuild = await createRsbuild({ cwd: dir, config });
  let first;
  const ready = new Promise((resolve, reject) => {
    first = { resolve, reject };
  });
  // Awaited later, beside the other servers' start: a failure before then is not an unhandled rejection.
  ready.catch(() => undefined);
  const began = performance.now();
  rsbuild.onAfterDevCompile(({ isFirstCompile, stats }) => {
    if (!isFirstCompile) return;
    if (stats.hasErrors()) first.reject(new Error(`${label}: the first build failed (see above)`));
    else first.resolve(Math.round(performance.now() - began));
  });
  const { server } = await rsbuild.startDevServer();
  return { server, ready, close: () => server.close() };
}

/** Runs `node scripts/build-remote.mjs <dir>` (a signed, compressed production build); rejects when it fails. */
function buildRemote(dir, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(WORKSPACE_ROOT, 'scripts', 'build-remote.mjs'), dir], {
      cwd: WORKSPACE_ROOT,
      env,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`building ${dir} failed (${signal ?? `code ${code}`})`)),
    );
  });
}

/**
 * The theme remote `--theme` names and the site to show in it; an Error with code EUSAGE when either is not one of the
 * workspace's.
 */
function devTarget(themeArg, siteArg) {
  const usage = (error) => Object.assign(error, { code: 'EUSAGE' });
  const remote = remoteOf(themeArg);
  if (remote instanceof Error) throw usage(remote);
  try {
    return { remote, site: chooseSite(JSON.parse(readFileSync(path.join(WORKSPACE_ROOT, 'sites.json'), 'utf8')), remote.theme, siteArg) };
  } catch (error) {
    throw usage(error);
  }
}

/**
 * Starts everything; resolves once the page can be opened.
 * @returns {Promise<{ url: string, stop: () => Promise<void>, lines: string[], startedInMs: number }>}
 */
export async function startDev({
  themeArg,
  siteArg,
  env = process.env,
  log = (line) => console.log(line),
  signal,
  onFatal = (error) => log(`dev: ${error.message}`),
}) {
  const began = performance.now();
  const { remote, site } = devTarget(themeArg, siteArg);
  const remotes = themeRemotes();
  const themeDir = path.join(WORKSPACE_ROOT, remote.dir);
  const hostDir = path.join(WORKSPACE_ROOT, 'host');
  const sitesFile = path.join(WORKSPACE_ROOT, 'sites.json');
  const configFile = path.join(hostDir, 'public', 'config.json');

  const ports = portsFromEnv(env);
  const hasBuild = (dir) => existsSync(path.join(WORKSPACE_ROOT, dir, 'dist', 'mf-manifest.json'));
  const plan = otherRemotes(remotes, remote.dir, hasBuild);
  await checkPorts({ env, ports, ids: ['host', remote.id, ...plan.serve.map(({ id }) => id), 'sim', 'simAuth'] });

  // Before anything is served: the key the theme's dev builds are signed with, made now when missing.
  const key = devSigningKey(themeDir);
  if (key.made)
    log(`dev: made a release key pair in ${remote.dir}/release-key/ (ignored by git; npm run release-key -- show ${remote.dir})`);
  for (const other of plan.build) {
    log(`dev: ${other.dir} has no build; building it once (the site's fallbacks and the pages ${remote.theme} lacks come from it)`);
    await buildRemote(other.dir, env);
  }
  if (signal?.aborted) throw new Error('start-up interrupted');
  // Read by the build configs as they load (a remote's dev output goes to dist-dev, never dist). Set after the builds
  // of other remotes, which run in production.
  process.env.NODE_ENV = 'development';

  const origins = hostOrigins(ports, env);
  const themeUrl = `http://localhost:${ports[remote.id]}`;
  const socketOrigins = reloadSocketOrigins(origins, ports[remote.id]);
  // A build error is drawn over the page by each dev server's client: the policy lets that overlay's style apply.
  const overlay = overlayStyleHashes([hostDir, themeDir]);
  for (const dir of overlay.unread) {
    log(
      `dev: the build-error overlay of ${path.relative(WORKSPACE_ROOT, dir)}'s Rsbuild could not be read whole; its build errors show here, and over the page without all their styles`,
    );
  }
  const runtimeFiles = devRuntimeFiles({ configFile, sitesFile, ports, theme: remote.theme, themeUrl, publicKey: key.publicKey, site });
  if (!runtimeFiles().config) throw new Error(`${path.relative(WORKSPACE_ROOT, configFile)} is not valid JSON`);

  const started = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await Promise.allSettled(
      started
        .splice(0)
        .reverse()
        .map((item) => item.stop()),
    );
  };
  try {
    for (const other of plan.serve) {
      const server = await createStaticServer({ root: path.join(WORKSPACE_ROOT, other.dir, 'dist'), port: ports[other.id], cors: origins });
      started.push({ stop: () => server.close() });
    }
    const sim = startSimulator({ ports, env, log, logError: log });
    started.push({ stop: () => sim.stop() });
    const simReady = waitForSimulator(sim, ports.sim, 60_000, signal);
    simReady.catch(() => undefined);

    const theme = await startDevServer({
      dir: themeDir,
      label: remote.theme,
      port: ports[remote.id],
      // The host's origins in use (HOST_ORIGINS), as the demo's remotes answer them.
      adjust: (config) => Object.assign(config.server, { cors: { origin: origins } }),
    });
    started.push({ stop: theme.close });
    let host;
    const hostServer = await startDevServer({
      dir: hostDir,
      label: 'host',
      port: ports.host,
      adjust: (config) => {
        // Before the app's own modules: the theme's Fast Refresh must find React DOM (scripts/dev-react-hook.mjs).
        config.source = { ...config.source, preEntry: [...[config.source?.preEntry ?? []].flat(), REACT_HOOK] };
        config.server.setup = [
          ...[config.server.setup ?? []].flat(),
          ({ server }) => {
            host = server;
            server.middlewares.use(
              hostDevMiddleware({
                runtimeFiles,
                socketOrigins,
                styleHashes: overlay.hashes,
                styleAttributeHashes: overlay.attributeHashes,
                server,
              }),
            );
          },
        ];
      },
    });
    started.push({ stop: hostServer.close });
    if (!host) throw new Error('the host dev server started without its setup');
    const [themeMs, hostMs] = await Promise.all([theme.ready, hostServer.ready, simReady]);
    sim.exited.then(({ code, signal: by }) => {
      if (!stopping) onFatal(new Error(`the simulator exited (${by ?? `code ${code}`}) while serving`));
    });

    // The theme's signed list is what the host checks first: signed with the key the served config.json lists.
    const signed = await fetch(`${themeUrl}/${SIGNED_FILES_NAME}`)
      .then((answer) => (answer.ok ? answer.json() : null))
      .catch(() => null);
    if (!signed || !signatureHolds(signed, [key.publicKey])) {
      throw new Error(
        `${themeUrl}/${SIGNED_FILES_NAME} is not a list signed with ${remote.dir}/release-key/: the host would refuse the theme`,
      );
    }

    const url = `http://localhost:${ports.host}/login?prefix=${encodeURIComponent(site)}`;
    const lines = [
      '',
      `Theme ${remote.theme} (${remote.dir}) in dev, site ${site} drawn by it:`,
      `  open          ${url}`,
      `  theme         ${themeUrl}/  (its own gallery; builds signed with ${remote.dir}/release-key/)`,
      `  other themes  ${plan.serve.length ? plan.serve.map((other) => `${other.theme} http://localhost:${ports[other.id]}`).join('  ') : 'none'} (production builds)`,
      `  simulator     http://localhost:${ports.sim}`,
      ...plan.missing.map(
        (other) => `  warning: ${other.dir} has no build; its theme's pages fall back (npm run build:remote -- ${other.dir})`,
      ),
      `Edits under ${remote.dir}/src and host/src show in the open page. First builds: theme ${themeMs} ms, host ${hostMs} ms.`,
      'Press Ctrl-C to stop.',
      '',
    ];
    return { url, stop, lines, startedInMs: Math.round(performance.now() - began) };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let args;
  try {
    args = parseDevArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`dev: ${error.message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const running = await runUntilSignal({
    label: 'dev',
    start: (signal, onFatal) => startDev({ themeArg: args.theme, siteArg: args.site, signal, onFatal }),
  });
  console.log(running.lines.join('\n'));
  console.log(`dev: up in ${(running.startedInMs / 1000).toFixed(1)} s`);
}
