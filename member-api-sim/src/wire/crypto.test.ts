import { describe, expect, it } from 'vitest';
import { createWireCipher, DEFAULT_AES_IV, DEFAULT_AES_KEY } from './crypto';

const cipher = createWireCipher(DEFAULT_AES_KEY, DEFAULT_AES_IV);

describe('wire cipher (AES-256-CBC, PKCS7, Base64, UTF-8 key and IV)', () => {
  it('matches the fixed vector for {"status":true} under the default key and IV', () => {
    // Computed once with node:crypto and checked against crypto-js (enc.Utf8.parse key/iv, CBC, Pkcs7).
    expect(cipher.encrypt('{"status":true}')).toBe('yOdjeKZ5hsJ7BDOr+fh4AA==');
    expect(cipher.decrypt('yOdjeKZ5hsJ7BDOr+fh4AA==')).toBe('{"status":true}');
  });

  it('round-trips Thai text, empty strings and long values', () => {
    for (const text of ['สวัสดีครับ ยินดีต้อนรับ', '', 'x'.repeat(1000), '{"name":"<b>Nok</b> นกน้อย"}']) {
      expect(cipher.decrypt(cipher.encrypt(text))).toBe(text);
    }
  });

  it('is deterministic (fixed IV), so equal values give equal ciphertext', () => {
    expect(cipher.encrypt('0812345678')).toBe(cipher.encrypt('0812345678'));
  });

  it('refuses what is not ciphertext under this key', () => {
    expect(cipher.decrypt('0812345678')).toBeNull();
    expect(cipher.decrypt('demo1234')).toBeNull();
    expect(cipher.decrypt('bm90IGNpcGhlcnRleHQ=')).toBeNull();
    expect(cipher.decrypt('')).toBeNull();
    expect(cipher.decrypt('%%%%')).toBeNull();
    const other = createWireCipher('AnotherKey-0123456789abcdefghijk', DEFAULT_AES_IV);
    expect(cipher.decrypt(other.encrypt('{"status":true}'))).not.toBe('{"status":true}');
  });

  it('needs a 32-byte key and a 16-byte IV', () => {
    expect(() => createWireCipher('short', DEFAULT_AES_IV)).toThrow(/32 bytes/);
    expect(() => createWireCipher(DEFAULT_AES_KEY, 'short')).toThrow(/16 bytes/);
  });
});
