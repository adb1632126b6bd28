// `npm run build:remote -- <dir>`: its command line (the build itself runs in the end-to-end tests' set-up).
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtAppColors, parseBuildRemoteArgs } from './build-remote.mjs';

test('the command line: one folder (a `--` before it is dropped), help; a flag or a second folder refused', () => {
  assert.deepEqual(parseBuildRemoteArgs(['remote-pre8']), { dir: 'remote-pre8', help: false });
  assert.deepEqual(parseBuildRemoteArgs(['--', './remote-pre8/']), { dir: './remote-pre8/', help: false });
  assert.deepEqual(parseBuildRemoteArgs([]), { dir: undefined, help: false });
  assert.equal(parseBuildRemoteArgs(['-h']).help, true);
  assert.throws(
    () => parseBuildRemoteArgs(['remote-pre8', '--no-sign']),
    /Unknown option '--no-sign'[^]*usage: npm run build:remote -- <dir>/,
  );
  assert.throws(
    () => parseBuildRemoteArgs(['remote-pre8', 'remote-osaka39']),
    /one remote at a time, not remote-pre8 remote-osaka39\nusage:/,
  );
});

test('the command: an unknown flag or folder exits 2 with the usage, before anything is built', () => {
  const script = path.join(import.meta.dirname, 'build-remote.mjs');
  const flag = spawnSync(process.execPath, [script, 'remote-pre8', '--no-sign'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(flag.status, 2, flag.stderr);
  assert.match(flag.stderr, /^build:remote: Unknown option '--no-sign'/);
  const folder = spawnSync(process.execPath, [script, 'remote-nothing'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(folder.status, 2, folder.stderr);
  assert.match(
    folder.stderr,
    /remote-nothing is not a theme remote of the workspace; the remotes are: .*remote-default[^]*usage: npm run build:remote -- <dir>/,
  );
});

test("a build's app colours are read from its manifest, so a release that changes them can say so", () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'build-remote-'));
  assert.equal(builtAppColors(dist), null);
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ metaData: { appColors: { light: { theme: '#111111', background: '#ffffff' } } } }),
  );
  assert.equal(builtAppColors(dist), '{"light":{"theme":"#111111","background":"#ffffff"}}');
});
