import { describe, expect, it } from 'vitest';
import { createWireCipher, DEFAULT_AES_IV, DEFAULT_AES_KEY } from './crypto';
import { EnvelopeError, openEnvelope, sealEnvelope } from './envelope';

const cipher = createWireCipher(DEFAULT_AES_KEY, DEFAULT_AES_IV);

describe('envelope', () => {
  it('seals a reply as {"data": base64} and opens it again', () => {
    const sealed = sealEnvelope(cipher, { status: true });
    expect(sealed).toBe('{"data":"yOdjeKZ5hsJ7BDOr+fh4AA=="}');
    expect(openEnvelope(cipher, sealed)).toEqual({ status: true });
    const thai = { status: false, message: 'เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง' };
    expect(openEnvelope(cipher, sealEnvelope(cipher, thai))).toEqual(thai);
  });

  it('fails with one typed error for each broken body', () => {
    expect(() => openEnvelope(cipher, '<<not json')).toThrow(EnvelopeError);
    expect(() => openEnvelope(cipher, '')).toThrow(EnvelopeError);
    expect(() => openEnvelope(cipher, '{"nodata":1}')).toThrow(/no "data"/);
    expect(() => openEnvelope(cipher, '{"data":"bm90IGNpcGhlcnRleHQ="}')).toThrow(/does not decrypt/);
    expect(() => openEnvelope(cipher, JSON.stringify({ data: cipher.encrypt('not json') }))).toThrow(/not JSON/);
  });
});
