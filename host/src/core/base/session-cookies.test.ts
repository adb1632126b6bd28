// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureAffiliate,
  clearToken,
  readAffiliate,
  readToken,
  rememberLineState,
  takeLineState,
  writeSessionCookies,
} from './session-cookies';
import { clearCookies, cookieWrites } from './test-cookies';

const reportError = vi.hoisted(() => vi.fn());
vi.mock('../lib/error-report', () => ({ reportError }));

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

  it('keeps only values of letters, digits, _, - and . up to 64 long; drops the others with a report that names the key alone', () => {
    reportError.mockClear();
    const writes = cookieWrites();
    const search = new URLSearchParams({
      agent: '<script>x</script>',
      platform: 'fb\r\nSet-Cookie: x=1',
      channel: 'line_oa.2026-06',
      register: 'r'.repeat(65),
    }).toString();
    expect(captureAffiliate('pre8', `?${search}`)).toEqual(['agent', 'platform', 'register']);
    expect(writes).toEqual(['pre8-channel=line_oa.2026-06; path=/; SameSite=Lax; max-age=3600']);
    expect(readAffiliate('pre8')).toEqual({ agent: '', platform: '', channel: 'line_oa.2026-06', register: '' });
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(
      'affiliate-dropped',
      "the address's agent, platform, register were dropped: not 1 to 64 letters, digits, _, - or .",
    );
    expect(String(reportError.mock.calls[0])).not.toContain('script');
    for (const value of ['ก', 'a b', 'a/b', 'a%0Ab', 'é'])
      expect(captureAffiliate('os39', `?agent=${encodeURIComponent(value)}`), value).toEqual(['agent']);
  });

  it('reads a kept value of another form (an earlier version kept it) as none', () => {
    document.cookie = `pre8-agent=${encodeURIComponent('<b>x</b>')}; path=/`;
    document.cookie = 'pre8-channel=ok-1; path=/';
    expect(readAffiliate('pre8')).toEqual({ agent: '', platform: '', channel: 'ok-1', register: '' });
  });

  it('gives the LINE state back once', () => {
    rememberLineState('pre8.AbCdEfGhIjKlMnOpQrStUvWxYz012345', 'connect');
    expect(takeLineState()).toEqual({ state: 'pre8.AbCdEfGhIjKlMnOpQrStUvWxYz012345', intent: 'connect' });
    expect(takeLineState()).toEqual({ state: null, intent: 'login' });
  });
});
