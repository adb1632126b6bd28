// `npm run bench`: prints the figures the budgets are about. Not part of `npm test`.
//
//   node scripts/bench.mjs [--only=part,...] [--skip=part,...] [--runs=N] [--pages=id,...] [--json=FILE] [--reports=DIR]
//                          [--undrawn] [--remotes-apart]
//
// The demo serves the API and the themes under the host's origin, as the deploy recipe does, and its pages drawn in the
// HTML; --undrawn serves the app's undrawn page for every visit (the figures before pages were drawn), --remotes-apart
// each theme on its own origin.
//
// Parts (all by default):
//   login       for each theme, the gzip bytes of every script needed before /login first renders (host, remote,
//               shared), and how many requests beyond the host's own run one after another before the theme's
//               login chunk starts
//   lobby       /slot with 500 games at 4x CPU: interaction latency, a scripted full scroll (frames, long tasks),
//               DOM size, images, layout shift, where the first tile sits, route JS
//   realtime    MemberTrans frame received → toast visible
//   phone       /login and /register (cold), and a member's /slot and /profile cold and as a repeat visit, in each theme,
//               loaded for real on a throttled phone profile (Lighthouse's figures, applied by Chromium) beside a
//               single-bundle reference login page: first paint, LCP and what it was of, CLS, the form drawn, usable (a
//               typed digit shown, still there once the app has the page, and sent with the form; the first tile's
//               image; the first balance) against the reference, the API round trips and preflights before it, and the
//               route's JS in brotli (scripts/bench-phone.mjs); medians of --runs
//   scale       /login of the last of 300 brands in a deployment of 20 themes (scripts/scale-workspace.mjs), served by a
//               second demo once it has drawn its brands' pages (about a minute), beside /login of pre8 in the five-brand
//               demo, cold, on the phone profile; goal: within 5 %
//   lighthouse  Lighthouse 12 mobile medians of --runs (3) for /login in each theme, the logged-in /profile and
//               /slot, and a single-bundle reference login page (scripts/bench-lighthouse.mjs); --pages picks
//               some of them by id (reference, login-pre8, login-os39, login-bkmc, profile, slot), and some of the
//               phone part's pages by the start of their id (slot-pre8, profile-bkmc-repeat, login-os39)
// Everything measured is also written as JSON to --json (bench-results.json); --reports=DIR keeps every
// Lighthouse report whole (DIR/{page}-{round}.json) with the trace it was simulated from (DIR/{page}-{round}.trace.json,
// for the Performance panel), to see where a page's time goes; BENCH_VERBOSE=1 also prints each phone load's
// navigation times (answer, read, parsed) and API calls, and each script of the login's first render. Needs production builds
// (npm run build) and Chromium (CHROME_PATH, default /usr/bin/chromium).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { benchLighthouse, buildReference, formatLighthouseTable } from './bench-lighthouse.mjs';
import { createStaticServer } from './static-server.mjs';
import { benchPhone, brotliBytesOf, formatPhoneTable, sequentialRoundTrips } from './bench-phone.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { distFolders, startAll, WORKSPACE_ROOT } from './serve.mjs';
import { scaledDeployment } from './scale-workspace.mjs';
import { acceptedKeys } from './release-key.mjs';
import { themeRemotes } from './workspace.mjs';

const PARTS = ['login', 'lobby', 'realtime', 'phone', 'scale', 'lighthouse'];
const USAGE = `usage: node scripts/bench.mjs [--only=part,...] [--skip=part,...] [--runs=N] [--pages=id,...] [--json=FILE] [--reports=DIR] [--undrawn] [--remotes-apart]; parts: ${PARTS.join(' ')}; Lighthouse pages: reference login-pre8 login-os39 login-bkmc profile slot; phone pages: login-{pre8,os39,bkmc}, register-{pre8,os39,ufkk}, {slot,profile}-{pre8,os39,bkmc}-{cold,repeat} (or any start of one, e.g. slot-pre8)`;

/** The parts to run and the options, from the command line; throws with the usage on anything unknown. */
function parseBenchArgs(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      runs: { type: 'string', default: '3' },
      pages: { type: 'string', multiple: true },
      json: { type: 'string', default: 'bench-results.json' },
      reports: { type: 'string' },
      undrawn: { type: 'boolean', default: false },
      'remotes-apart': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const list = (entries) =>
    (entries ?? [])
      .flatMap((entry) => entry.split(','))
      .map((name) => name.trim())
      .filter(Boolean);
  const only = list(values.only);
  const skip = list(values.skip);
  const unknown = [...only, ...skip].filter((name) => !PARTS.includes(name));
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}\n${USAGE}`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs=${values.runs} is not a positive whole number\n${USAGE}`);
  const parts = PARTS.filter((name) => (only.length === 0 || only.includes(name)) && !skip.includes(name));
  const pages = list(values.pages);
  return {
    parts,
    runs,
    pages: pages.length ? pages : undefined,
    json: path.resolve(WORKSPACE_ROOT, values.json),
    reports: values.reports ? path.resolve(WORKSPACE_ROOT, values.reports) : undefined,
    undrawn: values.undrawn,
    remotesApart: values['remotes-apart'],
    help: values.help,
  };
}

let args;
try {
  args = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message.includes('usage:') ? error.message : `${error.message}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const wants = (part) => args.parts.includes(part);

/** First-render JS of /login, brotli: what the app needs before it has the form. */
const BUDGET_LOGIN_KIB = 110;
const BUDGET_SEQUENTIAL = 1;
const THEMES = themeRemotes().map(({ theme, dir }) => ({ theme, pkg: dir }));

await ensureInstall();
const require = createRequire(path.join(WORKSPACE_ROOT, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');

// The API and the themes under the host's origin, as the deploy recipe serves them (docs/deploy.md): no call pays a
// CORS preflight, no theme a connection of its own. --undrawn measures the app's undrawn pages instead (the figures
// before pages were drawn in the HTML), --remotes-apart the themes on their own origins.
const running = await startAll({ log: () => {}, apiSameOrigin: true, remotesSameOrigin: !args.remotesApart, drawn: !args.undrawn });
const { ports } = running;
const SERVED_PKGS = Object.fromEntries(themeRemotes().map(({ id, dir }) => [id, dir]));
// The folders actually served (MEMBER_DIST_ROOT moves them, e.g. to compare with an older build).
const dists = distFolders();
const distByOrigin = new Map([
  [`http://localhost:${ports.host}`, dists.host],
  ...themeRemotes().map(({ id }) => [`http://localhost:${ports[id]}`, dists[id]]),
  // A theme under the host's origin (/remotes/{theme}/), as the deploy recipe's proxy serves it.
  ...themeRemotes().map(({ id, theme }) => [`/remotes/${theme}`, dists[id]]),
]);

function gzipBytesOf(url) {
  const { origin, pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)(\/.*)$/.exec(pathname);
  const dir = remote ? distByOrigin.get(`/remotes/${remote[1]}`) : distByOrigin.get(origin);
  if (!dir) return 0;
  const file = path.join(dir, decodeURIComponent(remote ? remote[2] : pathname));
  if (!existsSync(file) || !statSync(file).isFile()) return 0;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function loginChunks(pkg) {
  const dir = Object.entries(SERVED_PKGS).find(([, name]) => name === pkg)?.[0];
  const manifest = JSON.parse(readFileSync(path.join(dists[dir], 'mf-manifest.json'), 'utf8'));
  const expose = manifest.exposes.find((e) => e.path === './pages/login');
  return new Set([...(expose?.assets?.js?.sync ?? []), ...(expose?.assets?.js?.async ?? [])].map((f) => path.basename(f)));
}

/** Longest run of non-host requests, each starting after the previous ended, that finished before `until`. */
function sequentialDepth(entries, hostOrigin, until) {
  const calls = entries.filter((e) => !e.name.startsWith(hostOrigin)).map((e) => ({ id: e.name, start: e.startTime, end: e.responseEnd }));
  return sequentialRoundTrips(calls, until);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let lobby;
let realtime;

async function logIn(page, hostOrigin, prefix) {
  const phone = '0812345678';
  await page.goto(`${hostOrigin}/login?prefix=${prefix}`);
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/profile/);
}

/** The scroll starts this long after the first tile showed (and once the network is idle): the page has settled. */
const SETTLE_AFTER_TILE_MS = 4500;
/** Pixels the scripted scroll moves each frame: a brisk fling (6000 px/s at 60 Hz), a new row every frame or two. */
const SCROLL_STEP = 100;

/** The value below which `share` of the values lie (nearest rank); NaN for none. */
function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

/**
 * /slot with the 500-game brand at 4x CPU throttling, on a 390×844 phone: where the first tile sits, a scripted
 * scroll through the whole list (frame times and long tasks), interaction latency while searching and switching
 * brand, DOM size, lazy images, layout shift, route JS.
 */
async function benchLobby(browser, ports, prefix = 'bkmc') {
  const hostOrigin = `http://localhost:${ports.host}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__events = [];
    window.__shift = 0;
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__events.push({ name: e.name, duration: e.duration, interactionId: e.interactionId });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="game-tile"]')) {
        window.__tileShownAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await logIn(page, hostOrigin, prefix);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const images = new Set();
  page.on('request', (r) => {
    if (r.resourceType() === 'image' && r.url().includes('/game-images/')) images.add(r.url());
  });
  await page.goto(`${hostOrigin}/slot?prefix=${prefix}&brand=RSG`);
  await page.getByTestId('game-tile').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(1500);
  // The route's JS: every script asked for before the first tile showed. What comes later (the member's
  // realtime connection, 3 s after the app mounts) is reported apart.
  const { routeScripts, laterScripts } = await page.evaluate(() => {
    const scripts = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js'));
    return {
      routeScripts: scripts.filter((e) => e.startTime <= window.__tileShownAt).map((e) => e.name),
      laterScripts: scripts.filter((e) => e.startTime > window.__tileShownAt).map((e) => e.name),
    };
  });
  const domNodes = await page.evaluate(() => document.querySelectorAll('*').length);
  const tilesRendered = await page.getByTestId('game-tile').count();
  const imagesAtRest = images.size;
  // Above the fold: the first tile's box, and where the phone's visible area ends (the top of a bar fixed to the
  // bottom of the screen, if the theme has one).
  const fold = await page.evaluate(() => {
    const tile = document.querySelector('[data-testid="game-tile"]').getBoundingClientRect();
    let visibleBottom = window.innerHeight;
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' || style.visibility === 'hidden' || style.display === 'none') continue;
      const box = element.getBoundingClientRect();
      if (box.height > 0 && box.width > window.innerWidth / 2 && box.bottom >= window.innerHeight - 1 && box.top > window.innerHeight / 2) {
        visibleBottom = Math.min(visibleBottom, box.top);
      }
    }
    return {
      tileTop: tile.top + window.scrollY,
      tileBottom: tile.bottom + window.scrollY,
      visibleBottom,
      viewportHeight: window.innerHeight,
    };
  });
  // The page's own deferred work first (the live-updates connection starts 3 s after the app): its long tasks are
  // reported apart, and the scroll measures the lobby alone.
  await page
    .waitForFunction((settleMs) => performance.now() - window.__tileShownAt > settleMs, SETTLE_AFTER_TILE_MS, { timeout: 30_000 })
    .catch(() => {});
  await page.waitForLoadState('networkidle');
  const settling = await page.evaluate(() => {
    const tasks = window.__longTasks.filter((t) => t.start >= window.__tileShownAt);
    return {
      ms: performance.now() - window.__tileShownAt,
      longTasks: tasks.length,
      longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
    };
  });
  // A full scroll through the list, driven by the page a fixed step each frame, so every run does the same work;
  // a frame is the time between two animation frames.
  const scroll = await page.evaluate(async (step) => {
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    window.scrollTo(0, 0);
    const frames = [];
    const started = performance.now();
    await new Promise((resolve) => {
      let last = 0;
      const tick = (now) => {
        if (last) frames.push(now - last);
        last = now;
        const end = document.documentElement.scrollHeight - window.innerHeight;
        if (window.scrollY >= end - 1) return resolve();
        window.scrollBy(0, step);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const duration = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 300));
    observer.disconnect();
    const tiles = document.querySelectorAll('[data-testid="game-tile"]');
    return {
      frames,
      longTasks,
      duration,
      distance: window.scrollY,
      lastTile: Number(tiles[tiles.length - 1]?.getAttribute('aria-posinset') ?? 0),
    };
  }, SCROLL_STEP);
  // Back at the top, the tiles there load their images: let that finish before the member types.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    window.__events = [];
  });
  const search = page.getByTestId('lobby-search');
  await search.click();
  await page.evaluate(() => {
    window.__events = [];
  });
  await search.pressSequentially('lucky dragon', { delay: 60 });
  await page.waitForTimeout(800);
  const searchEvents = await page.evaluate(() => window.__events);
  await search.fill('');
  await page.waitForTimeout(800);
  await page.evaluate(() => {
    window.__events = [];
  });
  await page.locator('[data-testid="lobby-brand"][data-code="PP"]').click();
  await page.getByTestId('game-tile').first().waitFor({ state: 'visible' });
  await page.waitForTimeout(1200);
  await page.locator('[data-testid="lobby-brand"][data-code="RSG"]').click();
  await page.waitForTimeout(1200);
  const brandEvents = await page.evaluate(() => window.__events);
  const shift = await page.evaluate(() => window.__shift);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  const events = [...searchEvents, ...brandEvents];
  const worstOf = (list) => list.reduce((max, e) => Math.max(max, e.duration), 0);
  if (process.env.BENCH_VERBOSE)
    for (const e of [...events].sort((a, b) => b.duration - a.duration).slice(0, 5))
      console.log(`  lobby event ${e.name} ${e.duration} ms`);
  // A fresh load of /slot: every script it needs counts, whether or not the login before it fetched the same file.
  const routeKib = routeScripts.reduce((sum, url) => sum + gzipBytesOf(url), 0) / 1024;
  const laterKib = laterScripts.reduce((sum, url) => sum + gzipBytesOf(url), 0) / 1024;
  if (process.env.BENCH_VERBOSE) {
    for (const url of routeScripts) console.log(`  lobby ${(gzipBytesOf(url) / 1024).toFixed(1).padStart(6)} KiB ${url}`);
    for (const url of laterScripts) console.log(`  lobby later ${(gzipBytesOf(url) / 1024).toFixed(1).padStart(6)} KiB ${url}`);
  }
  return {
    prefix,
    worst: worstOf(events),
    interactions: events.length,
    worstSearchEvent: worstOf(searchEvents),
    slowSearchEvents: searchEvents.filter((e) => e.duration > 50).length,
    searchEvents: searchEvents.length,
    worstBrandEvent: worstOf(brandEvents),
    domNodes,
    tilesRendered,
    imagesAtRest,
    shift,
    routeKib,
    laterKib,
    fold,
    settling,
    scroll: {
      step: SCROLL_STEP,
      frames: scroll.frames.length,
      durationMs: scroll.duration,
      distance: scroll.distance,
      lastTile: scroll.lastTile,
      medianFrame: percentile(scroll.frames, 0.5),
      p95Frame: percentile(scroll.frames, 0.95),
      worstFrame: Math.max(0, ...scroll.frames),
      framesOver50: scroll.frames.filter((f) => f > 50).length,
      longTasks: scroll.longTasks.length,
      longestTask: Math.max(0, ...scroll.longTasks),
      longTasksOver100: scroll.longTasks.filter((d) => d > 100).length,
    },
  };
}

/** MemberTrans frame received → toast visible, both stamped inside the page on its own clock. */
async function benchRealtime(browser, ports) {
  const hostOrigin = `http://localhost:${ports.host}`;
  const simOrigin = `http://localhost:${ports.sim}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__frames = [];
    window.__toasts = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        // Registered first, so it stamps the frame before the app's own listener runs.
        this.addEventListener('message', (event) => {
          if (typeof event.data === 'string' && event.data.includes('MemberTrans')) window.__frames.push(performance.now());
        });
      }
    };
    new MutationObserver(() => {
      const toast = document.querySelector('[data-testid="member-toast"]');
      if (toast && !toast.dataset.benchSeen) {
        toast.dataset.benchSeen = '1';
        window.__toasts.push(performance.now());
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await logIn(page, hostOrigin, 'pre8');
  await page.waitForTimeout(4000);
  for (let i = 0; i < 5; i += 1) {
    await page.request.post(`${simOrigin}/__sim/deposit`, { data: { prefix: 'pre8', phone: '0812345678', service: 'UFA', amount: 100 } });
    await page.getByTestId('member-toast').waitFor({ state: 'visible', timeout: 5000 });
    await page.waitForTimeout(5200);
  }
  const { frames, toasts } = await page.evaluate(() => ({ frames: window.__frames, toasts: window.__toasts }));
  await context.close();
  const samples = frames.map((f, i) => (toasts[i] ?? Number.NaN) - f).filter((v) => Number.isFinite(v));
  return { samples };
}
/** The brotli bytes of a served file (bench-phone.mjs reads the precompressed copies, as the servers send them). */
const brotliOf = (url) => brotliBytesOf(url, distByOrigin);

/**
 * /login in each theme (a site whose login the theme draws): the brotli bytes of every script the page asked for before
 * its form was rendered by the app (a page drawn in the HTML: until the app has taken it over; a page the server did
 * not draw: until the app shows the form), and how many requests beyond the host's own ran one after another before
 * the theme's login chunk started.
 */
async function benchLogin(browser, ports) {
  const rows = [];
  const timings = [];
  const sites = { PRE8: 'pre8', OSAKA39: 'os39', default: 'bkmc' };
  for (const { theme, pkg } of THEMES) {
    const prefix = sites[theme];
    if (!prefix) continue;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // The moment the app has the form, stamped in the page itself (no polling delay).
    await page.addInitScript(() => {
      const check = () => {
        const drawn = document.documentElement.hasAttribute('data-drawn-page');
        if (
          document.querySelector('[data-testid="login-submit"]') &&
          !drawn &&
          !document.querySelector('[data-boot-shell]') &&
          window.__formShownAt === undefined
        ) {
          window.__formShownAt = performance.now();
        }
      };
      new MutationObserver(check).observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-drawn-page'],
      });
    });
    // When the page *asked* for each file and when it had it: Resource Timing's startTime includes the wait for a
    // free connection (six per origin), which would make parallel preloads look sequential.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // A mobile round trip (40 ms) on every request: on bare localhost a response can finish before the next
    // preload of the same burst is even issued, which would count parallel requests as a chain.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: -1 });
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { name: e.request.url, startTime: e.timestamp * 1000 }));
    cdp.on('Network.loadingFinished', (e) => {
      const request = requests.get(e.requestId);
      if (request) request.responseEnd = e.timestamp * 1000;
    });
    const hostOrigin = `http://localhost:${ports.host}`;
    await page.goto(`${hostOrigin}/login?prefix=${prefix}`);
    // A member who starts typing (the drawn page's app starts then).
    await page.getByTestId('login-phone').click();
    await page.waitForFunction(() => window.__formShownAt !== undefined, null, { timeout: 60_000 });
    const shownAt = await page.evaluate(() => window.__formShownAt);
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd, initiatorType: e.initiatorType })),
    );
    const firstRender = entries.filter((e) => e.startTime <= shownAt && new URL(e.name).pathname.endsWith('.js')).map((e) => e.name);
    const chunks = loginChunks(pkg);
    // The page chunk proper; the blocks it shares with other pages come in a sibling chunk, loaded beside it.
    const loginEntries = entries.filter((e) => chunks.has(path.basename(new URL(e.name).pathname)));
    const chunk =
      loginEntries.find((e) => path.basename(new URL(e.name).pathname).startsWith('__federation_expose_pages__login')) ??
      loginEntries.reduce((first, e) => (first && first.startTime <= e.startTime ? first : e), undefined);
    const issued = [...requests.values()].filter((r) => r.responseEnd !== undefined);
    const asked = chunk ? issued.find((r) => r.name === chunk.name) : undefined;
    const depth = asked ? sequentialDepth(issued, hostOrigin, asked.startTime) : Number.NaN;
    const themed = (url) => new URL(url).origin !== hostOrigin || new URL(url).pathname.startsWith('/remotes/');
    const bytes = firstRender.reduce((sum, url) => sum + brotliOf(url), 0);
    const hostBytes = firstRender.filter((url) => !themed(url)).reduce((sum, url) => sum + brotliOf(url), 0);
    if (process.env.BENCH_VERBOSE)
      for (const url of firstRender) console.log(`  ${theme} ${(brotliOf(url) / 1024).toFixed(1).padStart(6)} KiB ${url}`);
    timings.push({ theme, shownAt });
    rows.push({
      theme,
      kib: bytes / 1024,
      hostKib: hostBytes / 1024,
      remoteKib: (bytes - hostBytes) / 1024,
      scripts: firstRender.length,
      depth,
    });
    await context.close();
  }
  return { rows, timings };
}

/**
 * The phone part's pages: the reference login page, /login in each theme, and a member's /slot and /profile in each
 * theme, cold and as a repeat visit. Each is held against the reference page's usable time by the goal beside it.
 */
function phoneTargets(hostOrigin, referenceUrl) {
  const reference = { id: 'reference' };
  const sites = [
    { prefix: 'pre8', theme: 'PRE8' },
    { prefix: 'os39', theme: 'OSAKA39' },
    { prefix: 'bkmc', theme: 'default' },
  ];
  const member = (page, ready, kind, goals) =>
    sites.flatMap(({ prefix, theme }) =>
      ['cold', 'repeat'].map((visit) => ({
        id: `${page}-${prefix}-${visit}`,
        label: `/${page} ${prefix} (${theme}), ${visit}`,
        url: `${hostOrigin}/${page}?prefix=${prefix}${page === 'slot' ? '&brand=RSG' : ''}`,
        ready,
        kind,
        member: prefix,
        repeat: visit === 'repeat',
        against: { ...reference, max: goals[visit] },
      })),
    );
  // The guest's forms: drawn ≤ 0.6× the reference's usable time, usable ≤ 0.8× (a digit typed the moment the form
  // shows is shown, still there once the app has the page, and sent with the form).
  const login = {
    api: /^\/api\/phoneLogin$/,
    phone: '0812345678',
    fields: [['[data-testid="login-password"]', 'demo1234']],
    button: '[data-testid="login-submit"]',
  };
  const register = () => {
    const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    return {
      api: /^\/api\/registerStep1$/,
      phone,
      fields: [
        ['[data-testid="register-password"]', 'demo1234'],
        ['[data-testid="register-confirm"]', 'demo1234'],
      ],
      button: '[data-testid="register-submit"]',
    };
  };
  const form = (page, prefix, theme, submit, ready) => ({
    id: `${page}-${prefix}`,
    label: `/${page} ${prefix} (${theme}), cold`,
    url: `${hostOrigin}/${page}?prefix=${prefix}`,
    ready,
    kind: 'form',
    get submit() {
      return typeof submit === 'function' ? submit() : submit;
    },
    against: { ...reference, max: 0.8, formMax: 0.6 },
  });
  return [
    {
      id: 'reference',
      label: 'reference login (pre8 logo)',
      url: `${referenceUrl}/?prefix=pre8`,
      ready: 'input[name="phone"]',
      kind: 'form',
    },
    ...sites.map(({ prefix, theme }) => form('login', prefix, theme, login, '[data-testid="login-phone"]')),
    // Registration in each theme: bkmc registers nobody, so the default theme's is ufkk's.
    ...[...sites.slice(0, 2), { prefix: 'ufkk', theme: 'default' }].map(({ prefix, theme }) =>
      form('register', prefix, theme, register, '[data-testid="register-phone"]'),
    ),
    ...member('slot', '[data-testid="game-tile"]', 'tile', { cold: 1.3, repeat: 0.6 }),
    ...member('profile', '[data-testid="game-balance"]', 'balance', { cold: 1.1, repeat: 0.5 }),
  ];
}

/** How far the scale part's second demo moves its ports from the first's. */
const SCALE_PORT_OFFSET = 50;
/** How long the scale part waits for the second demo to draw its brands' pages before it measures. */
const SCALE_DRAWING_WAIT_MS = 600_000;
/** The 300th brand's cold /login may take this much longer than the five-brand demo's pre8 at most. */
const SCALE_GOAL = 1.05;

/**
 * The `scale` part: a second demo serving 300 brands and 20 themes (the same builds, the same simulator), and the last
 * brand's cold /login on the phone profile beside pre8's in the five-brand demo, round after round.
 */
async function benchScale(browser, ports) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'member-bench-scale-'));
  const template = JSON.parse(readFileSync(path.join(WORKSPACE_ROOT, 'host', 'public', 'config.json'), 'utf8'));
  const workspaceSites = JSON.parse(readFileSync(path.join(WORKSPACE_ROOT, 'sites.json'), 'utf8'));
  // The themes beyond the workspace's are signed by the default theme's key; the workspace's get theirs from the demo.
  const scaled = await scaledDeployment({
    config: { ...template, remoteKeys: { default: acceptedKeys(path.join(WORKSPACE_ROOT, 'remote-default')) } },
    sites: workspaceSites,
  });
  const configFile = path.join(dir, 'config.json');
  const sitesFile = path.join(dir, 'sites.json');
  writeFileSync(configFile, JSON.stringify(scaled.config, null, 2));
  writeFileSync(sitesFile, JSON.stringify(scaled.sites, null, 2));
  const moved = Object.fromEntries(
    Object.entries(ports).map(([id, port]) => [id, ['sim', 'simAuth'].includes(id) ? port : port + SCALE_PORT_OFFSET]),
  );
  let second;
  try {
    // The demo server draws every brand's pages in the background once it starts (thousands here, minutes of CPU on
    // two cores), where a deployment has drawn them before it serves (the include script). Measured while that runs, the
    // page would share the machine with the drawing: the rounds start once it is done.
    let drawnAll;
    const allDrawn = new Promise((resolve) => (drawnAll = resolve));
    const watch = (line) => {
      if (/drawing: \d+ pages drawn/.test(line)) drawnAll(line.replace(/^\[host\] /, ''));
    };
    second = await startAll({ log: watch, logError: watch, apiSameOrigin: true, sim: false, ports: moved, configFile, sitesFile });
    const five = `http://localhost:${ports.host}`;
    const many = `http://localhost:${moved.host}`;
    console.info(
      `scale: ${scaled.sites.sites.length} brands, ${Object.keys(scaled.config.remotes).length} themes at ${many}; sites.json ${(readFileSync(sitesFile).length / 1024).toFixed(0)} KiB; waiting for its pages to be drawn`,
    );
    const drawnLine = await Promise.race([allDrawn, new Promise((resolve) => setTimeout(resolve, SCALE_DRAWING_WAIT_MS, null))]);
    console.info(
      drawnLine ? `scale: ${drawnLine}` : `scale: pages still being drawn after ${SCALE_DRAWING_WAIT_MS / 1000} s; measuring anyway`,
    );
    return await benchPhone({
      browser,
      targets: [
        {
          id: 'scale-five',
          label: '/login pre8, 5 brands 3 themes',
          url: `${five}/login?prefix=pre8`,
          ready: '[data-testid="login-phone"]',
          kind: 'form',
        },
        {
          id: 'scale-300',
          label: `/login ${scaled.last}, 300 brands 20 themes`,
          url: `${many}/login?prefix=${scaled.last}`,
          ready: '[data-testid="login-phone"]',
          kind: 'form',
          against: { id: 'scale-five', max: SCALE_GOAL },
        },
      ],
      runs: args.runs,
      distByOrigin: new Map([
        ...distByOrigin,
        [many, dists.host],
        ...themeRemotes().map(({ id }) => [`http://localhost:${moved[id]}`, dists[id]]),
      ]),
      log: (line) => console.info(line),
    });
  } finally {
    await second?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, loadavg: os.loadavg() }, parts: args.parts };
let login;
try {
  if (wants('login')) login = await benchLogin(browser, ports);
  if (wants('lobby')) lobby = await benchLobby(browser, ports);
  if (wants('realtime')) realtime = await benchRealtime(browser, ports);
  if (wants('phone')) {
    // The same single-bundle reference page as Lighthouse's, loaded the same way, for scale.
    const referenceDir = mkdtempSync(path.join(os.tmpdir(), 'member-bench-reference-'));
    let reference;
    try {
      console.info('phone: building the reference login page');
      await buildReference(referenceDir);
      reference = await createStaticServer({ root: referenceDir, port: 0, spaFallback: true });
      const hostOrigin = `http://localhost:${ports.host}`;
      results.phone = await benchPhone({
        browser,
        // --pages picks some of them too (the reference is always loaded, for scale).
        targets: phoneTargets(hostOrigin, reference.url).filter(
          (t) => !args.pages || t.id === 'reference' || args.pages.some((id) => t.id.startsWith(id)),
        ),
        runs: args.runs,
        distByOrigin: new Map([...distByOrigin, [new URL(reference.url).origin, referenceDir]]),
        log: (line) => console.info(line),
      });
    } finally {
      await reference?.close();
      rmSync(referenceDir, { recursive: true, force: true });
    }
  }
  if (wants('scale')) results.scale = await benchScale(browser, ports);
  if (wants('lighthouse')) {
    results.lighthouse = await benchLighthouse({
      ports,
      runs: args.runs,
      only: args.pages,
      reportsDir: args.reports,
      playwright: chromium,
      log: (line) => console.info(line),
    });
  }
} finally {
  await browser.close();
  await running.stop();
}
results.machine.loadavgAfter = os.loadavg();
results.login = login;
results.lobby = lobby;
results.realtime = realtime;

if (login) {
  for (const t of login.timings)
    console.log(
      `${t.theme}: the app had the form ${t.shownAt.toFixed(0)} ms after navigation start (localhost with a 40 ms round trip, CPU unthrottled)`,
    );
}

if (lobby) {
  const { scroll, fold } = lobby;
  console.log(`\n/slot ${lobby.prefix}, 500 games, 4x CPU throttling, 390×844`);
  console.log(
    `  first tile: y ${fold.tileTop.toFixed(0)}-${fold.tileBottom.toFixed(0)} px; visible area ends at ${fold.visibleBottom.toFixed(0)} px (${fold.tileBottom <= fold.visibleBottom ? 'first row above the fold' : 'BELOW the fold'})`,
  );
  console.log(
    `  full scroll (${scroll.step} px a frame, ${(scroll.distance / 1000).toFixed(1)} k px, down to tile ${scroll.lastTile}): ${scroll.frames} frames in ${(scroll.durationMs / 1000).toFixed(1)} s, median ${scroll.medianFrame.toFixed(0)} ms, p95 ${scroll.p95Frame.toFixed(0)} ms (budget 50 ms), worst ${scroll.worstFrame.toFixed(0)} ms, ${scroll.framesOver50} over 50 ms`,
  );
  console.log(
    `  long tasks during the scroll: ${scroll.longTasks}, longest ${scroll.longestTask.toFixed(0)} ms (budget 100 ms), ${scroll.longTasksOver100} over 100 ms`,
  );
  console.log(
    `  before it, while the page settled (${(lobby.settling.ms / 1000).toFixed(1)} s from the first tile, the live-updates connection included): ${lobby.settling.longTasks} long tasks, longest ${lobby.settling.longestTask.toFixed(0)} ms`,
  );
  console.log(
    `  search, typing "lucky dragon": worst event ${lobby.worstSearchEvent.toFixed(0)} ms (budget 50 ms), ${lobby.slowSearchEvents} of ${lobby.searchEvents} events over 16 ms are over 50 ms`,
  );
  console.log(
    `  brand switch: worst event ${lobby.worstBrandEvent.toFixed(0)} ms; worst of all ${lobby.worst.toFixed(0)} ms over ${lobby.interactions} slow events (budget 100 ms)`,
  );
  console.log(`  DOM nodes in the page: ${lobby.domNodes} (budget 800); tiles rendered: ${lobby.tilesRendered} of 500`);
  console.log(`  game images fetched at rest: ${lobby.imagesAtRest} (only tiles near the viewport)`);
  console.log(`  layout shift: ${lobby.shift.toFixed(3)}`);
  console.log(`  lobby route JS, asked for before the first tile showed (gzip): ${lobby.routeKib.toFixed(1)} KiB (budget 200 KiB)`);
  console.log(`  JS fetched after that, while the page was in use (gzip): ${lobby.laterKib.toFixed(1)} KiB`);
}
if (realtime) {
  const s = realtime.samples.sort((a, b) => a - b);
  console.log('\nMemberTrans frame received → toast visible');
  console.log(
    s.length
      ? `  ${s.map((v) => v.toFixed(0)).join(', ')} ms (median ${s[Math.floor(s.length / 2)].toFixed(0)} ms, budget 100 ms)`
      : '  no sample (no frame seen)',
  );
}
if (login) {
  console.log('\n/login first render (brotli bytes of every script requested before the app had the form)');
  console.log('theme     total KiB  host KiB  remote KiB  scripts  sequential before page chunk');
  for (const r of login.rows) {
    const okBytes = r.kib <= BUDGET_LOGIN_KIB ? 'ok' : 'OVER';
    const okDepth = r.depth <= BUDGET_SEQUENTIAL ? 'ok' : 'OVER';
    console.log(
      `${r.theme.padEnd(9)} ${r.kib.toFixed(1).padStart(9)}  ${r.hostKib.toFixed(1).padStart(8)}  ${r.remoteKib.toFixed(1).padStart(10)}  ${String(r.scripts).padStart(7)}  ${String(r.depth).padStart(3)} (${okDepth}; bytes ${okBytes}, budget ${BUDGET_LOGIN_KIB} KiB / ${BUDGET_SEQUENTIAL})`,
    );
  }
}
if (results.phone) console.log(formatPhoneTable(results.phone));
if (results.scale)
  console.log(
    formatPhoneTable(results.scale).replace(
      '\nPages loaded',
      '\nScale: the 300th brand of 20 themes beside the five-brand demo; pages loaded',
    ),
  );
if (results.lighthouse) console.log(formatLighthouseTable(results.lighthouse));
const [load1] = results.machine.loadavg;
console.log(
  `\nLoad average ${load1.toFixed(1)} at the start, ${results.machine.loadavgAfter[0].toFixed(1)} at the end, on ${results.machine.cpus} CPUs: absolute figures on a busy machine run high; compare pages within one run.`,
);
writeFileSync(
  args.json,
  `${JSON.stringify(results, (key, value) => (typeof value === 'number' && !Number.isFinite(value) ? null : value), 2)}\n`,
);
console.log(`Figures written to ${path.relative(process.cwd(), args.json) || args.json}`);
