import { bytesOfBase64 } from '../../core/lib/base64-bytes';

/**
 * A theme remote's signed list of files (`signed-files.json` beside its manifest, written by its build with the brand
 * team's private key; scripts/release-signing.mjs): checked with WebCrypto against the public keys config.json lists
 * for the theme, before a single script of the remote is asked for. What it yields is each file's SHA-384, which the
 * host puts on every script and preload of the remote as `integrity`, so the browser itself refuses a changed file,
 * and what the release says of itself (its theme, sequence and expiry), which release-freshness.ts judges.
 */

/** The file beside a remote's manifest that carries its signed list. */
export const SIGNED_FILES_NAME = 'signed-files.json';
/** The format scripts/release-signing.mjs writes (SIGNED_FILES_FORMAT there): 2 names the theme, sequence and expiry. */
export const SIGNED_FILES_FORMAT = 'member-signed-files/2';

/** A remote whose release is unsigned, signed by a key the deployment does not list, or not what was signed. */
export class SignatureRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureRefused';
  }
}

/**
 * A release signed as it should be, but not one to run: of another theme, older than the newest this device has run or
 * than the operator's floor, past its expiry, or signed by a key config.json no longer lists. Refused like a tampered
 * one (a SignatureRefused): the next theme in line, the notice, a report.
 */
export class ReleaseRefused extends SignatureRefused {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseRefused';
  }
}

/** A signed list whose signature holds: its files, what the release says of itself, and which key signed it. */
export interface VerifiedRelease {
  /** Path relative to the remote's folder → `sha384-…`. */
  files: Map<string, string>;
  /** The theme it was built as (its remote's `memberTheme.name`). */
  theme: string;
  /** Its place in that theme's releases: a later signing has a greater one. */
  sequence: number;
  /** When it goes stale, in ms since 1970. */
  expires: number;
  /** The public key, as config.json lists it, that signed it. */
  key: string;
}

type Algorithm = { importParams: EcKeyImportParams | Algorithm['verifyParams']; verifyParams: { name: 'Ed25519' } | EcdsaParams };

/** The fixed start of each kind of key (base64 DER SubjectPublicKeyInfo) says which algorithm it is for. */
function algorithmOf(key: string): Algorithm | null {
  if (key.startsWith('MCowBQYDK2VwAyEA')) return { importParams: { name: 'Ed25519' }, verifyParams: { name: 'Ed25519' } };
  if (key.startsWith('MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE')) {
    return { importParams: { name: 'ECDSA', namedCurve: 'P-256' }, verifyParams: { name: 'ECDSA', hash: 'SHA-256' } };
  }
  return null;
}

function base64Of(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `sha384-<base64>`, as an `integrity` attribute takes it. */
export async function sha384Of(bytes: BufferSource): Promise<string> {
  return `sha384-${base64Of(await crypto.subtle.digest('SHA-384', bytes))}`;
}

async function signedBy(key: string, signature: Uint8Array<ArrayBuffer>, payload: Uint8Array<ArrayBuffer>): Promise<boolean> {
  const algorithm = algorithmOf(key);
  if (!algorithm) return false;
  try {
    const publicKey = await crypto.subtle.importKey('spki', bytesOfBase64(key), algorithm.importParams, false, ['verify']);
    return await crypto.subtle.verify(algorithm.verifyParams, publicKey, signature, payload);
  } catch {
    // A key that does not import, or a signature of the wrong length: not signed by this key.
    return false;
  }
}

const HASH = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * The release a signed document describes (its files, path relative to the remote's folder → `sha384-…`, its theme,
 * sequence and expiry, and the key that signed it), once its signature is found to be by one of `keys`. Rejects with
 * SignatureRefused otherwise, and for a list that does not say what a release must (an earlier format).
 */
export async function verifiedRelease(document: unknown, keys: readonly string[], where: string): Promise<VerifiedRelease> {
  const { signed, signature } = (typeof document === 'object' && document !== null ? document : {}) as {
    signed?: unknown;
    signature?: unknown;
  };
  if (typeof signed !== 'string' || typeof signature !== 'string') throw new SignatureRefused(`${where} is not a signed list of files`);
  let signatureBytes: Uint8Array<ArrayBuffer>;
  try {
    signatureBytes = bytesOfBase64(signature);
  } catch {
    throw new SignatureRefused(`${where} carries no readable signature`);
  }
  const payload = new TextEncoder().encode(signed);
  let found: string | null = null;
  for (const key of keys) {
    if (await signedBy(key, signatureBytes, payload)) {
      found = key;
      break;
    }
  }
  if (found === null) throw new SignatureRefused(`${where} is not signed by any key config.json lists for this theme`);
  const list = JSON.parse(signed) as { format?: unknown; files?: unknown; theme?: unknown; sequence?: unknown; expires?: unknown };
  if (list.format !== SIGNED_FILES_FORMAT || typeof list.files !== 'object' || list.files === null) {
    throw new SignatureRefused(`${where} is signed but not in the format ${SIGNED_FILES_FORMAT}`);
  }
  const expires = typeof list.expires === 'string' ? Date.parse(list.expires) : Number.NaN;
  if (
    typeof list.theme !== 'string' ||
    typeof list.sequence !== 'number' ||
    !Number.isSafeInteger(list.sequence) ||
    Number.isNaN(expires)
  ) {
    throw new SignatureRefused(`${where} is signed but does not say which theme, release and expiry it is`);
  }
  const files = new Map<string, string>();
  for (const [file, hash] of Object.entries(list.files)) if (typeof hash === 'string' && HASH.test(hash)) files.set(file, hash);
  return { files, theme: list.theme, sequence: list.sequence, expires, key: found };
}

/**
 * The files a signed document names (absolute URL → the hash it gives), whoever signed it and whatever it says of
 * itself: for dropping a refused release's stored copies, never for trusting anything.
 */
export function listedFiles(document: unknown, signedListUrl: string): Map<string, unknown> {
  try {
    const { signed } = document as { signed?: unknown };
    const files = (JSON.parse(String(signed)) as { files?: unknown }).files;
    return new Map(
      files && typeof files === 'object' ? Object.entries(files).map(([file, hash]) => [new URL(file, signedListUrl).href, hash]) : [],
    );
  } catch {
    return new Map();
  }
}

/**
 * The signed files as absolute URLs (resolved against the folder the signed list was served from) → their hashes.
 */
export function signedUrls(files: ReadonlyMap<string, string>, signedListUrl: string): Map<string, string> {
  return new Map([...files].map(([file, hash]) => [new URL(file, signedListUrl).href, hash]));
}

/** The hash of a file the remote is to load, or SignatureRefused when the signed list does not name it. */
export function integrityOf(signed: ReadonlyMap<string, string>, url: string): string {
  const hash = signed.get(url);
  if (!hash) throw new SignatureRefused(`${url} is not in the remote's signed list of files`);
  return hash;
}

/** Refuses bytes (the manifest, as fetched) that are not the ones signed for that URL. */
export async function checkSignedBytes(signed: ReadonlyMap<string, string>, url: string, bytes: BufferSource): Promise<void> {
  const expected = integrityOf(signed, url);
  if ((await sha384Of(bytes)) !== expected) throw new SignatureRefused(`${url} is not the file that was signed`);
}
