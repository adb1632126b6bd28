// The signed list of a theme remote's release: every file the remote serves, each with its SHA-384, and what the
// release says of itself (the theme it is for, its place in that theme's sequence of releases, the moment it goes
// stale), signed with the brand team's private key (Ed25519 or ECDSA P-256). The host checks the signature with the
// public keys the operator's config.json lists for that theme before it asks for a single script of the remote, refuses
// a release of another theme, one older than the newest the device has run or than the operator's pinned minimum, and
// one past its expiry, and loads each script with its hash as `integrity` (host/src/features/remotes/remote-signature.ts reads
// what this writes; the early start in host/src/core/config/early-start/remote-preloads.ts reads the same fields).
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file beside mf-manifest.json that carries the signed list. */
export const SIGNED_FILES_NAME = 'signed-files.json';
/**
 * The signed text's format. 2 added `theme`, `sequence` and `expires`: a host that reads release freshness refuses
 * a list without them, so a release signed before it is signed again (`npm run release-key -- renew <remote-dir>`).
 */
export const SIGNED_FILES_FORMAT = 'member-signed-files/2';
/** How long a release stays good when its signing does not say: long beside a brand team's release cadence. */
export const RELEASE_VALID_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Precompressed copies are the same files for the browser (it checks what it decoded); they are not listed. */
const COPY = /\.(br|gz)$/;

/** `sha384-<base64>`, the form a script's `integrity` attribute takes. */
export function sha384Of(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** Every file of a dist folder the remote serves, by its path relative to the folder (`/`-separated), sorted. */
export function servedFiles(dist) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile() && !COPY.test(entry.name) && entry.name !== SIGNED_FILES_NAME)
        found.push(path.relative(dist, file).split(path.sep).join('/'));
    }
  };
  walk(dist);
  return found.sort();
}

/** Which of the two algorithms a key is, from node:crypto's own reading of it. */
function algorithmOf(key) {
  if (key.asymmetricKeyType === 'ed25519') return 'Ed25519';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ECDSA-P256';
  throw new Error(
    `a release key must be Ed25519 or ECDSA P-256, not ${key.asymmetricKeyType}${key.asymmetricKeyDetails?.namedCurve ? ` ${key.asymmetricKeyDetails.namedCurve}` : ''}`,
  );
}

/**
 * A public key as config.json holds it: the DER of its SubjectPublicKeyInfo in base64. The algorithm is part of
 * that structure, so one string says both.
 */
export function publicKeyText(key) {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  algorithmOf(publicKey);
  return publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
}

/** A short name of a public key (the start of its SHA-256), so a refusal can say which key a release was signed with. */
export function keyIdOf(publicKeyBase64) {
  return createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('base64url').slice(0, 16);
}

/**
 * The signature over `payload` (bytes). ECDSA signatures are written as r‖s (IEEE P1363), the form WebCrypto's
 * verify takes, not node:crypto's default DER.
 */
function signBytes(payload, privateKey) {
  return algorithmOf(privateKey) === 'Ed25519'
    ? sign(null, payload, privateKey)
    : sign('sha256', payload, { key: privateKey, dsaEncoding: 'ieee-p1363' });
}

/**
 * What a release says of itself, signed beside its files.
 * - `theme`: the theme it was built as (the `memberTheme.name` of the remote's package.json), so a release of one
 *   theme cannot be served in place of another's where one brand team's key signs both;
 * - `sequence`: its place in that theme's releases, the signing time in ms since 1970 unless given, so every later
 *   signing is a later release; the host refuses one older than the newest it has run for the theme;
 * - `expires`: when it goes stale (ISO time), RELEASE_VALID_DAYS after signing unless given, so a brand host that keeps
 *   serving one release (a freeze) is found out when it expires.
 * @typedef {{ theme: string, sequence: number, expires: string }} ReleaseFields
 * @param {{ theme: string, sequence?: number, expires?: string, validDays?: number, now?: number }} release
 * @returns {ReleaseFields}
 */
export function releaseFields({ theme, sequence, expires, validDays = RELEASE_VALID_DAYS, now = Date.now() }) {
  if (typeof theme !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(theme))
    throw new Error(`a release names the theme it is for (letters, digits, _ or -), not ${JSON.stringify(theme)}`);
  const at = sequence ?? now;
  if (!Number.isSafeInteger(at) || at <= 0) throw new Error(`a release sequence is a positive whole number, not ${at}`);
  if (!(validDays > 0)) throw new Error(`a release stays good a positive number of days, not ${validDays}`);
  const until = expires ?? new Date(now + validDays * DAY_MS).toISOString();
  if (Number.isNaN(Date.parse(until))) throw new Error(`a release expires at a time, not ${JSON.stringify(until)}`);
  return { theme, sequence: at, expires: new Date(Date.parse(until)).toISOString() };
}

/**
 * The signed document for a dist folder. `signed` is kept as the exact text that was signed, so no reader has to
 * re-serialise JSON the same way to check it.
 * @param {string} dist the remote's dist folder
 * @param {import('node:crypto').KeyObject | string} privateKey a KeyObject or PEM text
 * @param {ReleaseFields} release what the release says of itself (releaseFields)
 */
export function signedFilesOf(dist, privateKey, release) {
  return signedDocumentOf(
    servedFiles(dist).map((file) => [file, readFileSync(path.join(dist, file))]),
    privateKey,
    release,
  );
}

/**
 * The signed document for files given by content, the same as signedFilesOf writes for a folder holding them: what a
 * theme's dev server signs, whose files live in memory. Sorted by path as servedFiles sorts a folder's.
 * @param {Iterable<[string, Uint8Array | string]>} entries each served file's path (`/`-separated) and content
 * @param {import('node:crypto').KeyObject | string} privateKey a KeyObject or PEM text
 * @param {ReleaseFields} release what the release says of itself (releaseFields)
 */
export function signedDocumentOf(entries, privateKey, release) {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const { theme, sequence, expires } = releaseFields(release ?? {});
  const listed = [...entries].filter(([file]) => !COPY.test(file) && path.posix.basename(file) !== SIGNED_FILES_NAME);
  const files = Object.fromEntries(listed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, bytes]) => [file, sha384Of(bytes)]));
  const signed = JSON.stringify({ format: SIGNED_FILES_FORMAT, theme, sequence, expires, files });
  const publicKey = publicKeyText(key);
  return {
    signed,
    algorithm: algorithmOf(key),
    key: keyIdOf(publicKey),
    signature: signBytes(Buffer.from(signed, 'utf8'), key).toString('base64'),
  };
}

/** Writes signed-files.json into the dist folder; returns the number of files listed and what the release says. */
export function signDist(dist, privateKey, release) {
  const document = signedFilesOf(dist, privateKey, release);
  writeFileSync(path.join(dist, SIGNED_FILES_NAME), `${JSON.stringify(document, null, 2)}\n`);
  const { files, theme, sequence, expires } = JSON.parse(document.signed);
  return { files: Object.keys(files).length, theme, sequence, expires };
}

/**
 * What a signed document's signed text says (whoever signed it): its format, the release's theme, sequence and expiry,
 * and its files. Throws when it is not a signed list of this format.
 * @returns {ReleaseFields & { format: string, files: Record<string, string> }}
 */
export function readSignedList(document) {
  let list;
  try {
    list = JSON.parse(String(document?.signed));
  } catch {
    throw new Error('not a signed list of files');
  }
  if (list?.format !== SIGNED_FILES_FORMAT)
    throw new Error(
      `signed in the format ${list?.format ?? '(none)'}, not ${SIGNED_FILES_FORMAT}: sign it again (npm run release-key -- renew <remote-dir>)`,
    );
  if (typeof list.files !== 'object' || list.files === null) throw new Error('lists no files');
  releaseFields({ theme: list.theme, sequence: list.sequence, expires: list.expires });
  return list;
}

/** The signed-files.json of a dist folder, or null when there is none (not built, or not signed yet). */
export function readSignedDist(dist) {
  try {
    return JSON.parse(readFileSync(path.join(dist, SIGNED_FILES_NAME), 'utf8'));
  } catch {
    return null;
  }
}

/** Which of the public keys (base64 SPKI) signed the document, or null for none of them. */
export function signingKeyOf(document, publicKeys) {
  return publicKeys.find((key) => signatureHolds(document, [key])) ?? null;
}

/** Whether a signed document's signature is by one of the public keys (base64 SPKI), whatever its files. */
export function signatureHolds(document, publicKeys) {
  const payload = Buffer.from(String(document?.signed), 'utf8');
  const signature = Buffer.from(String(document?.signature), 'base64');
  return publicKeys.some((text) => {
    const key = createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
    return algorithmOf(key) === 'Ed25519'
      ? verify(null, payload, key, signature)
      : verify('sha256', payload, { key, dsaEncoding: 'ieee-p1363' }, signature);
  });
}

/**
 * The files a signed document lists, each with its SHA-384, once its signature holds for one of the public keys (base64
 * SPKI), it is a list of the current format, of `theme` (when given) and not expired at `now`; throws otherwise. What a
 * reader of a release goes by (the drawing step, scripts/drawn-pages.mjs).
 * @returns {Map<string, string>}
 */
export function signedFileHashes(document, publicKeys, { theme, now = Date.now() } = {}) {
  if (!signatureHolds(document, publicKeys)) throw new Error('the signature is not by any of the keys given');
  const list = readSignedList(document);
  // As the browser holds a release: signed for this theme, and not expired.
  if (theme !== undefined && list.theme !== theme) throw new Error(`it is a release of ${list.theme}, not of ${theme}`);
  if (Date.parse(list.expires) <= now) throw new Error(`it expired at ${list.expires}`);
  return new Map(Object.entries(list.files));
}

/**
 * Whether a signed document was signed by one of the public keys (base64 SPKI) and every listed file in `dist`
 * still has its hash: the build's own check, and the tests'. Returns the reasons it does not hold (none: it holds).
 */
export function checkSignedDist(dist, publicKeys) {
  const problems = [];
  let document;
  try {
    document = JSON.parse(readFileSync(path.join(dist, SIGNED_FILES_NAME), 'utf8'));
  } catch (error) {
    return [`${SIGNED_FILES_NAME}: ${error.message}`];
  }
  if (!signatureHolds(document, publicKeys)) problems.push('the signature is not by any of the keys given');
  let files;
  try {
    ({ files } = readSignedList(document));
  } catch (error) {
    return [...problems, `${SIGNED_FILES_NAME}: ${error.message}`];
  }
  for (const [file, hash] of Object.entries(files)) {
    let actual;
    try {
      actual = sha384Of(readFileSync(path.join(dist, file)));
    } catch {
      problems.push(`${file} is listed but missing`);
      continue;
    }
    if (actual !== hash) problems.push(`${file} differs from the signed list`);
  }
  for (const file of servedFiles(dist)) if (!(file in files)) problems.push(`${file} is served but not listed`);
  return problems;
}
