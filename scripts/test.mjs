// `npm test`: every check, in order, stopping at the first stage that fails.
//
//   install    pnpm install when node_modules is missing or older than the lockfile
//   lint       eslint .
//   typecheck  every package's typecheck script
//   unit       node --test scripts/*.test.mjs, then one vitest run of every package's project (vitest.config.mjs);
//              with --coverage, vitest also measures the share of the source the tests run and the stage reports it
//   build      production bundles of the host and the remotes, then their .br/.gz copies
//   e2e        Playwright: the site projects in one run, the fault, deploy and theme-kit tests in a lane beside it
//              (scripts/e2e-lanes.mjs); each run's config starts scripts/serve.mjs --no-build on its own ports
//
//   node scripts/test.mjs [--only=stage,...] [--skip=stage,...] [--coverage] [--help]
//
// The last line is `Summary: X passed, Y failed`, counting tests from the runners' JSON reports (vitest's json
// reporter, a node:test reporter of ours, Playwright's json reporter), summed; below the stages' table, under "Failed:",
// each failed test of vitest and Playwright by name, with its error's first lines. A stage that fails without reporting a
// failed test (lint, typecheck, build, a runner that crashed) counts as one failure, so a red run
// never reads "0 failed". Above them, on Linux, what the machine's cores did during each stage (scripts/machine-cpu.mjs).
// Exit code 0 only if every stage that ran passed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { buildAll } from './build.mjs';
import { shiftedPortEnv } from './serve.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { pnpmCommand } from './pnpm.mjs';
import { requireSupportedNode } from './node-version.mjs';
import { cpuBetween, describeCpu, readCpu } from './machine-cpu.mjs';
import {
  describeRun,
  describeTimeByFile,
  expectedDurations,
  hasEveryDuration,
  LANE_PROJECTS,
  planRuns,
  playwrightTests,
  readLastDurations,
  runSelection,
  SITE_FOLDER,
  timeByFile,
  unitCounts,
  unitDurations,
  writeDurations,
} from './e2e-lanes.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The runners' reports and totals go to a temporary folder. */
const reports = mkdtempSync(path.join(os.tmpdir(), 'member-test-'));
process.on('exit', () => rmSync(reports, { recursive: true, force: true }));

const childEnv = { ...process.env };

/**
 * Runs a command with the terminal's output; resolves with `{ code, output }`. `held` (a run beside another): its output is
 * kept instead of shown and handed back whole once it ends, for the caller to print, so two runs' lines never
 * interleave. Node's own spawn, not a package such as execa: this module is the workspace's install step, so it imports
 * nothing that step installs.
 */
function run(command, args, { env = {}, held = false, name = command } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...childEnv, ...env }, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let settled = false;
    const done = (code) => {
      if (settled) return;
      settled = true;
      resolve({ code, output: Buffer.concat(output).toString() });
    };
    child.on('error', (error) => {
      console.error(`test: cannot run ${name}: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function pnpm(args) {
  const [command, ...pre] = pnpmCommand();
  return run(command, [...pre, ...args]);
}

/**
 * One Playwright run with its JSON report. A labelled run (one beside another) keeps its output until it
 * ends, then prints it whole, so two runs' lines never interleave.
 */
async function playwright(args, { report, env = {}, label, reporter = 'list,json', quiet = false }) {
  const file = path.join(reports, report);
  const [command, ...pre] = pnpmCommand();
  const fullArgs = [...pre, '--filter', '@member/e2e', 'exec', 'playwright', 'test', `--reporter=${reporter}`, ...args];
  const began = performance.now();
  const { code, output } = await run(command, fullArgs, {
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    held: Boolean(label || quiet),
    name: 'Playwright',
  });
  if (label || (quiet && code !== 0))
    process.stdout.write(`\n--- ${label ?? 'playwright'} ---\n${output}--- ${label ?? 'playwright'}: exit code ${code} ---\n`);
  return { code, report: readJson(file), seconds: (performance.now() - began) / 1000 };
}

/** Totals from the runners' own machine-readable reports, so no runner's screen output is parsed. */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** vitest's JSON report: `numPassedTests`, `numFailedTests`. */
export function countVitest(report) {
  return { passed: report?.numPassedTests ?? 0, failed: report?.numFailedTests ?? 0 };
}

/** Playwright's JSON report: `stats.expected` passed, `unexpected` failed, `flaky` passed on a retry. */
export function countPlaywright(report) {
  const stats = report?.stats ?? {};
  const flaky = stats.flaky ?? 0;
  return { passed: (stats.expected ?? 0) + flaky, failed: stats.unexpected ?? 0, flaky };
}

/**
 * An error's message as a failure's lines: its first line, then up to ten lines more that say what was found
 * (an assertion's received value, a locator's call log), without blank lines or stack frames, each indented.
 */
function errorLines(message) {
  const [first = '', ...rest] = stripVTControlCharacters(String(message ?? ''))
    .trim()
    .split('\n')
    .map((line) => line.trimEnd().slice(0, 200));
  const detail = rest.filter((line) => line.trim() !== '' && !/^\s*at /.test(line)).slice(0, 10);
  return [first, ...detail.map((line) => `    ${line.trim()}`)].join('\n');
}

/**
 * vitest reports a test or hook that ran past its timeout with the stack of a placeholder error, whose first line is
 * this, and its JSON report keeps the stack, not the message ("Test timed out in 5000ms.").
 */
const VITEST_TIMEOUT_STACK = /^Error: STACK_TRACE_ERROR(?=\n|$)/;

/** vitest's JSON report: each failed test as `file › title: the error's lines`. */
export function failedVitest(report, base = root) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const message = String(test.failureMessages?.[0] ?? '').replace(
          VITEST_TIMEOUT_STACK,
          'Error: timed out (the test or one of its hooks ran past its timeout)',
        );
        return `${path.relative(base, file.name)} › ${test.fullName ?? test.title}: ${errorLines(message)}`;
      }),
  );
}

/** Playwright's JSON report: each test that failed (on its last try) as `[project] file:line › title: the error's lines`. */
export function failedPlaywright(report) {
  const failed = [];
  for (const { spec, test, titles } of playwrightTests(report)) {
    if (test.status !== 'unexpected') continue;
    const last = test.results?.at(-1);
    const error = last?.errors?.[0]?.message ?? last?.error?.message;
    failed.push(
      `[${test.projectName}] ${spec.file.replace(/^\.\.\//, '')}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${errorLines(error)}`,
    );
  }
  return failed;
}

/** The unit tests' coverage (vitest's json-summary), one line for the stage's tally: reported, never a failure. */
export function coverageNote(summary) {
  const total = summary?.total;
  if (!total) return '';
  const pct = (name) => `${name} ${Number(total[name]?.pct ?? 0).toFixed(1)}%`;
  return `coverage: ${['lines', 'branches', 'functions'].map(pct).join(', ')}`;
}

function add(total, counts) {
  total.passed += counts.passed;
  total.failed += counts.failed;
  return total;
}

const STAGES = [
  {
    name: 'install',
    async run() {
      return { code: await ensureInstall({ exitOnFailure: false }) };
    },
  },
  {
    name: 'lint',
    // ESLint's rules, then the formatter's check (biome.json): a file not as `npm run format` writes it fails the stage.
    async run() {
      const rules = await pnpm(['exec', 'eslint', '.']);
      const format = await pnpm(['exec', 'biome', 'format', '.']);
      return { code: rules.code || format.code };
    },
  },
  {
    name: 'typecheck',
    // Each package is checked from the sources it imports, none from another's build, so their order does not
    // matter: two at a time, one per core.
    run: () => pnpm(['-r', '--no-sort', '--workspace-concurrency=2', 'run', 'typecheck']),
  },
  {
    name: 'unit',
    async run(options) {
      const counts = { passed: 0, failed: 0 };
      const files = readdirSync(path.join(root, 'scripts'))
        .filter((name) => name.endsWith('.test.mjs'))
        .map((name) => path.join('scripts', name));
      // The scripts' node:test files beside vitest: most of their time is spent waiting on the processes and servers they
      // start, which leaves a core free for vitest's workers. Their output comes whole once they end.
      const totals = path.join(reports, 'node-test.json');
      const scripts = files.length
        ? run(
            process.execPath,
            [
              '--test',
              // Several files at once (Node's default is one file fewer than the cores, on two cores one at a time).
              `--test-concurrency=${Math.max(4, os.availableParallelism())}`,
              '--test-reporter=spec',
              '--test-reporter-destination=stdout',
              '--test-reporter=./scripts/count-reporter.mjs',
              `--test-reporter-destination=${totals}`,
              ...files,
            ],
            { held: true },
          ).then((result) => {
            process.stdout.write(result.output);
            return result;
          })
        : Promise.resolve({ code: 0 });
      // One run of the root vitest.config.mjs: every package's vitest.config.ts is a project of it, with its own
      // environment and pool, and one report counts them all.
      const report = path.join(reports, 'vitest.json');
      // Coverage on request only: V8's counters and the report add a sixth to vitest's time (72 to 85 s).
      const vitest = await pnpm([
        'exec',
        'vitest',
        'run',
        ...(options.coverage ? ['--coverage'] : []),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ]);
      let code = (await scripts).code;
      if (files.length) add(counts, readJson(totals) ?? { passed: 0, failed: 0 });
      const vitestReport = readJson(report);
      add(counts, countVitest(vitestReport));
      code ||= vitest.code;
      return {
        code,
        counts,
        failures: failedVitest(vitestReport),
        note: options.coverage
          ? coverageNote(readJson(path.join(root, 'node_modules', '.cache', 'member-coverage', 'coverage-summary.json')))
          : '',
      };
    },
  },
  {
    name: 'build',
    async run() {
      return { code: await buildAll() };
    },
  },
  {
    name: 'e2e',
    async run() {
      const e2e = path.join(root, 'e2e');
      const sites = JSON.parse(readFileSync(path.join(root, 'sites.json'), 'utf8')).sites.map((site) => site.key);
      const faultFiles = readdirSync(path.join(e2e, LANE_PROJECTS.faults))
        .filter((name) => name.endsWith('.spec.ts'))
        .sort()
        .map((name) => `${LANE_PROJECTS.faults}/${name}`);
      const siteFiles = readdirSync(path.join(e2e, SITE_FOLDER))
        .filter((name) => name.endsWith('.spec.ts'))
        .map((name) => `${SITE_FOLDER}/${name}`);
      const last = readLastDurations(root);
      let units = expectedDurations({ sites, faultFiles, siteFiles, last });
      const timed = hasEveryDuration(units, last);
      if (!timed) {
        // No time yet for some unit (a first run, a new file): its number of tests stands in.
        const listed = await playwright(['--list'], { report: 'playwright-list.json', reporter: 'json', quiet: true });
        units = expectedDurations({ sites, faultFiles, siteFiles, counts: unitCounts(listed.report), last });
      }
      const plan = planRuns(units);
      const lanes = plan.lanes.filter((lane) => lane.units.length > 0);
      console.log(
        [
          `The end-to-end runs, side by side (expected from ${timed ? "the last run's times" : 'the number of tests where no run has timed them yet'}):`,
          describeRun(`sites (${plan.sites.workers} workers)`, plan.sites),
          ...lanes.map((lane, index) => describeRun(`lane ${index + 1} (+${lane.offset})`, lane)),
        ].join('\n'),
      );
      const sitesRun = runSelection(plan.sites.units, plan.sites.handedOver);
      const results = await Promise.all([
        playwright([...sitesRun.args, `--workers=${plan.sites.workers}`], { report: 'playwright-sites.json', env: sitesRun.env }),
        // A lane's tests run one at a time on a demo of their own (every port moved by its offset): the faults they
        // inject reach no other run's simulator.
        ...lanes.map((lane, index) => {
          const selection = runSelection(lane.units);
          return playwright(
            [...selection.args, '--no-deps', '--workers=1', `--output=${path.join(e2e, `test-results-lane-${index + 1}`)}`],
            {
              report: `playwright-lane-${index + 1}.json`,
              env: { ...shiftedPortEnv(lane.offset), ...selection.env },
              label: `lane ${index + 1}`,
            },
          );
        }),
      ]);
      const reportsRead = results.map((result) => result.report);
      const durations = unitDurations(reportsRead);
      const kept = writeDurations(root, durations);
      console.log(
        [
          '\nThe end-to-end runs took:',
          describeRun(`sites (${plan.sites.workers} workers)`, plan.sites, results[0].seconds),
          ...lanes.map((lane, index) => describeRun(`lane ${index + 1} (+${lane.offset})`, lane, results[index + 1].seconds)),
          `  longest files (seconds of tests): ${describeTimeByFile(timeByFile(durations))}`,
          `  (times per project and file kept in ${path.relative(root, kept)} for the next run's plan)`,
        ].join('\n'),
      );
      const counts = results
        .map((result) => countPlaywright(result.report))
        .reduce((total, item) => add(total, item), { passed: 0, failed: 0 });
      const flaky = results.reduce((total, result) => total + (countPlaywright(result.report).flaky ?? 0), 0);
      const code = results.find((result) => result.code !== 0)?.code ?? 0;
      return {
        code,
        counts,
        failures: results.flatMap((result) => failedPlaywright(result.report)),
        note: [
          flaky ? `${flaky} flaky` : '',
          `${results.length} runs, longest ${Math.round(Math.max(...results.map((result) => result.seconds)))} s`,
        ]
          .filter(Boolean)
          .join(', '),
      };
    },
  },
];

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

const USAGE = `usage: node scripts/test.mjs [--only=stage,...] [--skip=stage,...] [--coverage] [--help]; stages: ${STAGES.map((s) => s.name).join(' ')}`;

async function main(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        only: { type: 'string' },
        skip: { type: 'string' },
        coverage: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`test: ${error.message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const list = (value) => (value ?? '').split(',').filter(Boolean);
  const only = values.only === undefined ? null : list(values.only);
  const skip = list(values.skip);
  const unknown = [...(only ?? []), ...skip].filter((name) => !STAGES.some((stage) => stage.name === name));
  if (unknown.length) {
    console.error(`test: unknown ${unknown.map((n) => `stage ${n}`).join(', ')}`);
    console.error(USAGE);
    return 2;
  }

  const total = { passed: 0, failed: 0 };
  const report = [];
  const failures = [];
  let failedStage = null;
  const startedAll = performance.now();
  const cpuAtStart = readCpu();
  for (const stage of STAGES) {
    const selected = (!only || only.includes(stage.name)) && !skip.includes(stage.name);
    if (!selected || failedStage) {
      report.push({ name: stage.name, status: failedStage && selected ? 'not run' : 'skipped' });
      continue;
    }
    console.log(`\n=== ${stage.name} ===`);
    const started = performance.now();
    const cpuBefore = readCpu();
    let result;
    try {
      result = await stage.run({ coverage: values.coverage === true });
    } catch (error) {
      console.error(`test: ${stage.name}: ${error.stack ?? error.message}`);
      result = { code: 1 };
    }
    const elapsed = performance.now() - started;
    const cpu = cpuBetween(cpuBefore, readCpu());
    const counts = result.counts ?? { passed: 0, failed: 0 };
    const ok = result.code === 0;
    // A red stage with no failed test in its output still counts once.
    if (!ok && counts.failed === 0) counts.failed = 1;
    add(total, counts);
    const tally = result.counts ? `${counts.passed} passed, ${counts.failed} failed` : '';
    report.push({
      name: stage.name,
      status: ok ? 'passed' : 'FAILED',
      elapsed,
      tally: [tally, result.note].filter(Boolean).join(', '),
      cpu,
    });
    console.log(`=== ${stage.name}: ${ok ? 'passed' : `FAILED (exit code ${result.code})`} in ${seconds(elapsed)} ===`);
    if (!ok) failedStage = stage.name;
    failures.push(...(result.failures ?? []).map((line) => `${stage.name}: ${line}`));
  }

  console.log('\nStages:');
  for (const entry of report) {
    const time = entry.elapsed === undefined ? '' : seconds(entry.elapsed).padStart(8);
    console.log(`  ${entry.name.padEnd(10)} ${entry.status.padEnd(8)} ${time}${entry.tally ? `   ${entry.tally}` : ''}`);
  }
  // What the machine's cores did meanwhile (every process on it, not the suite's alone): a stage that took longer
  // because its machine was slower, or busy with something else, shows it here.
  const spent = report.filter((entry) => entry.cpu);
  if (spent.length) {
    console.log("\nThe machine's CPU (all its processes):");
    for (const entry of spent) console.log(`  ${entry.name.padEnd(10)} ${describeCpu(entry.cpu)}`);
    console.log(`  ${'in all'.padEnd(10)} ${describeCpu(cpuBetween(cpuAtStart, readCpu()))}`);
  }
  // The failed tests by name at the end, where a log cut to its last lines still shows them.
  if (failures.length) console.log(`\nFailed:\n${failures.map((failure) => failure.replace(/^/gm, '  ')).join('\n')}`);
  console.log(
    failedStage
      ? `Stopped at ${failedStage} after ${seconds(performance.now() - startedAll)}.`
      : `All stages passed in ${seconds(performance.now() - startedAll)}.`,
  );
  console.log(`Summary: ${total.passed} passed, ${total.failed} failed`);
  return failedStage ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  requireSupportedNode();
  process.exitCode = await main(process.argv.slice(2));
}
