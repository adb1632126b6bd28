// `npm run bench`: prints the figures the budgets are about. Not part of `npm test`.
//
// For each theme: the gzip bytes of every script needed before /login first renders (host, remote,
// shared), and how many requests beyond the host's own run one after another before the theme's
// login chunk starts. Needs production builds (npm run build) and Chromium.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureInstall } from './ensure-install.mjs';
import { startAll, WORKSPACE_ROOT } from './serve.mjs';

const BUDGET_LOGIN_KIB = 160;
const BUDGET_SEQUENTIAL = 1;
const THEMES = [
  { theme: 'default', pkg: 'remote-default' },
  { theme: 'PRE8', pkg: 'remote-pre8' },
  { theme: 'OSAKA39', pkg: 'remote-osaka39' },
];

await ensureInstall();
const require = createRequire(path.join(WORKSPACE_ROOT, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');

const running = await startAll({ log: () => {} });
const { ports } = running;
const distByOrigin = new Map([
  [`http://localhost:${ports.host}`, path.join(WORKSPACE_ROOT, 'host', 'dist')],
  [`http://localhost:${ports.remoteDefault}`, path.join(WORKSPACE_ROOT, 'remote-default', 'dist')],
  [`http://localhost:${ports.remotePre8}`, path.join(WORKSPACE_ROOT, 'remote-pre8', 'dist')],
  [`http://localhost:${ports.remoteOsaka39}`, path.join(WORKSPACE_ROOT, 'remote-osaka39', 'dist')],
]);

function gzipBytesOf(url) {
  const { origin, pathname } = new URL(url);
  const dir = distByOrigin.get(origin);
  if (!dir) return 0;
  const file = path.join(dir, decodeURIComponent(pathname));
  if (!existsSync(file) || !statSync(file).isFile()) return 0;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function loginChunks(pkg) {
  const manifest = JSON.parse(readFileSync(path.join(WORKSPACE_ROOT, pkg, 'dist', 'mf-manifest.json'), 'utf8'));
  const expose = manifest.exposes.find((e) => e.path === './pages/login');
  return new Set([...(expose?.assets?.js?.sync ?? []), ...(expose?.assets?.js?.async ?? [])].map((f) => path.basename(f)));
}

/** Longest run of non-host requests, each starting after the previous ended, that finished before `until`. */
function sequentialDepth(entries, hostOrigin, until) {
  const candidates = entries
    .filter((e) => !e.name.startsWith(hostOrigin) && e.responseEnd <= until)
    .sort((a, b) => a.startTime - b.startTime);
  const depth = new Map();
  let best = 0;
  for (const entry of candidates) {
    let d = 1;
    for (const before of candidates) {
      if (before.responseEnd <= entry.startTime && depth.has(before.name)) d = Math.max(d, depth.get(before.name) + 1);
    }
    depth.set(entry.name, d);
    best = Math.max(best, d);
  }
  return best;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
const timings = [];
try {
  for (const { theme, pkg } of THEMES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // The moment the form enters the DOM, stamped in the page itself (no polling delay).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="login-submit"]')) {
          window.__formShownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const hostOrigin = `http://localhost:${ports.host}`;
    await page.goto(`${hostOrigin}/login/theme/${theme}?prefix=bkmc`);
    await page.getByTestId('login-submit').waitFor({ state: 'visible' });
    const shownAt = await page.evaluate(() => window.__formShownAt);
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd, initiatorType: e.initiatorType })),
    );
    const firstRender = entries
      .filter((e) => e.startTime <= shownAt && (e.initiatorType === 'script' || e.initiatorType === 'link' || e.name.endsWith('.js')) && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => e.name);
    const chunks = loginChunks(pkg);
    const chunk = entries.find((e) => chunks.has(path.basename(new URL(e.name).pathname)));
    const depth = chunk ? sequentialDepth(entries, hostOrigin, chunk.startTime) : Number.NaN;
    if (process.env.BENCH_VERBOSE && chunk) {
      for (const e of entries.filter((x) => !x.name.startsWith(hostOrigin) && x.startTime <= chunk.startTime)) {
        console.log(`  ${theme} chain ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ${e.name}`);
      }
    }
    const bytes = firstRender.reduce((sum, url) => sum + gzipBytesOf(url), 0);
    const hostBytes = firstRender.filter((u) => u.startsWith(hostOrigin)).reduce((sum, url) => sum + gzipBytesOf(url), 0);
    if (process.env.BENCH_VERBOSE) for (const url of firstRender) console.log(`  ${theme} ${(gzipBytesOf(url) / 1024).toFixed(1).padStart(6)} KiB ${url}`);
    timings.push({ theme, shownAt });
    rows.push({ theme, kib: bytes / 1024, hostKib: hostBytes / 1024, remoteKib: (bytes - hostBytes) / 1024, scripts: firstRender.length, depth });
    await context.close();
  }
} finally {
  await browser.close();
  await running.stop();
}

for (const t of timings) console.log(`${t.theme}: form in the DOM ${t.shownAt.toFixed(0)} ms after navigation start (unthrottled, localhost)`);
console.log('\n/login first render (gzip -9 bytes of every script requested before the form shows)');
console.log('theme     total KiB  host KiB  remote KiB  scripts  sequential before page chunk');
for (const r of rows) {
  const okBytes = r.kib <= BUDGET_LOGIN_KIB ? 'ok' : 'OVER';
  const okDepth = r.depth <= BUDGET_SEQUENTIAL ? 'ok' : 'OVER';
  console.log(
    `${r.theme.padEnd(9)} ${r.kib.toFixed(1).padStart(9)}  ${r.hostKib.toFixed(1).padStart(8)}  ${r.remoteKib.toFixed(1).padStart(10)}  ${String(r.scripts).padStart(7)}  ${String(r.depth).padStart(3)} (${okDepth}; bytes ${okBytes}, budget ${BUDGET_LOGIN_KIB} KiB / ${BUDGET_SEQUENTIAL})`,
  );
}
