// The Lighthouse part of `npm run bench`: what a member on a mid-range phone feels on first load.
//
// Lighthouse 12's mobile defaults (simulated 150 ms round trip, 1.6 Mbps, 4x CPU slowdown) drive Debian's
// Chromium through the Node API, several runs per page, interleaved so that a burst of load on a shared machine
// falls on every page alike; the medians are reported. The pages: /login in each theme, the logged-in /profile
// and /slot (the 500-game RSG list), and a reference login page built here (React and React DOM in one bundle,
// the same logo) that tells what the platform itself costs in the same run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressDists } from './compress.mjs';
import { WORKSPACE_ROOT } from './serve.mjs';
import { createStaticServer } from './static-server.mjs';

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const QUIET_FLAGS = [
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const REFERENCE_ENTRY = path.join(WORKSPACE_ROOT, 'scripts', 'bench-reference', 'index.tsx');
const MEMBER = { phone: '0812345678', password: 'demo1234' };

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The pages measured, in the order of each round. `loggedIn` pages need the member's session cookies. */
export function lighthouseTargets({ hostOrigin, referenceOrigin, referencePrefix = 'pre8', memberPrefix = 'bkmc' }) {
  return [
    {
      id: 'reference',
      label: `reference login (${referencePrefix} logo)`,
      url: `${referenceOrigin}/?prefix=${referencePrefix}`,
      loggedIn: false,
    },
    { id: 'login-pre8', label: '/login pre8', url: `${hostOrigin}/login?prefix=pre8`, loggedIn: false, login: true },
    { id: 'login-os39', label: '/login os39', url: `${hostOrigin}/login?prefix=os39`, loggedIn: false, login: true },
    { id: 'login-bkmc', label: '/login bkmc', url: `${hostOrigin}/login?prefix=bkmc`, loggedIn: false, login: true },
    {
      id: 'profile',
      label: `/profile ${memberPrefix}`,
      url: `${hostOrigin}/profile?prefix=${memberPrefix}`,
      loggedIn: true,
      prefix: memberPrefix,
    },
    {
      id: 'slot',
      label: `/slot ${memberPrefix} (500 games)`,
      url: `${hostOrigin}/slot?prefix=${memberPrefix}&brand=RSG`,
      loggedIn: true,
      prefix: memberPrefix,
    },
  ];
}

/** The figures of one Lighthouse result. */
export function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpItems[0]?.items?.[0]?.node;
  // Where the LCP's time goes (as Lighthouse simulates it): time to first byte, the wait before the element's
  // resource is asked for, its download, and the wait until it is painted.
  const phases = Object.fromEntries((lcpItems[1]?.items ?? []).map((item) => [String(item.phase), item.timing]));
  return {
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndex: audit('speed-index'),
    scriptKib: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    scripts: scripts.length,
    requests: requests.length,
    lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''} ${lcpNode.selector ?? ''}`.trim() : null,
    lcpPhases: phases,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings ?? [],
  };
}

const METRICS = ['fcp', 'lcp', 'tbt', 'cls', 'speedIndex', 'scriptKib', 'scripts', 'requests', 'benchmarkIndex'];

/** Per-metric medians over the runs that produced a result. */
export function summarise(runs) {
  const ok = runs.filter((r) => !r.runtimeError);
  const phases = [...new Set(ok.flatMap((r) => Object.keys(r.lcpPhases ?? {})))];
  return {
    ...Object.fromEntries(METRICS.map((m) => [m, median(ok.map((r) => r[m]))])),
    lcpPhases: Object.fromEntries(phases.map((phase) => [phase, median(ok.map((r) => r.lcpPhases?.[phase]))])),
  };
}

/** Builds the reference login page with rsbuild (the host's copy) into `outDir`, logos beside it, precompressed. */
export async function buildReference(outDir) {
  const hostRequire = createRequire(path.join(WORKSPACE_ROOT, 'host', 'package.json'));
  const { createRsbuild } = await import(pathToFileURL(hostRequire.resolve('@rsbuild/core')).href);
  const { pluginReact } = await import(pathToFileURL(hostRequire.resolve('@rsbuild/plugin-react')).href);
  const rsbuild = await createRsbuild({
    cwd: path.join(WORKSPACE_ROOT, 'host'),
    rsbuildConfig: {
      mode: 'production',
      plugins: [pluginReact()],
      source: { entry: { index: REFERENCE_ENTRY } },
      html: {
        title: 'Reference login',
        meta: { viewport: 'width=device-width, initial-scale=1' },
      },
      output: {
        distPath: { root: outDir },
        filenameHash: true,
        cleanDistPath: true,
        copy: [{ from: path.join(WORKSPACE_ROOT, 'host', 'public', 'logos'), to: 'logos' }],
      },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      // The entry lives outside the host; React comes from the host's dependencies.
      tools: { rspack: { resolve: { modules: ['node_modules', path.join(WORKSPACE_ROOT, 'host', 'node_modules')] } } },
      logLevel: 'warn',
    },
  });
  await rsbuild.build();
  await compressDists([outDir]);
}

/** Starts Chromium with a DevTools port of its own choosing; resolves once the port is known. */
export async function launchChromium({ executable, userDataDir, timeoutMs = 30_000 }) {
  const child = spawn(
    executable,
    [...CHROME_FLAGS, ...QUIET_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    {
      detached: process.platform !== 'win32',
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Chromium gave no DevTools port within ${timeoutMs} ms:\n${stderr.slice(-2000)}`)),
      timeoutMs,
    );
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${signal ?? `code ${code}`}) before it listened:\n${stderr.slice(-2000)}`));
    });
  });
  child.stderr.resume();
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', resolve);
  });
  return {
    port,
    async stop() {
      const signalGroup = (signal) => {
        try {
          if (process.platform === 'win32') child.kill(signal);
          else process.kill(-child.pid, signal);
        } catch {
          // Already gone.
        }
      };
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

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

/**
 * Runs Lighthouse `runs` times over every target, round by round. A round measures the logged-out pages first,
 * then logs the member in (through Playwright on the same browser, so Lighthouse's tab has the cookies), then
 * the logged-in pages, and clears the cookies again so the next round's /login is a guest's.
 * @returns {Promise<{ targets: object[], chromium: string, flags: string[], runs: number }>}
 */
export async function benchLighthouse({ ports, runs = 3, playwright, log = () => {}, only, reportsDir } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const executable = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executable)) throw new Error(`no Chromium at ${executable} (set CHROME_PATH)`);
  const temp = mkdtempSync(path.join(os.tmpdir(), 'member-bench-'));
  const referenceDir = path.join(temp, 'reference');
  let reference;
  let chrome;
  let connection;
  try {
    log('lighthouse: building the reference login page');
    await buildReference(referenceDir);
    reference = await createStaticServer({ root: referenceDir, port: 0, spaFallback: true });
    const hostOrigin = `http://localhost:${ports.host}`;
    const targets = lighthouseTargets({ hostOrigin, referenceOrigin: reference.url }).filter((t) => !only || only.includes(t.id));
    for (const target of targets) target.runs = [];

    chrome = await launchChromium({ executable, userDataDir: path.join(temp, 'profile') });
    connection = await playwright.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = connection.contexts()[0];
    for (let round = 1; round <= runs; round += 1) {
      let loggedInAs = null;
      for (const target of targets) {
        if (target.loggedIn && loggedInAs !== target.prefix) {
          await logIn(context, hostOrigin, target.prefix);
          loggedInAs = target.prefix;
        }
        const started = performance.now();
        const result = await lighthouse(target.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const figures = figuresOf(result.lhr);
        if (reportsDir) {
          mkdirSync(reportsDir, { recursive: true });
          writeFileSync(path.join(reportsDir, `${target.id}-${round}.json`), result.report);
          // The trace the figures were simulated from, to open in Chromium's Performance panel.
          const trace = result.artifacts?.Trace;
          if (trace) writeFileSync(path.join(reportsDir, `${target.id}-${round}.trace.json`), JSON.stringify(trace));
        }
        target.runs.push(figures);
        log(
          `lighthouse: round ${round}/${runs} ${target.label}: FCP ${ms(figures.fcp)} LCP ${ms(figures.lcp)} TBT ${ms(figures.tbt)} CLS ${figures.cls.toFixed(3)}` +
            ` (${((performance.now() - started) / 1000).toFixed(0)} s)${figures.runtimeError ? ` error: ${figures.runtimeError}` : ''}`,
        );
        // Lighthouse leaves its tab behind; a logged-in page left open would keep polling during the next run.
        for (const page of context.pages()) if (page.url() !== 'about:blank') await page.close().catch(() => {});
      }
      await context.clearCookies();
    }
    for (const target of targets) target.median = summarise(target.runs);
    const ref = targets.find((t) => t.id === 'reference')?.median;
    for (const target of targets) target.median.lcpRatio = ref ? target.median.lcp / ref.lcp : Number.NaN;
    return { runs, chromium: connection.version(), flags: CHROME_FLAGS, targets };
  } finally {
    await connection?.close().catch(() => {});
    await chrome?.stop();
    await reference?.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

function ms(value) {
  return Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '-';
}

/** The table printed at the end of the bench, with the goals beside the figures. */
export function formatLighthouseTable(result) {
  const lines = [
    `\nLighthouse 12, mobile defaults (simulated 150 ms RTT, 1.6 Mbps, 4x CPU), median of ${result.runs}; Chromium ${result.chromium}`,
    'page                              FCP      LCP      TBT     CLS  LCP/ref  JS KiB (transfer)  benchmark index  LCP element',
  ];
  for (const t of result.targets) {
    const m = t.median;
    const lcpElement = t.runs.find((r) => r.lcpElement)?.lcpElement ?? '';
    lines.push(
      `${t.label.padEnd(32)} ${ms(m.fcp).padStart(6)}  ${ms(m.lcp).padStart(7)}  ${`${Math.round(m.tbt)} ms`.padStart(7)}  ${m.cls.toFixed(3).padStart(6)}  ${Number.isFinite(m.lcpRatio) ? m.lcpRatio.toFixed(2).padStart(6) : '     -'}  ${m.scriptKib.toFixed(1).padStart(17)}  ${String(Math.round(m.benchmarkIndex)).padStart(15)}  ${lcpElement.slice(0, 60)}`,
    );
  }
  lines.push(
    'LCP phases (median): ' +
      result.targets
        .map(
          (t) =>
            `${t.id} ${Object.entries(t.median.lcpPhases ?? {})
              .map(([phase, value]) => `${phase} ${Math.round(value)}`)
              .join(' / ')} ms`,
        )
        .join('; '),
  );
  lines.push(
    "aims: /login FCP <= 0.9 s, LCP <= 1.8 s and <= 1.25x the reference, TBT <= 200 ms, CLS <= 0.02; /profile and /slot TBT <= 300 ms; /slot LCP <= 2.5 s (where an aim and the phone part's usable times disagree, the usable times decide)",
    "The benchmark index is Chromium's own CPU score during the run: the lower it is, the busier the machine was.",
  );
  return lines.join('\n');
}
