// The `phone` part of `npm run bench`: pages loaded for real, not simulated, on a throttled phone profile, the same
// figures Lighthouse simulates (150 ms round trip, 1.6 Mbps down, 750 kbps up, 4x CPU), applied by Chromium itself
// through the DevTools protocol. It tells what Lighthouse's simulation cannot: when the member can use the page.
//
// What "usable" means per page:
// - a login page: the form is visible (no brand shell over it) and a digit typed into the phone field the moment the
//   form appeared is shown (the key waits for the main thread, so a page still busy booting answers it late);
// - a lobby: the first game tile's image is painted (Element Timing's render time, the clock LCP reads); the moment a
//   frame and a timer have passed after the image's load, late by whatever the main thread runs after that frame, is
//   printed beside it and kept in the JSON (afterFrame);
// - the profile: the first game balance shows an amount.
// On a page drawn in the HTML, each load also says when the app took it over (the drawn page's mark left <html>).
// Each page is loaded cold (the HTTP cache off, nothing of the site on the device but the member's cookies) and, for
// members' pages, as a repeat visit (the same page opened once before in the same browser profile, cache on).
// Also: the whole route's JavaScript (brotli size of every script the page fetched until the network had been still
// for five seconds), and the API calls before the page was usable: how many ran one after another (round trips) and
// how many CORS preflights they paid.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { median } from './bench-lighthouse.mjs';

export const PHONE = { latencyMs: 150, downKbps: 1638.4, upKbps: 750, cpuSlowdown: 4 };
/** How long the network must stay still for the route to count as loaded (Lighthouse waits for 5 s of quiet too). */
const QUIET_MS = 5000;

/**
 * The brotli bytes of a served file, from the precompressed copy beside it (what the servers send). A theme's file under
 * the host's origin (`/remotes/{theme}/…`) is read from that theme's folder (`distByOrigin`'s `/remotes/{theme}` key).
 */
export function brotliBytesOf(url, distByOrigin) {
  const { origin, pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)(\/.*)$/.exec(pathname);
  const dir = remote ? distByOrigin.get(`/remotes/${remote[1]}`) : distByOrigin.get(origin);
  if (!dir) return 0;
  const file = path.join(dir, decodeURIComponent(remote ? remote[2] : pathname));
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return existsSync(file) && statSync(file).isFile() ? readFileSync(file).length : 0;
}

/**
 * The longest run of calls, each starting after the one before it had its answer. A call that has not been answered
 * by `until` counts as not gating anything.
 * @param {{ id: string, start: number, end: number }[]} calls
 */
export function sequentialRoundTrips(calls, until) {
  const done = calls.filter((c) => c.end <= until).sort((a, b) => a.start - b.start);
  const depth = new Map();
  let best = 0;
  for (const call of done) {
    let d = 1;
    for (const before of done) if (before.end <= call.start && depth.has(before.id)) d = Math.max(d, depth.get(before.id) + 1);
    depth.set(call.id, d);
    best = Math.max(best, d);
  }
  return best;
}

const MEMBER = { phone: '0812345678', password: 'demo1234' };

/**
 * Logs the demo member in on this context at full speed, so the measured load is a member's. With `forget`, what the
 * login's own pages kept on the device (lists, balances) goes again: a cold visit has the member's cookies and nothing else.
 */
async function logIn(context, hostOrigin, prefix, { forget = false } = {}) {
  const page = await context.newPage();
  try {
    await page.goto(`${hostOrigin}/login?prefix=${prefix}`);
    await page.getByTestId('login-phone').fill(MEMBER.phone);
    await page.getByTestId('login-password').fill(MEMBER.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/profile/, { timeout: 30_000 });
    if (forget) await page.waitForLoadState('networkidle');
  } finally {
    await page.close();
  }
  if (!forget) return;
  // Once the login's page is gone: a provider's answer it was still waiting for (a settle pause asks nothing of the
  // network) would otherwise keep a balance after the storage was cleared, and a cold visit would find it.
  const blank = await context.newPage();
  try {
    const cdp = await context.newCDPSession(blank);
    await cdp.send('Storage.clearDataForOrigin', { origin: hostOrigin, storageTypes: 'local_storage' });
  } finally {
    await blank.close();
  }
}

/** Runs in the page before anything else: records paints and the moment the page became usable (see the top). */
function recorder({ ready, kind }) {
  const t = { kind };
  window.__phoneBench = t;
  const now = () => performance.now();
  // A frame after the change: what is in the DOM then has been painted.
  const afterFrame = (key) => requestAnimationFrame(() => setTimeout(() => (t[key] ??= now()), 0));
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') t.fcp ??= e.startTime;
  }).observe({ type: 'paint', buffered: true });
  // The first tile's image as the browser painted it (Element Timing, the clock LCP reads): a member sees it then,
  // however long the main thread stays busy after that frame.
  const FIRST_TILE = 'bench-first-tile';
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.identifier === 'brand-shell-logo') t.brand ??= e.renderTime || e.startTime;
      if (e.identifier === FIRST_TILE && e.renderTime > 0) t.tilePainted ??= e.renderTime;
    }
  }).observe({ type: 'element', buffered: true });
  // The largest paint, and what it was of (the page itself, not a shell or a spinner).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      t.lcp = e.startTime;
      const el = e.element;
      t.lcpElement = el
        ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/)[0]}` : ''}${el.closest('[data-boot-shell]') ? ' (brand shell)' : ''}`
        : 'text';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // Layout shift the member did not cause, as CLS counts it (the page's whole life here: the bench's loads are short).
  t.cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) t.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  // Whether an element has a box is read from an intersection observer, which the browser feeds from the layout it
  // does for a frame anyway. Reading a box from a mutation's callback would lay the page out there and then: mid-parse
  // on a page that comes drawn in the HTML (a layout of the part read so far, and another once the rest is in), which
  // a member's browser never does. The margin counts a box below the fold too, as a box's size does.
  const boxed = new WeakSet();
  const watched = new WeakSet();
  const boxes = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting && e.boundingClientRect.width > 0 && e.boundingClientRect.height > 0) boxed.add(e.target);
        else boxed.delete(e.target);
      }
      // Reported after the frame that laid the page out and painted it.
      check(true);
    },
    { rootMargin: '100000px' },
  );
  const visible = (el) => {
    if (!watched.has(el)) {
      watched.add(el);
      boxes.observe(el);
    }
    return boxed.has(el) && !document.querySelector('[data-boot-shell]');
  };
  let watchedImage = null;
  // The moments already on their way: once one is, the page is left alone.
  const pending = new Set();
  const note = (key, painted) => {
    pending.add(key);
    if (painted) t[key] ??= now();
    else afterFrame(key);
  };
  const check = (painted = false) => {
    if (pending.has(kind === 'form' ? 'form' : 'ready')) return;
    const el = document.querySelector(ready);
    if (!el) return;
    if (kind === 'tile') {
      const image = el.querySelector('img');
      // Marked as it enters the page, before any frame could paint it: the browser then reports when it painted it.
      if (image && !image.hasAttribute('elementtiming')) image.setAttribute('elementtiming', FIRST_TILE);
      if (!image || image === watchedImage || !visible(el)) return;
      watchedImage = image;
      if (image.complete && image.naturalWidth > 0) note('ready');
      else image.addEventListener('load', () => note('ready'), { once: true });
      return;
    }
    if (!visible(el)) return;
    // A form once painted: a page drawn in the HTML has its form in the DOM before its stylesheet lets it show.
    if (kind === 'form') note('form', painted);
    else if (kind === 'balance' && /\d/.test(el.textContent || '')) note('ready', painted);
  };
  // A page drawn in the HTML: when the app took it over (the drawn page's mark leaves <html>, which the parser makes
  // after this runs).
  let drawn = false;
  const takenOver = () => {
    if (document.documentElement?.hasAttribute('data-drawn-page')) drawn = true;
    else if (drawn) t.takenOver ??= now();
  };
  // One observer for both, so the measured page runs no more than it must.
  new MutationObserver(() => {
    takenOver();
    check();
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-drawn-page'] });
  document.addEventListener(
    'input',
    (event) => {
      if (kind === 'form' && event.target instanceof Element && event.target.matches(ready) && /\d/.test(event.target.value))
        afterFrame('ready');
    },
    true,
  );
}

/**
 * The phone's network and CPU for the page's service worker too. On a repeat visit the worker answers for the page:
 * what it fetches (the page, the run-time files, a chunk it has not stored) goes out from the worker's own target,
 * which the page's emulation does not cover, so the visit would be measured on the machine's network. Returns how
 * many workers were slowed.
 */
async function throttleServiceWorkers(browser) {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const workers = targetInfos.filter((target) => target.type === 'service_worker');
  let id = 0;
  for (const worker of workers) {
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    const commands = [
      ['Network.enable', {}],
      [
        'Network.emulateNetworkConditions',
        {
          offline: false,
          latency: PHONE.latencyMs,
          downloadThroughput: (PHONE.downKbps * 1024) / 8,
          uploadThroughput: (PHONE.upKbps * 1024) / 8,
        },
      ],
      ['Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown }],
    ];
    for (const [method, params] of commands) {
      id += 1;
      await session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    }
  }
  return workers.length;
}

async function oneLoad(browser, { url, ready, kind, member, repeat, submit }, distByOrigin) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (member) await logIn(context, new URL(url).origin, member, { forget: !repeat });
    if (repeat) {
      // The visit before: the same page at full speed, left until the network is still (its idle loads done).
      const before = await context.newPage();
      await before.goto(url);
      await before.locator(ready).first().waitFor({ timeout: 30_000 });
      await before.waitForLoadState('networkidle');
      await before.waitForTimeout(1500);
      await before.close();
      await throttleServiceWorkers(browser);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: !repeat });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: (PHONE.downKbps * 1024) / 8,
      uploadThroughput: (PHONE.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    // Every request as the network saw it, preflights included (they have their own entries, type "Preflight").
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!requests.has(e.requestId))
        requests.set(e.requestId, {
          id: e.requestId,
          url: e.request.url,
          method: e.request.method,
          type: e.type,
          start: e.timestamp,
          end: Infinity,
        });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.end = e.timestamp;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.end = e.timestamp;
    });
    await page.addInitScript(recorder, { ready, kind });
    // Requests in flight and the moment of the last one: the route is over once nothing has moved for QUIET_MS.
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
    let kept = null;
    let submitted = null;
    if (kind === 'form') {
      // A digit typed the moment the form shows: answered once the main thread lets it through.
      await page.waitForFunction(() => window.__phoneBench.form !== undefined, null, { timeout: 60_000, polling: 'raf' });
      await page.locator(ready).first().press('0');
    }
    await page.waitForFunction(() => window.__phoneBench.ready !== undefined, null, { timeout: 60_000 });
    if (kind === 'form' && submit) {
      // Usable means more than shown: the digit is still there once the app has the page (sent with the form below).
      await page.waitForFunction(
        () => !document.documentElement.hasAttribute('data-drawn-page') && !document.querySelector('[data-boot-shell]'),
        null,
        { timeout: 60_000 },
      );
      kept = (await page.locator(ready).first().inputValue()).replace(/\D/g, '').startsWith('0');
    }
    // The route: everything it loads until the network has been still for QUIET_MS (before a form is sent, which loads
    // the next page's).
    const deadline = Date.now() + 60_000;
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`phone bench: ${url} never went quiet`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const figures = await page.evaluate(() => ({
      ...window.__phoneBench,
      // The page's clock and the network's, tied together at the navigation's start.
      origin: performance.timeOrigin,
      // Where the page's own time went before it painted: its answer, its parse, its DOMContentLoaded (ms).
      navigation: (() => {
        const entry = performance.getEntriesByType('navigation')[0];
        return entry
          ? {
              response: entry.responseStart,
              loaded: entry.responseEnd,
              interactive: entry.domInteractive,
              contentLoaded: entry.domContentLoadedEventEnd,
            }
          : null;
      })(),
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => e.name),
    }));
    if (kind === 'form' && submit) {
      const field = page.locator(ready).first();
      const sent = page
        .waitForRequest((request) => submit.api.test(new URL(request.url()).pathname), { timeout: 60_000 })
        .then(
          () => true,
          () => false,
        );
      await field.pressSequentially(submit.phone.slice(1));
      for (const [selector, value] of submit.fields) await page.locator(selector).first().fill(value);
      await page.locator(submit.button).first().click();
      submitted = await sent;
    }
    const all = [...requests.values()];
    const navigation = all.find((r) => r.type === 'Document');
    const t0 = navigation ? navigation.start : 0;
    // Network times are seconds on a monotonic clock; the page's are ms from the navigation's start.
    // A lobby is usable once its first tile's image is painted; the moment a frame and a timer had passed after its load
    // (late by whatever the main thread ran after that frame) is kept beside it.
    const usable = kind === 'tile' && figures.tilePainted !== undefined ? figures.tilePainted : figures.ready;
    const readyAt = t0 + usable / 1000;
    const api = all.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
    const calls = api.filter((r) => r.type !== 'Preflight' && r.method !== 'OPTIONS');
    const preflights = api.filter((r) => (r.type === 'Preflight' || r.method === 'OPTIONS') && r.start <= readyAt).length;
    const roundTrips = sequentialRoundTrips(calls, readyAt);
    const trace = calls
      .filter((c) => c.start <= readyAt)
      .sort((a, b) => a.start - b.start)
      .map((c) => ({
        call: new URL(c.url).pathname.replace(/^\/api\//, ''),
        from: Math.round((c.start - t0) * 1000),
        to: Number.isFinite(c.end) ? Math.round((c.end - t0) * 1000) : null,
      }));
    const routeKib = figures.scripts.reduce((sum, script) => sum + brotliBytesOf(script, distByOrigin), 0) / 1024;
    return {
      navigation: figures.navigation,
      fcp: figures.fcp,
      brand: figures.brand,
      lcp: figures.lcp,
      lcpElement: figures.lcpElement,
      cls: figures.cls,
      form: figures.form,
      ready: usable,
      afterFrame: kind === 'tile' ? figures.ready : undefined,
      takenOver: figures.takenOver,
      kept,
      submitted,
      routeKib,
      scripts: figures.scripts.length,
      roundTrips,
      preflights,
      trace,
    };
  } finally {
    await context.close();
  }
}

/**
 * `runs` loads of each target (`{ id, label, url, ready, kind: 'form' | 'tile' | 'balance', member?, repeat? }`),
 * interleaved, medians reported.
 */
export async function benchPhone({ browser, targets, runs = 3, distByOrigin, log = () => {} }) {
  const samples = Object.fromEntries(targets.map((t) => [t.id, []]));
  for (let round = 1; round <= runs; round += 1) {
    for (const target of targets) {
      const sample = await oneLoad(browser, target, distByOrigin);
      samples[target.id].push(sample);
      const sent = sample.kept === null ? '' : `, digit ${sample.kept ? 'kept' : 'LOST'} and ${sample.submitted ? 'sent' : 'NOT SENT'}`;
      log(
        `phone: round ${round}/${runs} ${target.label}: first paint ${ms(sample.fcp)}, LCP ${ms(sample.lcp)}${sample.form === undefined ? '' : `, form ${ms(sample.form)}`}, usable ${ms(sample.ready)}${sample.afterFrame === undefined ? '' : ` (a frame and a timer after its load: ${ms(sample.afterFrame)})`}${sent}${sample.takenOver === undefined ? '' : `, the app took over at ${ms(sample.takenOver)}`}, CLS ${(sample.cls ?? 0).toFixed(3)}, API ${sample.roundTrips} round trips, ${sample.preflights} preflights`,
      );
      if (process.env.BENCH_VERBOSE) {
        const n = sample.navigation;
        if (n)
          log(
            `  answer ${ms(n.response)}, read ${ms(n.loaded)}, parsed ${ms(n.interactive)}, DOMContentLoaded over ${ms(n.contentLoaded)}`,
          );
        for (const c of sample.trace) log(`  ${c.call} ${c.from}-${c.to ?? '…'} ms`);
      }
    }
  }
  const rows = targets.map((target) => {
    const of = (key) => median(samples[target.id].map((s) => s[key]));
    const reference = target.against ? targets.find((t) => t.id === target.against.id) : undefined;
    const runs = samples[target.id];
    const elements = runs.map((run) => run.lcpElement).filter(Boolean);
    return {
      id: target.id,
      label: target.label,
      against: target.against,
      reference: reference?.id,
      fcp: of('fcp'),
      brand: of('brand'),
      lcp: of('lcp'),
      // The element the largest paint was of in most runs.
      lcpElement: elements.sort((a, b) => elements.filter((e) => e === b).length - elements.filter((e) => e === a).length)[0] ?? null,
      cls: Math.max(0, ...runs.map((run) => run.cls ?? 0)),
      form: of('form'),
      ready: of('ready'),
      afterFrame: of('afterFrame'),
      takenOver: of('takenOver'),
      // Of the runs that typed and sent the form: how many kept the digit through the app's start, and sent it.
      kept: runs.filter((run) => run.kept === true).length,
      submitted: runs.filter((run) => run.submitted === true).length,
      sent: runs.filter((run) => run.kept !== null && run.kept !== undefined).length,
      routeKib: of('routeKib'),
      scripts: of('scripts'),
      roundTrips: of('roundTrips'),
      preflights: of('preflights'),
      runs: samples[target.id],
    };
  });
  for (const row of rows) {
    const reference = rows.find((r) => r.id === row.reference);
    if (!reference) continue;
    row.ratio = row.ready / reference.ready;
    if (row.against.formMax !== undefined) row.formRatio = row.form / reference.ready;
  }
  return { profile: PHONE, rows };
}

function ms(value) {
  return Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '-';
}

export const ROUTE_JS_BUDGET_KIB = 150;

/** The CLS every page is held to. */
export const CLS_BUDGET = 0.02;

export function formatPhoneTable(result) {
  const { profile } = result;
  const lines = [
    `\nPages loaded on a throttled phone profile (${profile.latencyMs} ms round trip, ${(profile.downKbps / 1024).toFixed(1)} Mbps, ${profile.cpuSlowdown}x CPU, applied by Chromium), medians`,
    'page                                first paint  LCP      form     × ref (goal)         usable   × reference (goal)   kept/sent  CLS (≤ 0.02)  API before usable        route JS (brotli, until 5 s quiet)  largest paint',
  ];
  const judged = (value, max) => (Number.isFinite(value) ? `${value.toFixed(2)}× (≤ ${max}× ${value <= max ? 'ok' : 'OVER'})` : '');
  for (const r of result.rows) {
    const api = r.roundTrips || r.preflights ? `${r.roundTrips} round trips, ${r.preflights} preflights` : '-';
    const sent = r.sent ? `${Math.min(r.kept, r.submitted)}/${r.sent}` : '';
    lines.push(
      [
        r.label.padEnd(35),
        ms(r.fcp).padStart(11),
        ms(r.lcp).padStart(7),
        (r.against?.formMax !== undefined ? ms(r.form) : '').padStart(7),
        (r.against?.formMax !== undefined ? judged(r.formRatio, r.against.formMax) : '').padEnd(19),
        ms(r.ready).padStart(7),
        (r.against ? judged(r.ratio, r.against.max) : '').padEnd(19),
        sent.padStart(9),
        `${r.cls.toFixed(3)} ${r.cls <= CLS_BUDGET ? 'ok' : 'OVER'}`.padEnd(12),
        api.padEnd(23),
        `${r.routeKib.toFixed(1).padStart(6)} KiB in ${r.scripts} scripts`.padEnd(34),
        r.lcpElement ?? '-',
      ].join('  '),
    );
  }
  return lines.join('\n');
}
