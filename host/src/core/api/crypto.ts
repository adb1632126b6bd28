// Only the crypto-js submodules the wire format needs (~7 KiB gz instead of 25).
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import Base64 from 'crypto-js/enc-base64';

export interface WireCipher {
  encrypt(plain: string): string;
  /** Throws when the text is not ciphertext under this key, or not UTF-8 once decrypted. */
  decrypt(cipherBase64: string): string;
}

/**
 * AES-256-CBC, PKCS7, Base64, with the configured key and IV taken as UTF-8 bytes (docs/architecture.md).
 * A key shipped to browsers is an encoding agreement with the backend, not a secret.
 */
export function createWireCipher(key: string, iv: string): WireCipher {
  const keyWords = Utf8.parse(key);
  const ivWords = Utf8.parse(iv);
  return {
    encrypt(plain) {
      return AES.encrypt(Utf8.parse(plain), keyWords, { iv: ivWords }).ciphertext.toString(Base64);
    },
    decrypt(cipherBase64) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cipherBase64) || cipherBase64.length % 4 !== 0) throw new Error('not base64');
      const words = AES.decrypt(cipherBase64, keyWords, { iv: ivWords });
      if (words.sigBytes <= 0) throw new Error('empty plaintext');
      return words.toString(Utf8);
    },
  };
}
