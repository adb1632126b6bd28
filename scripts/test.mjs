// `npm test`: every check, in order, stopping at the first stage that fails.
//
//   install    pnpm install when node_modules is missing or older than the lockfile
//   lint       eslint .
//   typecheck  every package's typecheck script
//   unit       node --test scripts/*.test.mjs, then vitest in every package but e2e
//   build      production bundles of the host and the remotes, then their .br/.gz copies
//   e2e        Playwright (its config starts scripts/serve.mjs --no-build itself)
//
//   node scripts/test.mjs [--only=stage,...] [--skip=stage,...]
//
// The last line is `Summary: X passed, Y failed`, counting tests: vitest's `Tests  N passed`, node's
// `# pass N` and Playwright's `N passed` lines, summed. A stage that fails without reporting a
// failed test (lint, typecheck, build, a runner that crashed) counts as one failure, so a red run
// never reads "0 failed". Exit code 0 only if every stage that ran passed.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { buildAll } from './build.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { pnpmCommand } from './pnpm.mjs';
import { requireSupportedNode } from './node-version.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const isCI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

// Output goes through a pipe (to be counted); keep the colours when a person is watching.
const childEnv = { ...process.env };
if (!isCI && process.stdout.isTTY && !process.env.NO_COLOR) childEnv.FORCE_COLOR = '1';

/** Runs a command, showing its output as it comes, and returns its exit code and output. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['inherit', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      chunks.push(chunk);
    });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`\n${error.message}\n`));
      console.error(`test: cannot run ${command}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      resolve({ code: code ?? (signal ? 1 : 0), output: stripVTControlCharacters(Buffer.concat(chunks).toString('utf8')) });
    });
  });
}

function pnpm(args) {
  const [command, ...pre] = pnpmCommand();
  return run(command, [...pre, ...args]);
}

/** vitest: ` Tests  2 failed | 40 passed (42)`, once per package. */
export function countVitest(output) {
  const counts = { passed: 0, failed: 0 };
  for (const line of output.split('\n')) {
    const match = /\bTests\s+((?:\d+\s+[a-z]+\s*\|?\s*)+)\(\d+\)/.exec(line);
    if (!match) continue;
    for (const [, n, kind] of match[1].matchAll(/(\d+)\s+([a-z]+)/g)) {
      if (kind === 'passed' || kind === 'failed') counts[kind] += Number(n);
    }
  }
  return counts;
}

/** node --test: `# pass N` / `# fail N` (TAP) or `ℹ pass N` / `ℹ fail N` (spec). */
export function countNodeTest(output) {
  const counts = { passed: 0, failed: 0 };
  for (const [, kind, n] of output.matchAll(/^(?:#|ℹ)\s*(pass|fail)\s+(\d+)\s*$/gm)) {
    counts[kind === 'pass' ? 'passed' : 'failed'] += Number(n);
  }
  return counts;
}

/** Playwright: `  12 passed (15.2s)`, `  1 failed`, `  2 flaky` (passed on retry), `  1 interrupted`. */
export function countPlaywright(output) {
  const counts = { passed: 0, failed: 0, flaky: 0 };
  for (const [, n, kind] of output.matchAll(/^[^\S\n]*(?:\S+ test: )?[^\S\n]*(\d+) (passed|failed|flaky|interrupted)\b/gm)) {
    if (kind === 'passed') counts.passed += Number(n);
    else if (kind === 'flaky') {
      counts.passed += Number(n);
      counts.flaky += Number(n);
    } else counts.failed += Number(n);
  }
  return counts;
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
    run: () => pnpm(['exec', 'eslint', '.']),
  },
  {
    name: 'typecheck',
    run: () => pnpm(['-r', 'run', 'typecheck']),
  },
  {
    name: 'unit',
    async run() {
      const counts = { passed: 0, failed: 0 };
      const files = readdirSync(path.join(root, 'scripts'))
        .filter((name) => name.endsWith('.test.mjs'))
        .map((name) => path.join('scripts', name));
      let code = 0;
      if (files.length) {
        const scripts = await run(process.execPath, ['--test', '--test-reporter=spec', ...files]);
        add(counts, countNodeTest(scripts.output));
        code ||= scripts.code;
      }
      // --no-bail: every package runs, so the counts are complete even when one fails.
      const vitest = await pnpm(['-r', '--no-bail', '--filter=!@member/e2e', 'run', 'test']);
      add(counts, countVitest(vitest.output));
      code ||= vitest.code;
      return { code, counts };
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
      const result = await pnpm(['--filter', '@member/e2e', 'test']);
      const counts = countPlaywright(result.output);
      return { code: result.code, counts, note: counts.flaky ? `${counts.flaky} flaky` : '' };
    },
  },
];

function listOption(argv, name) {
  const arg = argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3).split(',').filter(Boolean) : null;
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main(argv) {
  const only = listOption(argv, 'only');
  const skip = listOption(argv, 'skip') ?? [];
  const unknown = [...(only ?? []), ...skip].filter((name) => !STAGES.some((stage) => stage.name === name));
  const badArgs = argv.filter((a) => !a.startsWith('--only=') && !a.startsWith('--skip='));
  if (unknown.length || badArgs.length) {
    console.error(`test: unknown ${[...unknown.map((n) => `stage ${n}`), ...badArgs].join(', ')}`);
    console.error(`usage: node scripts/test.mjs [--only=stage,...] [--skip=stage,...]; stages: ${STAGES.map((s) => s.name).join(' ')}`);
    return 2;
  }

  const total = { passed: 0, failed: 0 };
  const report = [];
  let failedStage = null;
  const startedAll = performance.now();
  for (const stage of STAGES) {
    const selected = (!only || only.includes(stage.name)) && !skip.includes(stage.name);
    if (!selected || failedStage) {
      report.push({ name: stage.name, status: failedStage && selected ? 'not run' : 'skipped' });
      continue;
    }
    console.log(`\n=== ${stage.name} ===`);
    const started = performance.now();
    let result;
    try {
      result = await stage.run();
    } catch (error) {
      console.error(`test: ${stage.name}: ${error.stack ?? error.message}`);
      result = { code: 1 };
    }
    const elapsed = performance.now() - started;
    const counts = result.counts ?? { passed: 0, failed: 0 };
    const ok = result.code === 0;
    // A red stage with no failed test in its output still counts once.
    if (!ok && counts.failed === 0) counts.failed = 1;
    add(total, counts);
    const tally = result.counts ? `${counts.passed} passed, ${counts.failed} failed` : '';
    report.push({ name: stage.name, status: ok ? 'passed' : 'FAILED', elapsed, tally: [tally, result.note].filter(Boolean).join(', ') });
    console.log(`=== ${stage.name}: ${ok ? 'passed' : `FAILED (exit code ${result.code})`} in ${seconds(elapsed)} ===`);
    if (!ok) failedStage = stage.name;
  }

  console.log('\nStages:');
  for (const entry of report) {
    const time = entry.elapsed === undefined ? '' : seconds(entry.elapsed).padStart(8);
    console.log(`  ${entry.name.padEnd(10)} ${entry.status.padEnd(8)} ${time}${entry.tally ? `   ${entry.tally}` : ''}`);
  }
  console.log(failedStage ? `Stopped at ${failedStage} after ${seconds(performance.now() - startedAll)}.` : `All stages passed in ${seconds(performance.now() - startedAll)}.`);
  console.log(`Summary: ${total.passed} passed, ${total.failed} failed`);
  return failedStage ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  requireSupportedNode();
  process.exitCode = await main(process.argv.slice(2));
}
