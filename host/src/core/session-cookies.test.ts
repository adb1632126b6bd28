// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureAffiliate, clearToken, readAffiliate, readToken, rememberLineState, takeLineState, writeSessionCookies,
} from './session-cookies';
import { clearCookies, cookieWrites } from './test-cookies';

afterEach(() => {
  vi.restoreAllMocks();
  clearCookies();
});

describe('session cookies', () => {
  it('writes token, login type and member cookies for 30 days', () => {
    const writes = cookieWrites();
    writeSessionCookies('pre8', 'tok123', 'line');
    expect(writes).toEqual([
      'token-pre8=tok123; path=/; SameSite=Lax; max-age=2592000',
      'type-login-pre8=line; path=/; SameSite=Lax; max-age=2592000',
      'member-pre8=pre8; path=/; SameSite=Lax; max-age=2592000',
    ]);
    expect(readToken('pre8')).toBe('tok123');
    clearToken('pre8');
    expect(readToken('pre8')).toBeNull();
  });

  it('keeps affiliate values under brand-prefixed names for one hour', () => {
    const writes = cookieWrites();
    captureAffiliate('os39', '?agent=a1&platform=fb&channel=&register=r9&other=x');
    expect(writes).toEqual([
      'os39-agent=a1; path=/; SameSite=Lax; max-age=3600',
      'os39-platform=fb; path=/; SameSite=Lax; max-age=3600',
      'os39-register=r9; path=/; SameSite=Lax; max-age=3600',
    ]);
    expect(readAffiliate('os39')).toEqual({ agent: 'a1', platform: 'fb', channel: '', register: 'r9' });
  });

  it('gives the LINE state back once', () => {
    rememberLineState('pre8.AbCdEfGhIjKlMnOpQrStUvWxYz012345', 'connect');
    expect(takeLineState()).toEqual({ state: 'pre8.AbCdEfGhIjKlMnOpQrStUvWxYz012345', intent: 'connect' });
    expect(takeLineState()).toEqual({ state: null, intent: 'login' });
  });
});
