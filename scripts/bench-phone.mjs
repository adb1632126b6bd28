// The `phone` part of `npm run bench`: /login (and a member's /slot) loaded for real, not simulated, on a throttled phone profile, the same
// figures Lighthouse simulates (150 ms round trip, 1.6 Mbps down, 750 kbps up, 4x CPU), applied by Chromium itself
// through the DevTools protocol, with the cache off. It tells what Lighthouse's simulation cannot: when the member
// sees the brand, when the login form (or the lobby's first games) is there to use, and what each change trades.
// Also the whole route's JavaScript: the brotli size of every script the page fetched until the network had been still
// for five seconds.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { median } from './bench-lighthouse.mjs';

export const PHONE = { latencyMs: 150, downKbps: 1638.4, upKbps: 750, cpuSlowdown: 4 };
/** How long the network must stay still for the route to count as loaded (Lighthouse waits for 5 s of quiet too). */
const QUIET_MS = 5000;

/** The brotli bytes of a served file, from the precompressed copy beside it (what the servers send). */
export function brotliBytesOf(url, distByOrigin) {
  const { origin, pathname } = new URL(url);
  const dir = distByOrigin.get(origin);
  if (!dir) return 0;
  const file = path.join(dir, decodeURIComponent(pathname));
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return existsSync(file) && statSync(file).isFile() ? readFileSync(file).length : 0;
}

const MEMBER = { phone: '0812345678', password: 'demo1234' };

/** Logs the demo member in on this context at full speed, so the measured load is a member's. */
async function logIn(context, hostOrigin, prefix) {
  const page = await context.newPage();
  try {
    await page.goto(`${hostOrigin}/login?prefix=${prefix}`);
    await page.getByTestId('login-phone').fill(MEMBER.phone);
    await page.getByTestId('login-password').fill(MEMBER.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/profile/, { timeout: 30_000 });
  } finally {
    await page.close();
  }
}

async function oneLoad(browser, { url, ready, member }, distByOrigin) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    if (member) await logIn(context, new URL(url).origin, member);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: (PHONE.downKbps * 1024) / 8,
      uploadThroughput: (PHONE.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await page.addInitScript(() => {
      const t = {};
      window.__phoneBench = t;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') t.fcp ??= e.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.identifier === 'brand-shell-logo') t.brand ??= e.renderTime || e.startTime;
      }).observe({ type: 'element', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) t.lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver(() => {
        if (t.form === undefined && document.querySelector(window.__phoneBenchReady)) t.form = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.addInitScript((selector) => {
      window.__phoneBenchReady = selector;
    }, ready);
    // Requests in flight and the moment of the last one: the route is over once nothing has moved for QUIET_MS
    // (what the page fetches a little after its form, like the prefix check's API client, belongs to it).
    let inFlight = 0;
    let lastActivity = Date.now();
    const moved = (delta) => () => {
      inFlight += delta;
      lastActivity = Date.now();
    };
    page.on('request', moved(1));
    page.on('requestfinished', moved(-1));
    page.on('requestfailed', moved(-1));
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__phoneBench.form !== undefined, null, { timeout: 60_000 });
    const deadline = Date.now() + 60_000;
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`phone bench: ${url} never went quiet`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const figures = await page.evaluate(() => ({
      ...window.__phoneBench,
      scripts: performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js')).map((e) => e.name),
    }));
    const routeKib = figures.scripts.reduce((sum, script) => sum + brotliBytesOf(script, distByOrigin), 0) / 1024;
    return { fcp: figures.fcp, brand: figures.brand, lcp: figures.lcp, form: figures.form, routeKib, scripts: figures.scripts.length };
  } finally {
    await context.close();
  }
}

/**
 * `runs` loads of each target (`{ id, label, url }`), interleaved, medians reported.
 * @returns {Promise<{ profile: typeof PHONE, rows: object[] }>}
 */
export async function benchPhone({ browser, targets, runs = 3, distByOrigin, log = () => {} }) {
  const samples = Object.fromEntries(targets.map((t) => [t.id, []]));
  for (let round = 1; round <= runs; round += 1) {
    for (const target of targets) {
      const sample = await oneLoad(browser, target, distByOrigin);
      samples[target.id].push(sample);
      log(`phone: round ${round}/${runs} ${target.label}: first paint ${ms(sample.fcp)}, brand ${ms(sample.brand)}, LCP ${ms(sample.lcp)}, form ${ms(sample.form)}`);
    }
  }
  const rows = targets.map((target) => {
    const of = (key) => median(samples[target.id].map((s) => s[key]));
    return { id: target.id, label: target.label, fcp: of('fcp'), brand: of('brand'), lcp: of('lcp'), form: of('form'), routeKib: of('routeKib'), scripts: of('scripts'), runs: samples[target.id] };
  });
  return { profile: PHONE, rows };
}

function ms(value) {
  return Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '-';
}

export const ROUTE_JS_BUDGET_KIB = 150;

export function formatPhoneTable(result) {
  const { profile } = result;
  const lines = [
    `\nPages loaded on a throttled phone profile (${profile.latencyMs} ms round trip, ${(profile.downKbps / 1024).toFixed(1)} Mbps, ${profile.cpuSlowdown}x CPU, applied by Chromium), medians`,
    'page                         first paint  brand painted  LCP      ready (form, tiles)  route JS (brotli, until 5 s quiet)',
  ];
  for (const r of result.rows) {
    const goal = r.id.startsWith('login-') ? ` (goal ${ROUTE_JS_BUDGET_KIB})` : '';
    lines.push(
      `${r.label.padEnd(28)} ${ms(r.fcp).padStart(11)}  ${ms(r.brand).padStart(13)}  ${ms(r.lcp).padStart(7)}  ${ms(r.form).padStart(18)}  ${r.routeKib.toFixed(1).padStart(6)} KiB in ${r.scripts} scripts${goal}`,
    );
  }
  return lines.join('\n');
}
