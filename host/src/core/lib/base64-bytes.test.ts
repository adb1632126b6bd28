import { describe, expect, it } from 'vitest';
import { bytesOfBase64 } from './base64-bytes';

describe('bytesOfBase64', () => {
  it('gives back every byte value, as the wire encoded it', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...bytesOfBase64(btoa(String.fromCharCode(...all)))]).toEqual([...all]);
  });

  it('reads a long reply whole', () => {
    const long = new Uint8Array(150_000).map((_, i) => (i * 7) & 255);
    let binary = '';
    for (const byte of long) binary += String.fromCharCode(byte);
    const bytes = bytesOfBase64(btoa(binary));
    // Compared in one call: toEqual walks 150,000 elements one by one, seconds on a loaded machine.
    expect(bytes.length).toBe(long.length);
    expect(Buffer.compare(bytes, long)).toBe(0);
  });

  it('refuses text that is not Base64, as atob does', () => {
    expect(() => bytesOfBase64('not base64!')).toThrow();
  });
});
