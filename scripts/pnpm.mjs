// Finds a pnpm to run: the one on PATH when its major matches, else the pinned one through npx,
// so a machine with only Node and npm needs nothing installed by hand.
//
// The pinned version is package.json's `packageManager` (the field corepack and pnpm itself read). pnpm-workspace.yaml's
// `pmOnFail: ignore` keeps a pnpm of the same major but another version from fetching the pinned one or stopping.
//
// Not corepack (`corepack pnpm@<version>`, which needs neither root nor `corepack enable`): it checks the registry's
// signature of the package manager it downloads, and the registry these machines reach publishes none for pnpm, so it
// stops with "No compatible signature found in package metadata" unless that check is switched off
// (COREPACK_INTEGRITY_KEYS=0); it reads its registry from COREPACK_NPM_REGISTRY, not from npm's configuration; and
// Node 25 and later no longer ship it, so the npx path would stay for them anyway. npx needs only npm, and checks the
// tarball against the registry's integrity hash.
import { spawnSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** `pnpm@12.21.0` in package.json → `12.21.0`. */
export function pinnedPnpmVersion(packageJson) {
  const match = /^pnpm@(\d+\.\d+\.\d+)(?:\+.*)?$/.exec(packageJson?.packageManager ?? '');
  if (!match) throw new Error(`package.json's packageManager (${packageJson?.packageManager}) is not pnpm@<major.minor.patch>`);
  return match[1];
}

export const PNPM_VERSION = pinnedPnpmVersion(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')));

function pnpmOnPath() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status !== 0) return false;
  return probe.stdout.trim().split('.')[0] === PNPM_VERSION.split('.')[0];
}

let cached;
export function pnpmCommand() {
  if (cached) return cached;
  cached = pnpmOnPath() ? ['pnpm'] : ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
  return cached;
}

/** Runs pnpm with the given arguments, inheriting stdio; resolves with the exit code. */
export function runPnpm(args, options = {}) {
  const [cmd, ...pre] = pnpmCommand();
  return new Promise((resolve) => {
    const child = spawn(cmd, [...pre, ...args], { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
