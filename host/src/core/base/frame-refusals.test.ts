import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { refusedFrameOriginsAtom } from './frame-refusals-state';
import { canFrame, installFrameRefusalListener } from './frame-refusals';

function violation(effectiveDirective: string, blockedURI: string): Event {
  return Object.assign(new Event('securitypolicyviolation'), { effectiveDirective, blockedURI });
}

describe('frame refusals', () => {
  it('notes the origin of every frame the policy refused, once, and nothing else', () => {
    const store = createStore();
    const target = new EventTarget();
    const uninstall = installFrameRefusalListener(store, target as unknown as Document);
    target.dispatchEvent(violation('frame-src', 'http://127.0.0.1:4500/promo/pre8'));
    target.dispatchEvent(violation('frame-src', 'http://127.0.0.1:4500/promo/os39'));
    target.dispatchEvent(violation('child-src', 'https://promo.example/a'));
    target.dispatchEvent(violation('script-src-elem', 'http://127.0.0.1:4419/x.js'));
    target.dispatchEvent(violation('frame-src', 'inline'));
    expect([...store.get(refusedFrameOriginsAtom)]).toEqual(['http://127.0.0.1:4500', 'https://promo.example']);
    uninstall();
    target.dispatchEvent(violation('frame-src', 'https://later.example/'));
    expect(store.get(refusedFrameOriginsAtom).has('https://later.example')).toBe(false);
  });

  it('a refused origin, or an http page in an https page, cannot be framed', () => {
    const refused = new Set(['http://127.0.0.1:4500']);
    expect(canFrame('http://localhost:4500/promo/pre8', refused, 'http:')).toBe(true);
    expect(canFrame('http://127.0.0.1:4500/promo/pre8', refused, 'http:')).toBe(false);
    expect(canFrame('https://promo.example/p', refused, 'https:')).toBe(true);
    expect(canFrame('http://promo.example/p', refused, 'https:')).toBe(false);
    expect(canFrame('not a url', refused, 'http:')).toBe(false);
  });
});
