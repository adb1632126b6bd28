import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { SiteOptions } from './support/fixtures';
import { filesOfProject } from './support/run-files';
import { testsLeftToOtherSites } from './support/site-looks';
import { SITES as sites } from './support/sites';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Debian's build of Chromium's headless shell when it is installed (package chromium-headless-shell): the same
 * Blink and V8 as /usr/bin/chromium without the desktop browser around them, so the suite runs in half the time on
 * a 2-core machine. Otherwise Debian's Chromium; CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const HOST_PORT = Number(process.env.HOST_PORT ?? 3000);
const SIM_PORT = Number(process.env.SIM_PORT ?? 3100);

export default defineConfig<SiteOptions>({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  // A bound on waiting, not a performance budget (those are `npm run bench`): a loaded two-core runner can take a
  // few seconds more than a quiet one to show a lobby of 500 games, and when the machine itself runs a third slower,
  // more than 10 s to bring a page's reports or its next try of a theme. A passing assertion never waits for it.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${HOST_PORT}`,
    viewport: { width: 390, height: 844 },
    locale: 'th-TH',
    // No trace by default: recording one for every test (to keep the failures') cost a fifth of the suite's time on
    // a 2-core machine. A failure still reports its error context (the page's accessibility snapshot);
    // `-- --trace=retain-on-failure` records traces when a failure needs one.
    trace: 'off',
    // The host registers a service worker once a page is idle. Requests a worker answers pass by page.route(), which
    // many tests use to change what the servers send; so the worker is off unless a test turns it on
    // (`test.use({ serviceWorkers: 'allow' })`): tests/service-worker.spec.ts, the idle budgets and the policy's journey.
    serviceWorkers: 'block',
    // The suite is bound by CPU on a 2-core machine, and most of it is Chromium's. Motion is frames drawn for nothing a
    // test reads (spinners, skeleton shimmer, scheme transitions): the pages honour the member's reduced-motion
    // setting, so the tests ask for it and the frames are not drawn (the accessibility tests need it anyway, to read
    // settled colours). `npm run bench` measures pages with motion, as members get them.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM,
      // --in-process-gpu: the software compositor in the browser process rather than a process of its own, one IPC
      // hop less per frame.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--in-process-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // One project per site prefix, generated from sites.json, so QA can run `--project=pre8`. Tests tagged
  // perLook(page) or ONCE run in fewer projects (support/site-looks.ts); the rest run in every one.
  projects: [
    // In the order a run of several projects with --no-deps takes them (npm test's lanes): the fault tests, mostly
    // waiting on the app's timers, first, while the CPU-bound site tests beside them keep the machine busy; the site
    // projects last, so a lane ends as the other runs do, on tests that take longer on a loaded machine as theirs do.
    // Tests that inject simulator faults (global to the simulator) run alone, after every site project, one at a
    // time: one file's clean-up of the faults must not meet another file's test.
    {
      name: 'faults',
      testDir: './faults',
      fullyParallel: false,
      workers: 1,
      dependencies: sites.map((site) => site.key),
      ...filesOfProject('faults'),
    },
    // The production recipe (deploy/) through Debian's nginx and a simulator of its own, on DEPLOY_PORT_BASE.. +6 (4410).
    // Its tests run the include script, which draws every site's pages in the HTML when what they are drawn from
    // changed: a few seconds each, more on a loaded machine.
    { name: 'deploy', testDir: './deploy', fullyParallel: false, timeout: 90_000 },
    // A brand team's path (new-theme, a remote built alone, sites.json) on a copy of the deployment, its own demo on ports moved by 60;
    // and a new theme's dev server (host port + 70) taking saved tokens.ts edits as hot updates.
    { name: 'theme-kit', testDir: './theme-kit', fullyParallel: false },
    // `npm test` may hand single files of a project to a run beside this one (support/run-files.ts).
    ...sites.map((site) => ({
      name: site.key,
      use: { prefix: site.key },
      grepInvert: testsLeftToOtherSites(sites, site.key),
      ...filesOfProject(site.key),
    })),
  ],
  webServer: {
    command: 'node scripts/serve.mjs --no-build',
    cwd: root,
    url: `http://localhost:${SIM_PORT}/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
  },
});
