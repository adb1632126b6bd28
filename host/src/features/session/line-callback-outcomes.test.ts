// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../core/api/api-error';
import { lineCallbackAtom } from './line-callback';
import { readLineRegistration } from './line-registration';
import { LINE_STATE_COOKIE, readLoginType, readToken, rememberLineState } from '../../core/base/session-cookies';
import { isLoggedInAtom, sessionAtom } from '../../core/base/session-state';
import { clearCookies } from '../../core/base/test-cookies';
import { TEST_MEMBER_INFO as MEMBER, testMemberStore, testSiteStore } from '../../core/base/test-member';

const lineProfile = vi.hoisted(() => vi.fn());
const checkLineConnect = vi.hoisted(() => vi.fn());
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ lineProfile, checkLineConnect }));

const PREFIX = 'pre8';
const KEPT = `${PREFIX}.${'Q'.repeat(32)}`;
const siteStore = () => testSiteStore();

/** A member on the account page who pressed "connect LINE": logged in by phone, LINE not connected yet. */
function connectingMember() {
  const store = testMemberStore({
    games: [],
    profile: { email: '', name: 'a', picture: '', lineConnect: false, phoneConnect: true },
    cookies: true,
  });
  rememberLineState(KEPT, 'connect');
  return store;
}

const hasCookie = (name: string) =>
  document.cookie.split(';').some((part) => part.trim().startsWith(`${name}=`) && part.trim().length > name.length + 1);

beforeEach(() => {
  lineProfile.mockResolvedValue({ status: true, accounts: true, access_token: 'line-member-token', member_info: MEMBER, games: [] });
  checkLineConnect.mockResolvedValue({ status: true });
});
afterEach(() => {
  lineProfile.mockReset();
  checkLineConnect.mockReset();
  sessionStorage.clear();
  clearCookies();
});

describe('the LINE callback of a login', () => {
  it('keeps the LINE login\'s token and its type "line"', async () => {
    const store = siteStore();
    rememberLineState(KEPT, 'login');
    await store.set(lineCallbackAtom, { code: 'c1', state: KEPT, error: null });
    expect(readToken(PREFIX)).toBe('line-member-token');
    expect(readLoginType(PREFIX)).toBe('line');
    expect(store.get(sessionAtom)).toMatchObject({ loginBy: 'line', logNew: true });
  });

  it.each([
    ['a refusal', { status: false }],
    ['status true without a token', { status: true, accounts: true, access_token: '' }],
  ])('%s from lineProfile logs nobody in and says the LINE login failed', async (_name, reply) => {
    const store = siteStore();
    rememberLineState(KEPT, 'login');
    lineProfile.mockResolvedValueOnce(reply);
    expect(await store.set(lineCallbackAtom, { code: 'c1', state: KEPT, error: null })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.failed',
    });
    expect(readToken(PREFIX)).toBeNull();
    expect(readLineRegistration(PREFIX)).toBeNull();
    expect(store.get(isLoggedInAtom)).toBe(false);
  });

  it('a lineProfile call that fails says the LINE login failed', async () => {
    const store = siteStore();
    rememberLineState(KEPT, 'login');
    lineProfile.mockRejectedValueOnce(new ApiError('http', 'lineProfile', 502));
    expect(await store.set(lineCallbackAtom, { code: 'c1', state: KEPT, error: null })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.failed',
    });
    expect(store.get(isLoggedInAtom)).toBe(false);
  });

  it('a callback without a code is refused as a session error, even with the right state', async () => {
    const store = siteStore();
    rememberLineState(KEPT, 'login');
    expect(await store.set(lineCallbackAtom, { code: null, state: KEPT, error: null })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.session',
      error: 'session',
    });
    expect(lineProfile).not.toHaveBeenCalled();
  });

  it('a cancel at LINE uses up the kept state too', async () => {
    const store = siteStore();
    rememberLineState(KEPT, 'login');
    await store.set(lineCallbackAtom, { code: null, state: KEPT, error: 'access_denied' });
    expect(hasCookie(LINE_STATE_COOKIE)).toBe(false);
    expect(await store.set(lineCallbackAtom, { code: 'c1', state: KEPT, error: null })).toMatchObject({
      kind: 'refused',
      error: 'session',
    });
  });

  it('a page of no known brand is refused before anything is sent', async () => {
    const store = testSiteStore({ prefix: null });
    rememberLineState(KEPT, 'login');
    expect(await store.set(lineCallbackAtom, { code: 'c1', state: KEPT, error: null })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.session',
      error: 'session',
    });
    expect(lineProfile).not.toHaveBeenCalled();
  });
});

describe('the LINE callback of a connect', () => {
  it("sends the member's token with the code, and shows LINE connected", async () => {
    const store = connectingMember();
    expect(await store.set(lineCallbackAtom, { code: 'c2', state: KEPT, error: null })).toEqual({ kind: 'go', path: '/info/lineAuthInfo' });
    expect(checkLineConnect).toHaveBeenCalledWith({ token: 'member-token', code: 'c2' });
    expect(lineProfile).not.toHaveBeenCalled();
    expect(store.get(sessionAtom)).toMatchObject({ errorLineConnect: false, profile: { lineConnect: true }, loginBy: 'phone' });
    // The member's own session is the one it was.
    expect(readToken(PREFIX)).toBe('member-token');
  });

  it('a refused connect sets error_line_connect and leaves LINE unconnected', async () => {
    const store = connectingMember();
    checkLineConnect.mockResolvedValueOnce({ status: false });
    expect(await store.set(lineCallbackAtom, { code: 'c2', state: KEPT, error: null })).toEqual({ kind: 'go', path: '/info/lineAuthInfo' });
    expect(store.get(sessionAtom)).toMatchObject({ errorLineConnect: true, profile: { lineConnect: false } });
  });

  it("without the member's token nothing is sent and the connect has failed", async () => {
    const store = connectingMember();
    document.cookie = `token-${PREFIX}=; path=/; max-age=0`;
    await store.set(lineCallbackAtom, { code: 'c2', state: KEPT, error: null });
    expect(checkLineConnect).not.toHaveBeenCalled();
    expect(store.get(sessionAtom).errorLineConnect).toBe(true);
  });

  it('a cancel at LINE says the connect was cancelled and sets error_line_connect', async () => {
    const store = connectingMember();
    expect(await store.set(lineCallbackAtom, { code: null, state: KEPT, error: 'access_denied' })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.connectCancelled',
    });
    expect(checkLineConnect).not.toHaveBeenCalled();
    expect(store.get(sessionAtom).errorLineConnect).toBe(true);
  });

  it('a state that is not the kept one sends nothing and sets error_line_connect', async () => {
    const store = connectingMember();
    expect(await store.set(lineCallbackAtom, { code: 'c2', state: `${PREFIX}.${'R'.repeat(32)}`, error: null })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.session',
      error: 'session',
    });
    expect(checkLineConnect).not.toHaveBeenCalled();
    expect(store.get(sessionAtom).errorLineConnect).toBe(true);
  });

  it('a checkLineConnect call that fails is a failed connect: error_line_connect, and the member stays logged in', async () => {
    const store = connectingMember();
    checkLineConnect.mockRejectedValueOnce(new ApiError('timeout', 'checkLineConnect'));
    expect(await store.set(lineCallbackAtom, { code: 'c2', state: KEPT, error: null })).toEqual({
      kind: 'refused',
      messageKey: 'checkLine.failed',
    });
    expect(store.get(isLoggedInAtom)).toBe(true);
    // The account page says the connect failed, as it does for every other failed connect.
    expect(store.get(sessionAtom)).toMatchObject({ errorLineConnect: true, profile: { lineConnect: false } });
  });
});
