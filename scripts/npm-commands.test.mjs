import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const scripts = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8')).scripts;

// What each command would change or start on a supported Node, given these arguments.
const ARGUMENTS = {
  'new-theme': ['Oldnode'],
  'build:remote': ['remote-pre8'],
  dev: ['--theme', 'remote-pre8'],
  'release-key': ['generate', 'remote-oldnode'],
  contract: ['--api', 'http://127.0.0.1:9', '--prefix', 'pre8', '--phone', '0812345678', '--password', 'x'],
};

test('every npm command preloads the Node check, and those that do not install by themselves install first', () => {
  const installing = new Set(['start', 'test', 'build']);
  for (const [name, command] of Object.entries(scripts)) {
    const preload = installing.has(name) || name === 'pnpm' ? './scripts/check-node.mjs' : './scripts/prepare.mjs';
    assert.ok(command.startsWith(`node --import ${preload} scripts/`), `${name}: ${command}`);
  }
});

test('on an older Node every npm command says so in one line, exits 1 and changes nothing', async () => {
  const preload = path.join(mkdtempSync(path.join(os.tmpdir(), 'old-node-')), 'old-node.mjs');
  writeFileSync(preload, "Object.defineProperty(process.versions, 'node', { value: '20.18.0' });\n");
  const config = readFileSync(path.join(workspace, 'host', 'public', 'config.json'), 'utf8');
  const lock = readFileSync(path.join(workspace, 'pnpm-lock.yaml'), 'utf8');
  const run = (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', name, '--', ...(ARGUMENTS[name] ?? [])], {
        cwd: workspace,
        env: { ...process.env, NODE_OPTIONS: `--import=${preload}` },
        // A command that got past the check would build or serve: cut it short, and fail below.
        timeout: 30_000,
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.stdout.resume();
      child.on('close', (status) => resolve({ name, status, stderr }));
    });
  try {
    // All at once: each is an npm start-up, most of its time spent waiting.
    for (const { name, status, stderr } of await Promise.all(Object.keys(scripts).map(run))) {
      assert.equal(status, 1, `${name} exits 1 (${stderr})`);
      const lines = stderr.trim().split('\n');
      assert.equal(lines.length, 1, `${name} says one line: ${stderr}`);
      assert.match(lines[0], /^Node\.js 22\.13 or newer \(or 24\+\) is needed; this is 20\.18\.0\. /, name);
    }
  } finally {
    rmSync(path.dirname(preload), { recursive: true, force: true });
  }
  assert.equal(existsSync(path.join(workspace, 'remote-oldnode')), false, 'new-theme made no folder');
  assert.equal(readFileSync(path.join(workspace, 'host', 'public', 'config.json'), 'utf8'), config, 'config.json unchanged');
  assert.equal(readFileSync(path.join(workspace, 'pnpm-lock.yaml'), 'utf8'), lock, 'the lockfile unchanged');
});
