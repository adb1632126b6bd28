// Finds a pnpm to run: the one on PATH when its major matches, else the pinned one through npx,
// so a machine with only Node and npm needs nothing installed by hand.
import { spawnSync, spawn } from 'node:child_process';

export const PNPM_VERSION = '12.21.0';

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
