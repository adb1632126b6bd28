/**
 * A theme remote's signed list of files (`signed-files.json` beside its manifest, written by its build with the brand
 * team's private key; scripts/release-signing.mjs): checked with WebCrypto against the public keys config.json lists
 * for the theme, before a single script of the remote is asked for. What it yields is each file's SHA-384, which the
 * host puts on every script and preload of the remote as `integrity`, so the browser itself refuses a changed file.
 */

/** The file beside a remote's manifest that carries its signed list. */
export const SIGNED_FILES_NAME = 'signed-files.json';
const SIGNED_FILES_FORMAT = 'member-signed-files/1';

/** A remote whose release is unsigned, signed by a key the deployment does not list, or not what was signed. */
export class SignatureRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureRefused';
  }
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

function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
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
 * The files a signed document lists (path relative to the remote's folder → `sha384-…`), once its signature is found
 * to be by one of `keys`. Rejects with SignatureRefused otherwise.
 */
export async function verifiedFiles(document: unknown, keys: readonly string[], where: string): Promise<Map<string, string>> {
  const { signed, signature } = (typeof document === 'object' && document !== null ? document : {}) as { signed?: unknown; signature?: unknown };
  if (typeof signed !== 'string' || typeof signature !== 'string') throw new SignatureRefused(`${where} is not a signed list of files`);
  let signatureBytes: Uint8Array<ArrayBuffer>;
  try {
    signatureBytes = bytesOfBase64(signature);
  } catch {
    throw new SignatureRefused(`${where} carries no readable signature`);
  }
  const payload = new TextEncoder().encode(signed);
  let found = false;
  for (const key of keys) {
    if (await signedBy(key, signatureBytes, payload)) {
      found = true;
      break;
    }
  }
  if (!found) throw new SignatureRefused(`${where} is not signed by any key config.json lists for this theme`);
  const list = JSON.parse(signed) as { format?: unknown; files?: unknown };
  if (list.format !== SIGNED_FILES_FORMAT || typeof list.files !== 'object' || list.files === null) {
    throw new SignatureRefused(`${where} is signed but not in the format ${SIGNED_FILES_FORMAT}`);
  }
  const files = new Map<string, string>();
  for (const [file, hash] of Object.entries(list.files)) if (typeof hash === 'string' && HASH.test(hash)) files.set(file, hash);
  return files;
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
