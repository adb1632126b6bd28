// Installs the workspace when node_modules is missing or older than the lockfile.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { runPnpm } from './pnpm.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function isFresh() {
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (!existsSync(marker) || !existsSync(lock)) return false;
  return statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
}

/**
 * Runs `pnpm install` when needed. On failure it exits the process with pnpm's code, unless
 * `exitOnFailure` is false: it then returns that code (0 when nothing failed).
 */
export async function ensureInstall({ exitOnFailure = true } = {}) {
  if (isFresh()) return 0;
  const frozen = existsSync(path.join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  const code = await runPnpm(['install', ...frozen, '--config.confirmModulesPurge=false'], { cwd: root });
  if (code !== 0) {
    console.error(`pnpm install failed with exit code ${code}`);
    if (exitOnFailure) process.exit(code);
  }
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureInstall();
