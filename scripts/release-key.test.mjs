import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptedKeys, devSigningKey, distSignedWithRetiredKey, generateReleaseKey, parseReleaseKeyArgs, privateKeyFile, retirePreviousKeys, rotateReleaseKey, signRemoteBuild } from './release-key.mjs';
import { checkSignedDist } from './release-signing.mjs';

function remote() {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-key-'));
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist', 'mf-manifest.json'), '{}');
  writeFileSync(path.join(dir, 'dist', 'remoteEntry.js'), 'void 0;');
  return dir;
}

test('generate writes a private key only its owner reads, and refuses to replace it', () => {
  const dir = remote();
  const publicKey = generateReleaseKey(dir);
  assert.deepEqual(acceptedKeys(dir), [publicKey]);
  assert.equal(statSync(path.join(dir, 'release-key', 'private.pem')).mode & 0o777, 0o600);
  assert.throws(() => generateReleaseKey(dir), /already holds a key: rotate it instead/);
});

test('rotate signs with a new key and keeps the old one accepted until it is retired', () => {
  const dir = remote();
  const first = generateReleaseKey(dir, { algorithm: 'p256' });
  const { current, previous } = rotateReleaseKey(dir);
  assert.equal(previous, first);
  assert.notEqual(current, first);
  assert.deepEqual(acceptedKeys(dir), [current, first]);
  signRemoteBuild(dir);
  assert.deepEqual(checkSignedDist(path.join(dir, 'dist'), [current]), []);
  assert.notDeepEqual(checkSignedDist(path.join(dir, 'dist'), [first]), []);
  assert.deepEqual(retirePreviousKeys(dir), [first]);
  assert.deepEqual(acceptedKeys(dir), [current]);
});

test('retire says when the built dist/ is still signed with a key it retires, and not once the build is signed again', () => {
  const dir = remote();
  const first = generateReleaseKey(dir);
  signRemoteBuild(dir);
  rotateReleaseKey(dir);
  const retired = retirePreviousKeys(dir);
  assert.deepEqual(retired, [first]);
  assert.deepEqual(distSignedWithRetiredKey(dir, retired), { file: path.join(dir, 'dist', 'signed-files.json') });
  signRemoteBuild(dir);
  assert.equal(distSignedWithRetiredKey(dir, retired), null);
  assert.equal(distSignedWithRetiredKey(dir, []), null);
  assert.equal(distSignedWithRetiredKey(remote(), retired), null, 'no build: nothing to warn about');
});

test('rotate without a key says to generate one', () => {
  assert.throws(() => rotateReleaseKey(remote()), /holds no key to rotate: generate one first/);
});

test('a build with no key yet makes one; a build machine that names a missing key file fails', () => {
  const dir = remote();
  const signed = signRemoteBuild(dir);
  assert.equal(signed.made, true);
  assert.equal(signed.files, 2);
  assert.deepEqual(checkSignedDist(path.join(dir, 'dist'), acceptedKeys(dir)), []);
  assert.equal(signRemoteBuild(dir).made, false);
  const other = remote();
  assert.throws(() => signRemoteBuild(other, { env: { MEMBER_RELEASE_KEY: path.join(other, 'nowhere.pem') } }), /does not exist/);
  assert.equal(existsSync(path.join(other, 'release-key')), false);
});

test('MEMBER_RELEASE_KEY names the key file a build signs with', () => {
  const dir = remote();
  const publicKey = generateReleaseKey(dir);
  const elsewhere = remote();
  const env = { MEMBER_RELEASE_KEY: privateKeyFile(dir) };
  signRemoteBuild(elsewhere, { env });
  assert.deepEqual(checkSignedDist(path.join(elsewhere, 'dist'), [publicKey]), []);
  assert.match(readFileSync(privateKeyFile(dir), 'utf8'), /BEGIN PRIVATE KEY/);
});

test("a theme's dev server signs with the remote's own key, made when missing, never with MEMBER_RELEASE_KEY's", () => {
  const dir = remote();
  const made = devSigningKey(dir);
  assert.equal(made.made, true);
  assert.deepEqual(acceptedKeys(dir), [made.publicKey]);
  assert.equal(made.pem, readFileSync(path.join(dir, 'release-key', 'private.pem'), 'utf8'));
  const again = devSigningKey(dir);
  assert.deepEqual({ ...again, made: true }, made, 'the same key, not made again');
  assert.equal(again.made, false);

  const buildMachine = remote();
  generateReleaseKey(buildMachine);
  process.env.MEMBER_RELEASE_KEY = path.join(buildMachine, 'release-key', 'private.pem');
  try {
    assert.equal(devSigningKey(dir).publicKey, made.publicKey);
  } finally {
    delete process.env.MEMBER_RELEASE_KEY;
  }
});

test('the command answers: a remote it does not know, or no command, exits 2 with the usage (it never hangs on its own imports)', () => {
  const script = path.join(import.meta.dirname, 'release-key.mjs');
  for (const args of [['show', 'remote-nothing'], []]) {
    const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, /usage: npm run release-key -- <generate\|rotate\|show\|retire> <remote-dir>/);
    assert.match(run.stderr, /the remotes are: .*remote-default/);
  }
});


test('the command line: a command, a folder and --algorithm (ed25519 unless given) in any order; an unknown flag or a third word refused', () => {
  assert.deepEqual(parseReleaseKeyArgs(['show', 'remote-pre8']), { command: 'show', dirArg: 'remote-pre8', algorithm: 'ed25519', help: false });
  assert.deepEqual(parseReleaseKeyArgs(['--algorithm=p256', 'rotate', '--', 'remote-pre8']), { command: 'rotate', dirArg: 'remote-pre8', algorithm: 'p256', help: false });
  assert.deepEqual(parseReleaseKeyArgs(['generate', '--algorithm', 'p256', 'remote-pre8']), { command: 'generate', dirArg: 'remote-pre8', algorithm: 'p256', help: false });
  assert.deepEqual(parseReleaseKeyArgs([]), { command: undefined, dirArg: undefined, algorithm: 'ed25519', help: false });
  assert.equal(parseReleaseKeyArgs(['-h']).help, true);
  assert.throws(() => parseReleaseKeyArgs(['show', 'remote-pre8', '--algo=p256']), /Unknown option '--algo'[^]*usage: npm run release-key/);
  assert.throws(() => parseReleaseKeyArgs(['show', 'remote-pre8', 'remote-osaka39']), /unexpected remote-osaka39\nusage:/);
  assert.throws(() => parseReleaseKeyArgs(['show', '--algorithm']), /'--algorithm <value>' argument missing/);
});

test('the command: an unknown flag exits 2 with the usage; --help prints it', () => {
  const script = path.join(import.meta.dirname, 'release-key.mjs');
  const unknown = spawnSync(process.execPath, [script, 'show', 'remote-default', '--force'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(unknown.status, 2, unknown.stderr);
  assert.match(unknown.stderr, /^release-key: Unknown option '--force'[^]*usage: npm run release-key -- <generate\|rotate\|show\|retire> <remote-dir> \[--algorithm=ed25519\|p256\]/);
  const help = spawnSync(process.execPath, [script, '--help'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^usage: npm run release-key/);
});
