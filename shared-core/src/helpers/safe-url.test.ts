import { describe, expect, it } from 'vitest';
import { checkSafeUrl, isSafeUrl, safeUrl } from './safe-url';

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

describe('checkSafeUrl without an allow-list (links out, images)', () => {
  it('accepts any http(s) origin, as the browser reads it', () => {
    expect(checkSafeUrl('https://line.me/R/ti/p/@club')).toEqual({ ok: true, url: 'https://line.me/R/ti/p/@club' });
    expect(checkSafeUrl('  HTTP://Bank.Example/kbank.svg ')).toEqual({ ok: true, url: 'http://bank.example/kbank.svg' });
  });
  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:x',
    'blob:https://a.example/1',
    'file:///etc/passwd',
  ])('still refuses the script-bearing %j', (url) => expect(checkSafeUrl(url)).toEqual({ ok: false, reason: 'script-protocol' }));
  it('still refuses protocol-relative, credential-bearing, non-http, relative and bare-word values', () => {
    expect(checkSafeUrl('//evil.example/x')).toEqual({ ok: false, reason: 'protocol-relative' });
    expect(checkSafeUrl('https://user:pw@line.me/')).toEqual({ ok: false, reason: 'credentials' });
    expect(checkSafeUrl('line://ti/p/@club')).toEqual({ ok: false, reason: 'not-http' });
    expect(checkSafeUrl('ftp://files.example/')).toEqual({ ok: false, reason: 'not-http' });
    expect(checkSafeUrl('/promo')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSafeUrl('promotions')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSafeUrl('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkSafeUrl(undefined)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('checkSafeUrl with sameOriginPath (brand logos)', () => {
  const paths = { sameOriginPath: true };
  it('accepts a path on this origin and an http(s) URL', () => {
    expect(checkSafeUrl('/logos/pre8.svg', null, paths)).toEqual({ ok: true, url: '/logos/pre8.svg' });
    expect(checkSafeUrl('/logos/a b.svg?v=2#x', null, paths)).toEqual({ ok: true, url: '/logos/a%20b.svg?v=2#x' });
    expect(checkSafeUrl('https://cdn.example/pre8.svg', null, paths)).toEqual({ ok: true, url: 'https://cdn.example/pre8.svg' });
  });
  it('refuses what would leave the origin or run', () => {
    expect(checkSafeUrl('//evil.example/logo.svg', null, paths)).toEqual({ ok: false, reason: 'protocol-relative' });
    expect(checkSafeUrl('/\\evil.example/logo.svg', null, paths)).toEqual({ ok: false, reason: 'protocol-relative' });
    expect(checkSafeUrl('\t//evil.example/logo.svg', null, paths)).toEqual({ ok: false, reason: 'protocol-relative' });
    expect(checkSafeUrl('javascript:alert(1)', null, paths)).toEqual({ ok: false, reason: 'script-protocol' });
    expect(checkSafeUrl('logos/pre8.svg', null, paths)).toEqual({ ok: false, reason: 'invalid' });
  });
  it('is off unless asked for', () => expect(checkSafeUrl('/logos/pre8.svg')).toEqual({ ok: false, reason: 'invalid' }));
});

describe('safeUrl', () => {
  it('gives the URL to use, or null', () => {
    expect(safeUrl('https://line.me/R/ti/p/@club')).toBe('https://line.me/R/ti/p/@club');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('https://evil.example/', allowed)).toBeNull();
    expect(safeUrl('https://games.example/x', allowed)).toBe('https://games.example/x');
  });
  it('isSafeUrl agrees with it', () => {
    expect(isSafeUrl('https://line.me/')).toBe(true);
    expect(isSafeUrl('data:text/html,x')).toBe(false);
  });
});
