// The drawing step: every site's guest pages drawn into the host's HTML, for each language and scheme the site offers,
// by the host's own app and each theme's own components (their server builds), as static files a server hands out.
// The demo's server runs it when it starts and whenever what it draws from changes (scripts/serve.mjs); the production
// recipe runs it in deploy/write-nginx-includes.mjs, which writes the pages beside the host's index.html.
//
// A theme's code runs here only once its release checks out: its signed list signed by a key config.json gives for the
// theme, and its mf-manifest.json and server build the files that list names. It runs in a process of its own
// (scripts/drawing-sandbox.mjs) that can read those files and the host's drawing build and nothing else, write nothing,
// start nothing, and has no network where the system can take it away (a network namespace, `unshare`).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sha384Of, signedFileHashes, SIGNED_FILES_NAME } from './release-signing.mjs';
import { importSharedCore } from './shared-core.mjs';

const SANDBOX = path.join(path.dirname(fileURLToPath(import.meta.url)), 'drawing-sandbox.mjs');
const LOCALES = ['th', 'en'];

/** The contract's names for drawn pages (shared-core/src/drawing.ts), loaded once. */
let drawingContract;
export function drawingNames() {
  drawingContract ??= importSharedCore('./drawing');
  return drawingContract;
}

/** A release that cannot be drawn with: unsigned, signed by a key the deployment does not list, or not what was signed. */
export class ReleaseRefused extends Error {
  constructor(theme, reason) {
    super(`theme ${theme}: ${reason}`);
    this.name = 'ReleaseRefused';
  }
}

/**
 * One theme's release, checked as the host checks it in the browser: its signed list against the public keys config.json
 * gives for the theme, then its mf-manifest.json and its server build against the list. `read(file)` gives a file of
 * the release by its path in it (`mf-manifest.json`, `server/drawing.cjs`). The stylesheets of each exposed module are
 * named as the page links them: against the manifest's address as config.json writes it (a path on the host's own
 * origin stays one).
 * @returns {Promise<{ theme: string, release: string, drawing: Buffer, stylesheets: Record<string, { href: string, integrity: string }[]> }>}
 */
export async function verifiedRelease(theme, { manifestUrl, keys, read }) {
  const { DRAWING_BUNDLE, DRAWING_DIR } = await drawingNames();
  let hashes;
  try {
    hashes = signedFileHashes(JSON.parse(String(await read(SIGNED_FILES_NAME))), keys, { theme });
  } catch (error) {
    throw new ReleaseRefused(theme, `its ${SIGNED_FILES_NAME} does not hold (${error.message})`);
  }
  const take = async (file) => {
    if (!hashes.has(file)) throw new ReleaseRefused(theme, `${file} is not in its signed list`);
    const bytes = await read(file);
    if (sha384Of(bytes) !== hashes.get(file)) throw new ReleaseRefused(theme, `${file} is not the file that was signed`);
    return bytes;
  };
  const manifest = JSON.parse(String(await take('mf-manifest.json')));
  const drawing = await take(`${DRAWING_DIR}/${DRAWING_BUNDLE}`);
  const origin = 'http://origin.invalid';
  const absolute = new URL(manifestUrl, origin);
  const publicPath = manifest?.metaData?.publicPath;
  const base = new URL(typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : './', absolute);
  const written = (url) => (url.origin === origin ? `${url.pathname}${url.search}` : url.href);
  const stylesheets = {};
  const texts = new Map();
  for (const expose of Array.isArray(manifest?.exposes) ? manifest.exposes : []) {
    const files = expose?.assets?.css?.sync;
    if (typeof expose?.name !== 'string' || !Array.isArray(files)) continue;
    stylesheets[expose.name] = [];
    for (const file of files) {
      // Checked against the signed list like the code: a drawn page carries the text itself.
      if (!texts.has(file)) texts.set(file, String(await take(file)));
      stylesheets[expose.name].push({ href: written(new URL(file, base)), integrity: hashes.get(file), text: texts.get(file) });
    }
  }
  return { theme, release: hashes.get('mf-manifest.json'), drawing, stylesheets };
}

/** Whether this system can start a process in a network namespace of its own (Linux's `unshare`). */
export function networkIsolation() {
  const probe = spawnSync('unshare', ['--net', '--map-root-user', process.execPath, '-e', ''], { stdio: 'ignore', timeout: 10_000 });
  if (!probe.error && probe.status === 0) return ['unshare', '--net', '--map-root-user'];
  const asRoot = spawnSync('unshare', ['--net', process.execPath, '-e', ''], { stdio: 'ignore', timeout: 10_000 });
  return !asRoot.error && asRoot.status === 0 ? ['unshare', '--net'] : null;
}

/**
 * The sandbox: Node's permission model (reads of the host's drawing build and the themes' server builds only) in a
 * network namespace of its own. Without one (no `unshare`, or a system that refuses it) nothing is drawn, unless
 * `allowNetwork` says so. `request(message)` sends one request and resolves with its answer.
 */
function startSandbox({ hostDrawing, drawings, allowNetwork = false, log }) {
  const isolation = networkIsolation();
  if (!isolation && !allowNetwork)
    throw new Error('no network namespace can be made here (unshare): the themes are not run, nothing is drawn');
  const files = [SANDBOX, hostDrawing, ...Object.values(drawings)];
  const args = [
    '--permission',
    ...files.map((file) => `--allow-fs-read=${file}`),
    SANDBOX,
    hostDrawing,
    ...Object.entries(drawings).map(([theme, file]) => `${theme}=${file}`),
  ];
  const [command, ...prefix] = isolation ? [...isolation, process.execPath] : [process.execPath];
  const child = spawn(command, [...prefix, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map();
  let next = 0;
  let failure = null;
  const failAll = (error) => {
    failure ??= error;
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
  };
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    let answer;
    try {
      answer = JSON.parse(line);
    } catch {
      log(`drawing: ${line}`);
      return;
    }
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if (answer.ok) entry.resolve(answer);
    else entry.reject(new Error(answer.error));
  });
  readline.createInterface({ input: child.stderr }).on('line', (line) => log(`drawing: ${line}`));
  child.on('exit', (code, signal) => failAll(new Error(`the drawing process ended (${signal ?? `code ${code}`})`)));
  child.on('error', failAll);
  child.stdin.on('error', () => undefined);
  return {
    request(request) {
      if (failure) return Promise.reject(failure);
      const id = (next += 1);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.stdin.write(`${JSON.stringify({ id, request })}\n`);
      });
    },
    close() {
      child.stdin.end();
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
    },
  };
}

/**
 * A drawing session: the themes' releases checked, their server builds in the sandbox, and what every page is drawn from
 * handed to it once. `draw` draws one page (null for one the app is left to: registration on a site without it, a theme
 * that did not check out); pages are drawn one after another, in the order asked.
 * @param {object} options
 * @param {string} options.indexHtml the host's built index.html
 * @param {string} options.hostDrawing the host's drawing build (host/dist-server/drawing.cjs)
 * @param {object} options.config config.json as served
 * @param {object} options.sites sites.json as served
 * @param {(theme: string, file: string) => Promise<Buffer>} options.readRelease a file of a theme's release
 * @param {(href: string) => Promise<Buffer>} options.readHost a file of the host's build, by its address (`/static/…`)
 * @param {(line: string) => void} [options.log]
 * @param {boolean} [options.allowNetwork] draw even where the sandbox cannot be cut off the network
 */
export async function openDrawing({ indexHtml, hostDrawing, config, sites, readRelease, readHost, log = () => {}, allowNetwork = false }) {
  const warnings = [];
  const warn = (line) => {
    warnings.push(line);
    log(line);
  };
  const releases = {};
  const verified = {};
  for (const [theme, manifestUrl] of Object.entries(config?.remotes ?? {})) {
    try {
      const release = await verifiedRelease(theme, {
        manifestUrl,
        keys: config?.remoteKeys?.[theme] ?? [],
        read: (file) => readRelease(theme, file),
      });
      verified[theme] = release;
      releases[theme] = { release: release.release, stylesheets: release.stylesheets };
    } catch (error) {
      warn(`drawing: ${error.message}; its pages are left to the browser`);
    }
  }
  if (Object.keys(verified).length === 0) return { sites: [], warnings, draw: async () => null, close: async () => undefined };
  // The verified server builds, copied where the sandbox may read them and nobody may change them.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'member-drawing-'));
  const removeFolder = () => {
    chmodSync(folder, 0o755);
    rmSync(folder, { recursive: true, force: true });
  };
  let sandbox;
  try {
    const drawings = {};
    for (const [theme, release] of Object.entries(verified)) {
      const file = path.join(folder, `${theme.replace(/[^A-Za-z0-9_-]/g, '_')}.cjs`);
      writeFileSync(file, release.drawing, { mode: 0o444 });
      drawings[theme] = file;
    }
    chmodSync(folder, 0o555);
    sandbox = startSandbox({ hostDrawing, drawings, allowNetwork, log });
    const { sites: drawable } = await sandbox.request({ kind: 'sites', config, sites });
    // The host's own first-screen stylesheets (index.html preloads them), read from its folder.
    const { hrefs } = await sandbox.request({ kind: 'host-styles', indexHtml });
    const hostStyles = [];
    for (const href of hrefs) hostStyles.push({ href, text: String(await readHost(href)) });
    // Everything every page is drawn from, once; each page's request names only the page.
    await sandbox.request({ kind: 'context', config, sites, indexHtml, hostStyles, releases });
    return {
      sites: drawable,
      warnings,
      async draw({ site, locale, scheme, page }) {
        const answer = await sandbox
          .request({ kind: 'page', prefix: site, locale, scheme, page })
          .catch((error) => ({ drawn: false, reason: error.message }));
        if (answer.drawn) return { html: answer.html };
        if (!/is sent from/.test(answer.reason)) warn(`drawing: ${site} ${locale} ${scheme} ${page}: ${answer.reason}`);
        return null;
      },
      async close() {
        await sandbox.close();
        removeFolder();
      },
    };
  } catch (error) {
    await sandbox?.close();
    removeFolder();
    throw error;
  }
}

/** Every page a drawing draws for a site: its guest pages, the 404, the LINE check, a member's frame of each menu page. */
async function pagesOfASite() {
  const names = await drawingNames();
  return [...names.DRAWN_GUEST_PAGES, names.DRAWN_NOT_FOUND, names.DRAWN_LINE_CHECK, ...names.DRAWN_MEMBER_PAGES];
}

/**
 * Every drawn page of the deployment: for each site of sites.json, each language, each scheme it offers (and its first
 * one again as the page of a visit that has chosen none), the login, registration, 404 and LINE check pages and a
 * member's frame of each page of the menu, by the path drawnPagePath names them under (`pre8/th-dark/login.html`,
 * `pre8/th/login.html`). A theme whose release does not check out is not drawn with; a page that needs it is left to
 * the browser, with a warning. Options as openDrawing's.
 * @returns {Promise<{ pages: Map<string, { html: string }>, warnings: string[] }>} each page by its path
 */
export async function drawPages(options) {
  const names = await drawingNames();
  const drawing = await openDrawing(options);
  const pages = new Map();
  try {
    for (const { key, schemes } of drawing.sites) {
      for (const locale of LOCALES) {
        for (const [index, scheme] of schemes.entries()) {
          for (const page of await pagesOfASite()) {
            const drawn = await drawing.draw({ site: key, locale, scheme, page });
            if (!drawn) continue;
            pages.set(names.drawnPagePath({ site: key, locale, scheme, page }), drawn);
            if (index === 0) pages.set(names.drawnPagePath({ site: key, locale, scheme: null, page }), drawn);
          }
        }
      }
    }
  } finally {
    await drawing.close();
  }
  return { pages, warnings: drawing.warnings };
}

/**
 * The demo server's drawn pages (scripts/serve.mjs): a drawing session opened when it starts, and again whenever what the
 * pages are drawn from changes (the served config.json or sites.json, the host's build, a theme's release), which is
 * looked at on every visit. A visit's page is drawn when first asked for and kept; meanwhile every other page is drawn
 * in the background, one at a time, so a visit waits for at most one page ahead of its own. `answer` picks the page of a
 * visit (shared-core's drawnPageFor) and returns it with its ETag and its style hash, or null to leave the visit to the
 * app's undrawn page.
 * @param {object} options
 * @param {() => { config: object | null, sites: object | null }} options.runtimeFiles the served run-time files of the moment
 * @param {string} options.hostDir the host's dist folder (its index.html)
 * @param {string} options.hostDrawing the host's drawing build
 * @param {(theme: string) => string | null} options.releaseDir the folder a theme's release is read from, or null
 * @param {(line: string) => void} [options.log]
 */
export function drawnPagesOnDemand({ runtimeFiles, hostDir, hostDrawing, releaseDir, log = () => {} }) {
  let stamp = null;
  let session = null;
  const stampOf = (file) => {
    try {
      const info = statSync(file);
      return `${info.mtimeMs}:${info.size}`;
    } catch {
      return 'missing';
    }
  };
  const open = (config, sites) => {
    const started = Date.now();
    const pages = new Map();
    const drawing = (async () => {
      if (!config || !sites || !existsSync(hostDrawing)) return null;
      return openDrawing({
        indexHtml: readFileSync(path.join(hostDir, 'index.html'), 'utf8'),
        hostDrawing,
        config,
        sites,
        readRelease: async (theme, file) => {
          const dir = releaseDir(theme);
          if (!dir) throw new Error(`no release folder of theme ${theme} is served here`);
          return readFileSync(path.join(dir, file));
        },
        readHost: async (href) => readFileSync(path.join(hostDir, new URL(href, 'http://host.invalid').pathname)),
        log,
      });
    })().catch((error) => {
      log(`drawing: nothing drawn: ${error.message}`);
      return null;
    });
    const current = { pages, drawing, closed: false };
    /** One page (and, for a site's first scheme, the same page again as a visit with no choice finds it). */
    current.page = (choice) => {
      const key = JSON.stringify(choice);
      if (!pages.has(key)) {
        pages.set(
          key,
          drawing.then(async (opened) => {
            if (!opened || current.closed) return null;
            const drawn = await opened.draw(choice);
            return drawn ? drawnAnswer(drawn) : null;
          }),
        );
      }
      return pages.get(key);
    };
    // Every other page, in the background, one at a time.
    void drawing.then(async (opened) => {
      if (!opened) return;
      let count = 0;
      for (const { key, schemes } of opened.sites) {
        for (const locale of LOCALES) {
          for (const scheme of schemes) {
            for (const page of await pagesOfASite()) {
              if (current.closed) return;
              if (await current.page({ site: key, locale, scheme, page })) count += 1;
            }
          }
        }
      }
      log(
        `drawing: ${count} pages drawn in ${Date.now() - started} ms${opened.warnings.length ? `, ${opened.warnings.length} warnings` : ''}`,
      );
    });
    return current;
  };
  const now = () => {
    const { config, sites } = runtimeFiles();
    const themes = Object.keys(config?.remotes ?? {});
    const next = JSON.stringify([
      config,
      sites,
      stampOf(path.join(hostDir, 'index.html')),
      stampOf(hostDrawing),
      ...themes.map((theme) => [theme, releaseDir(theme) && stampOf(path.join(releaseDir(theme), SIGNED_FILES_NAME))]),
    ]);
    if (session && next === stamp) return session;
    stamp = next;
    if (session) {
      const old = session;
      old.closed = true;
      void old.drawing.then((opened) => opened?.close());
    }
    session = open(config, sites);
    return session;
  };
  let contract;
  return {
    /** Opens the first drawing at once, so the first visit does not wait for the sandbox to start. */
    warm: () => void now(),
    async answer(urlPath, search, cookie) {
      contract ??= Promise.all([drawingNames(), importSharedCore('./contract')]);
      const [names, { PAGE_KEYS }] = await contract;
      const choice = names.drawnPageFor(urlPath, search, cookie, (segment) => PAGE_KEYS.includes(segment));
      if (!choice) return null;
      const current = now();
      const opened = await current.drawing;
      const site = opened?.sites.find((candidate) => candidate.key === choice.site);
      if (!site) return null;
      // The member's scheme if the site has it, else the site's first.
      const scheme = choice.scheme && site.schemes.includes(choice.scheme) ? choice.scheme : site.schemes[0];
      return current.page({ site: choice.site, locale: choice.locale, scheme, page: choice.page });
    },
    /** Ends the drawing session (the sandbox), as the server stops. */
    close: async () => {
      if (!session) return;
      session.closed = true;
      await (await session.drawing)?.close();
    },
  };
}

/** A drawn page as the demo server answers it: the server puts a nonce in it per answer (static-server's sendPage). */
function drawnAnswer({ html }) {
  return { body: Buffer.from(html) };
}
