// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeReturnFromGameAtom } from '../accounts/state';
import { openExternalAtom } from './open-external';
import { testSiteStore } from '../../core/base/test-member';

const GAME = 'https://games.provider.example/launch?t=1';

const siteStore = () => testSiteStore({ allowedOrigins: ['https://games.provider.example'] });

let assign: ReturnType<typeof vi.fn>;
let phone = false;

beforeEach(() => {
  assign = vi.fn();
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: phone, media: query }) as MediaQueryList);
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, assign } });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  phone = false;
});

describe('opening a game', () => {
  it('on desktop, in a new window cut from this one', () => {
    const opened = { opener: window as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const store = siteStore();
    expect(store.set(openExternalAtom, GAME)).toBe(true);
    expect(open).toHaveBeenCalledWith(GAME, '_blank');
    expect(opened.opener).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(store.set(takeReturnFromGameAtom)).toBe(true);
  });

  it('in the same tab when the browser blocks the pop-up', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const store = siteStore();
    expect(store.set(openExternalAtom, GAME)).toBe(true);
    expect(assign).toHaveBeenCalledWith(GAME);
  });

  it('on a phone, in the same tab without trying a pop-up', () => {
    phone = true;
    const open = vi.spyOn(window, 'open');
    const store = siteStore();
    expect(store.set(openExternalAtom, GAME)).toBe(true);
    expect(open).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith(GAME);
  });

  it('not at all for a link the guard refuses, and the member is not taken for away', () => {
    const open = vi.spyOn(window, 'open');
    const store = siteStore();
    expect(store.set(openExternalAtom, 'javascript:alert(1)')).toBe(false);
    expect(store.set(openExternalAtom, 'https://elsewhere.example/x')).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(store.set(takeReturnFromGameAtom)).toBe(false);
  });
});
