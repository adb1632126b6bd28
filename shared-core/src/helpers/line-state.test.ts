import { describe, expect, it } from 'vitest';
import { generateLineState, parseLineState, randomAlphanumeric, validateLineState } from './line-state';

describe('generateLineState', () => {
  it('is {prefix}.{32 alphanumerics}', () => {
    expect(generateLineState('pre8')).toMatch(/^pre8\.[A-Za-z0-9]{32}$/);
  });
  it('draws from crypto.getRandomValues (two states differ)', () => {
    expect(generateLineState('pre8')).not.toBe(generateLineState('pre8'));
  });
  it('discards biased bytes instead of folding them (rejection sampling)', () => {
    // 248..255 would bias the modulo; a source that gives only those and then 0 must yield only 'A'.
    let calls = 0;
    const source = (bytes: Uint8Array<ArrayBuffer>) => {
      bytes.fill(calls++ === 0 ? 250 : 0);
      return bytes;
    };
    expect(randomAlphanumeric(8, source)).toBe('AAAAAAAA');
  });
  it('refuses a prefix that is not 4 characters', () => {
    expect(() => generateLineState('toolong')).toThrow();
  });
});

describe('validateLineState', () => {
  const stored = 'pre8.AbCdEfGhIjKlMnOpQrStUvWxYz012345';
  it('accepts the same state', () => expect(validateLineState(stored, stored, 'pre8')).toEqual({ ok: true, prefix: 'pre8' }));
  it('refuses a malformed state', () => expect(validateLineState('pre8.short', stored)).toEqual({ ok: false, error: 'format' }));
  it('refuses when no cookie was kept', () => expect(validateLineState(stored, null)).toEqual({ ok: false, error: 'session' }));
  it('refuses a different random part', () => {
    expect(validateLineState('pre8.AbCdEfGhIjKlMnOpQrStUvWxYz012346', stored)).toEqual({ ok: false, error: 'session' });
  });
  it('refuses a different prefix', () => {
    expect(validateLineState('os39.AbCdEfGhIjKlMnOpQrStUvWxYz012345', stored)).toEqual({ ok: false, error: 'session' });
    expect(validateLineState(stored, stored, 'os39')).toEqual({ ok: false, error: 'session' });
  });
  it('parses prefix and random part', () => {
    expect(parseLineState(stored)).toEqual({ prefix: 'pre8', random: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345' });
    expect(parseLineState('pre8-AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBeNull();
  });
});
