import { describe, expect, it } from 'vitest';
import { createWireCipher } from './crypto';

// Fixed vectors computed independently with Node's OpenSSL AES-256-CBC (key and IV as UTF-8 bytes, PKCS7).
const cipher = createWireCipher('MemberDemoKey-0123456789abcdefgh', 'MemberDemoIV0123');

describe('wire cipher', () => {
  it('encrypts to the fixed vector', () => {
    expect(cipher.encrypt('{"status":true}')).toBe('yOdjeKZ5hsJ7BDOr+fh4AA==');
    expect(cipher.encrypt('สวัสดี 0812345678')).toBe('7gv1n8B67OAYAwKqnGLneu0vBIOj1UVmImPMLNlhxZo=');
  });
  it('decrypts the fixed vectors', () => {
    expect(cipher.decrypt('yOdjeKZ5hsJ7BDOr+fh4AA==')).toBe('{"status":true}');
    expect(cipher.decrypt('7gv1n8B67OAYAwKqnGLneu0vBIOj1UVmImPMLNlhxZo=')).toBe('สวัสดี 0812345678');
  });
  it('round-trips Thai text and long payloads', () => {
    const text = JSON.stringify({ name: 'สมชาย <b>ใจดี</b>', n: 'x'.repeat(5000) });
    expect(cipher.decrypt(cipher.encrypt(text))).toBe(text);
  });
  it('throws on text that is not ciphertext', () => {
    expect(() => cipher.decrypt('not base64!')).toThrow();
    expect(() => cipher.decrypt('bm90IGNpcGhlcnRleHQ=')).toThrow();
  });
  it('throws on ciphertext under another key', () => {
    const other = createWireCipher('AnotherKey-0123456789abcdefghijk', 'MemberDemoIV0123');
    expect(() => cipher.decrypt(other.encrypt('{"status":true}'))).toThrow();
  });
});
