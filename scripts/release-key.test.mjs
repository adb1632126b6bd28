import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  acceptedKeys,
  builtRelease,
  describeRelease,
  devSigningKey,
  generateReleaseKey,
  parseReleaseKeyArgs,
  privateKeyFile,
  renewRelease,
  retirePreviousKeys,
  retireWarning,
  rotateReleaseKey,
  signRemoteBuild,
} from './release-key.mjs';
import { checkSignedDist, readSignedList, SIGNED_FILES_NAME } from './release-signing.mjs';

function remote() {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-key-'));
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist', 'mf-manifest.json'), '{}');
  writeFileSync(path.join(dir, 'dist', 'remoteEntry.js'), 'void 0;');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@member/remote-acme', memberTheme: { name: 'Acme', port: 3009 } }));
  return dir;
}

const signedList = (dir) => readSignedList(JSON.parse(readFileSync(path.join(dir, 'dist', SIGNED_FILES_NAME), 'utf8')));

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

test('rotate without a key says to generate one', () => {
  assert.throws(() => rotateReleaseKey(remote()), /holds no key to rotate: generate one first/);
});

test('a build with no key yet makes one; a build machine that names a missing key file fails', () => {
  const dir = remote();
  const signed = signRemoteBuild(dir);
  assert.equal(signed.made, true);
  assert.equal(signed.files, 2);
  // A release of the theme its package.json names, as new as the build.
  assert.equal(signed.theme, 'Acme');
  assert.equal(signedList(dir).sequence, signed.sequence);
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
    assert.match(run.stderr, /usage: npm run release-key -- <generate\|rotate\|show\|retire\|renew> <remote-dir>/);
    assert.match(run.stderr, /the remotes are: .*remote-default/);
  }
});

test('the command line: a command, a folder and --algorithm (ed25519 unless given) in any order; an unknown flag or a third word refused', () => {
  assert.deepEqual(parseReleaseKeyArgs(['show', 'remote-pre8']), {
    command: 'show',
    dirArg: 'remote-pre8',
    algorithm: 'ed25519',
    validDays: 90,
    help: false,
  });
  assert.deepEqual(parseReleaseKeyArgs(['--algorithm=p256', 'rotate', '--', 'remote-pre8']), {
    command: 'rotate',
    dirArg: 'remote-pre8',
    algorithm: 'p256',
    validDays: 90,
    help: false,
  });
  assert.deepEqual(parseReleaseKeyArgs(['generate', '--algorithm', 'p256', 'remote-pre8']), {
    command: 'generate',
    dirArg: 'remote-pre8',
    algorithm: 'p256',
    validDays: 90,
    help: false,
  });
  assert.deepEqual(parseReleaseKeyArgs([]), { command: undefined, dirArg: undefined, algorithm: 'ed25519', validDays: 90, help: false });
  assert.equal(parseReleaseKeyArgs(['renew', 'remote-pre8', '--valid-days=30']).validDays, 30);
  assert.throws(() => parseReleaseKeyArgs(['renew', 'remote-pre8', '--valid-days=soon']), /--valid-days takes a whole number of days/);
  assert.equal(parseReleaseKeyArgs(['-h']).help, true);
  assert.throws(() => parseReleaseKeyArgs(['show', 'remote-pre8', '--algo=p256']), /Unknown option '--algo'[^]*usage: npm run release-key/);
  assert.throws(() => parseReleaseKeyArgs(['show', 'remote-pre8', 'remote-osaka39']), /unexpected remote-osaka39\nusage:/);
  assert.throws(() => parseReleaseKeyArgs(['show', '--algorithm']), /'--algorithm <value>' argument missing/);
});

test('the command: an unknown flag exits 2 with the usage; --help prints it', () => {
  const script = path.join(import.meta.dirname, 'release-key.mjs');
  const unknown = spawnSync(process.execPath, [script, 'show', 'remote-default', '--force'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(unknown.status, 2, unknown.stderr);
  assert.match(
    unknown.stderr,
    /^release-key: Unknown option '--force'[^]*usage: npm run release-key -- <generate\|rotate\|show\|retire\|renew> <remote-dir> \[--algorithm=ed25519\|p256\] \[--valid-days=90\]/,
  );
  const help = spawnSync(process.execPath, [script, '--help'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^usage: npm run release-key/);
});

test('retire warns when the built dist/ is signed with a key it retires, and not once it is signed with the current one', () => {
  const dir = remote();
  generateReleaseKey(dir);
  signRemoteBuild(dir);
  assert.equal(retireWarning(dir), null);
  rotateReleaseKey(dir);
  // Built before the rotation: still signed with the key about to be retired.
  assert.match(retireWarning(dir), /dist is signed with a key this retires: once the operator drops it, members get the default theme/);
  assert.match(describeRelease(builtRelease(dir)), /signed with a previous key$/);
  renewRelease(dir);
  assert.equal(retireWarning(dir), null);
  assert.match(
    describeRelease(builtRelease(dir)),
    /^dist\/ is release \d+ of theme Acme \(signed .*\), good until .*, signed with the current key$/,
  );
  retirePreviousKeys(dir);
  assert.equal(retireWarning(dir), null);
});

test('renew signs the same files again as a later release with a new expiry; without a build it says to build', () => {
  const dir = remote();
  generateReleaseKey(dir);
  const first = signRemoteBuild(dir, { now: Date.parse('2026-01-01T00:00:00Z') });
  const filesBefore = signedList(dir).files;
  const renewed = renewRelease(dir, { now: Date.parse('2026-03-01T00:00:00Z'), validDays: 30 });
  assert.ok(renewed.sequence > first.sequence);
  assert.equal(renewed.expires, '2026-03-31T00:00:00.000Z');
  assert.deepEqual(signedList(dir).files, filesBefore);
  assert.deepEqual(checkSignedDist(path.join(dir, 'dist'), acceptedKeys(dir)), []);
  const empty = mkdtempSync(path.join(tmpdir(), 'release-key-'));
  writeFileSync(path.join(empty, 'package.json'), JSON.stringify({ memberTheme: { name: 'Acme', port: 3009 } }));
  assert.throws(() => renewRelease(empty), /holds no build to sign: build it first/);
});
