// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineCallbackAtom } from './line-callback';
import { readLineRegistration } from './line-registration';
import { readToken, rememberLineState } from '../../core/base/session-cookies';
import { isLoggedInAtom } from '../../core/base/session-state';
import { clearCookies } from '../../core/base/test-cookies';
import { testSiteStore } from '../../core/base/test-member';

const lineProfile = vi.hoisted(() => vi.fn());
const checkLineConnect = vi.hoisted(() => vi.fn());
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ lineProfile, checkLineConnect }));

const PREFIX = 'pre8';
const KEPT = `${PREFIX}.${'A'.repeat(32)}`;
const MEMBER = { cid: 7, account_name: 'a', account_number: '1', phone: '0812345678', bank_th: 'b', bank_en: 'b', set: 'KBANK', logo: '' };

const guestStore = () => testSiteStore();

beforeEach(() => {
  lineProfile.mockResolvedValue({ status: true, accounts: true, access_token: 'line-member-token', member_info: MEMBER, games: [] });
});
afterEach(() => {
  lineProfile.mockReset();
  checkLineConnect.mockReset();
  clearCookies();
});

describe('the LINE callback', () => {
  it('logs the member in when the returned state is the one kept, and only once: the kept state is gone after use', async () => {
    const store = guestStore();
    rememberLineState(KEPT, 'login');
    expect(await store.set(lineCallbackAtom, { code: 'c1', state: KEPT, error: null })).toEqual({ kind: 'go', path: '/check/member' });
    expect(lineProfile).toHaveBeenCalledWith({ prefix: PREFIX, code: 'c1', dot: window.location.origin });
    expect(readToken(PREFIX)).toBe('line-member-token');
    expect(store.get(isLoggedInAtom)).toBe(true);

    // The same callback replayed finds no kept state.
    expect(await store.set(lineCallbackAtom, { code: 'c1', state: KEPT, error: null })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.session',
      error: 'session',
    });
    expect(lineProfile).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no state at all', null],
    ['a malformed state', 'not-a-state'],
    ["another brand's state", `os39.${'A'.repeat(32)}`],
    ['a different random part', `${PREFIX}.${'B'.repeat(32)}`],
    ['a random part one character short', `${PREFIX}.${'A'.repeat(31)}`],
  ])('refuses %s without sending the code, and logs nobody in', async (_name, state) => {
    const store = guestStore();
    rememberLineState(KEPT, 'login');
    expect(await store.set(lineCallbackAtom, { code: 'c1', state, error: null })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.session',
      error: 'session',
    });
    expect(lineProfile).not.toHaveBeenCalled();
    expect(readToken(PREFIX)).toBeNull();
    expect(store.get(isLoggedInAtom)).toBe(false);
  });

  it('sends a LINE account with no member yet to registration, with its LINE token kept', async () => {
    const store = guestStore();
    rememberLineState(KEPT, 'login');
    lineProfile.mockResolvedValueOnce({ status: true, accounts: false, access_token: 'line-only' });
    expect(await store.set(lineCallbackAtom, { code: 'c1', state: KEPT, error: null })).toEqual({ kind: 'go', path: '/register' });
    expect(readLineRegistration(PREFIX)).toBe('line-only');
    expect(readToken(PREFIX)).toBeNull();
  });

  it('says a cancel at LINE was a cancel, not a session error', async () => {
    const store = guestStore();
    rememberLineState(KEPT, 'login');
    expect(await store.set(lineCallbackAtom, { code: null, state: KEPT, error: 'access_denied' })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.cancelled',
    });
    expect(lineProfile).not.toHaveBeenCalled();
  });
});
