import { describe, expect, it } from 'vitest';
import { checkSafeUrl, isSafeUrl } from './safe-url';

const allowed = ['https://games.example', 'http://localhost:3100'];

describe('checkSafeUrl', () => {
  it('accepts an allow-listed https origin', () => {
    expect(checkSafeUrl('https://games.example/launch?code=7', allowed)).toEqual({ ok: true, url: 'https://games.example/launch?code=7' });
  });
  it('accepts an allow-listed http origin with a port', () => expect(isSafeUrl('http://localhost:3100/x', allowed)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u001Fjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    '\n VBScript:msgbox(1)',
  ])('refuses the script-bearing %j', (url) => {
    expect(checkSafeUrl(url, allowed)).toEqual({ ok: false, reason: 'script-protocol' });
  });
  it('refuses protocol-relative URLs', () => {
    expect(checkSafeUrl('//games.example/x', allowed)).toEqual({ ok: false, reason: 'protocol-relative' });
    expect(checkSafeUrl('\\\\games.example/x', allowed)).toEqual({ ok: false, reason: 'protocol-relative' });
  });
  it('refuses credential-bearing URLs', () => {
    expect(checkSafeUrl('https://user:pw@games.example/', allowed)).toEqual({ ok: false, reason: 'credentials' });
  });
  it('refuses origins off the allow-list, including look-alikes', () => {
    expect(checkSafeUrl('https://evil.example/', allowed)).toEqual({ ok: false, reason: 'origin-not-allowed' });
    expect(checkSafeUrl('https://games.example.evil.example/', allowed)).toEqual({ ok: false, reason: 'origin-not-allowed' });
    expect(checkSafeUrl('http://games.example/', allowed)).toEqual({ ok: false, reason: 'origin-not-allowed' });
  });
  it('refuses empty, relative and non-string input', () => {
    expect(checkSafeUrl('', allowed).ok).toBe(false);
    expect(checkSafeUrl('/relative', allowed).ok).toBe(false);
    expect(checkSafeUrl(42, allowed).ok).toBe(false);
    expect(checkSafeUrl('ftp://games.example/', allowed)).toEqual({ ok: false, reason: 'not-http' });
  });
});
