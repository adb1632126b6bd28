import { bytesOfBase64 } from '../lib/base64-bytes';
import type { EnvelopeProblem } from './envelope';

export type OpenResult = { value: unknown } | { problem: EnvelopeProblem };

/**
 * A reply this long (a brand's full game list) is decrypted by WebCrypto, which does the work away from the page's
 * main thread: on a mid-range phone crypto-js takes a few hundred milliseconds over it, holding back the member's taps
 * and the page's drawing. Shorter replies are opened in place by crypto-js, where the difference is nothing.
 */
export const OFF_THREAD_MIN_CHARS = 32_000;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Opens a `{"data": "<Base64 AES>"}` envelope with WebCrypto's AES-CBC (the configured key and IV as UTF-8, PKCS7:
 * the wire's cipher, as crypto-js reads it). Null when this browser cannot (no WebCrypto, a key it will not take):
 * the caller opens it in place.
 */
export async function openOffThread(text: string, key: string, iv: string): Promise<OpenResult | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  let cryptoKey: CryptoKey;
  const utf8 = new TextEncoder();
  try {
    cryptoKey = await subtle.importKey('raw', utf8.encode(key), { name: 'AES-CBC' }, false, ['decrypt']);
  } catch {
    return null;
  }
  let data: unknown;
  try {
    data = (JSON.parse(text) as { data?: unknown } | null)?.data;
  } catch {
    return { problem: 'unparsable' };
  }
  if (typeof data !== 'string') return { problem: 'unparsable' };
  if (!BASE64.test(data) || data.length % 4 !== 0) return { problem: 'undecryptable' };
  let plain: string;
  try {
    const bytes = bytesOfBase64(data);
    const opened = await subtle.decrypt({ name: 'AES-CBC', iv: utf8.encode(iv) }, cryptoKey, bytes);
    if (opened.byteLength === 0) return { problem: 'undecryptable' };
    plain = new TextDecoder('utf-8', { fatal: true }).decode(opened);
  } catch {
    return { problem: 'undecryptable' };
  }
  try {
    return { value: JSON.parse(plain) };
  } catch {
    return { problem: 'unparsable' };
  }
}
