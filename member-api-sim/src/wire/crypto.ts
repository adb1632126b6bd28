import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * The wire cipher: AES-256-CBC, PKCS7, Base64. The key and IV are strings whose UTF-8 bytes
 * are the raw key (32 bytes) and IV (16 bytes), as crypto-js `enc.Utf8.parse` reads them in the browser.
 * A key shipped to browsers is an encoding agreement, not a secret.
 */
export interface WireCipher {
  encrypt(plain: string): string;
  /** The UTF-8 plain text, or null when the input is not Base64 ciphertext under this key and IV. */
  decrypt(base64: string): string | null;
}

export const DEFAULT_AES_KEY = 'MemberDemoKey-0123456789abcdefgh';
export const DEFAULT_AES_IV = 'MemberDemoIV0123';

/** Padded Base64; AES output is whole 16-byte blocks, so its Base64 always has a length divisible by 4. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function createWireCipher(key: string, iv: string): WireCipher {
  const keyBytes = Buffer.from(key, 'utf8');
  const ivBytes = Buffer.from(iv, 'utf8');
  if (keyBytes.length !== 32) throw new Error(`AES key must be 32 bytes of UTF-8, got ${keyBytes.length}`);
  if (ivBytes.length !== 16) throw new Error(`AES IV must be 16 bytes of UTF-8, got ${ivBytes.length}`);

  return {
    encrypt(plain) {
      const cipher = createCipheriv('aes-256-cbc', keyBytes, ivBytes);
      return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
    },
    decrypt(base64) {
      if (!BASE64.test(base64)) return null;
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length === 0 || bytes.length % 16 !== 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-cbc', keyBytes, ivBytes);
        return utf8.decode(Buffer.concat([decipher.update(bytes), decipher.final()]));
      } catch {
        return null;
      }
    },
  };
}
