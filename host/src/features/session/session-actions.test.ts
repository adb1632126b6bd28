// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetProfileReply, LoginReply, MemberInfo } from '@member/shared-core';
import { ApiError } from '../../core/api/api-error';
import { session as sessionStorageOf } from '../../core/lib/safe-storage';
import { LOGOUT_DELAY_MS, unauthorizedLogoutAtom } from './logout';
import { lineReturnPath } from './return-to';
import { startLineLoginAtom, submitPhoneLoginAtom, verifyOnceAtom } from './session-actions';
import { refreshProfileAtom } from '../../core/base/refresh-profile';
import { answerUnauthorized } from '../../core/base/session-end';
import { LINE_INTENT_COOKIE, LINE_STATE_COOKIE, readLoginType, readToken, writeSessionCookies } from '../../core/base/session-cookies';
import { isLoggedInAtom, sessionAtom } from '../../core/base/session-state';
import { closeTabSync, openTabSync } from './tab-sync';
import { clearCookies, cookieWrites } from '../../core/base/test-cookies';
import { testMemberStore, testSiteStore } from '../../core/base/test-member';
import { recordNavigations } from '../../core/lib/test-navigation';

const phoneLogin = vi.hoisted(() => vi.fn());
const lineLogin = vi.hoisted(() => vi.fn());
const getProfile = vi.hoisted(() => vi.fn());
const verify = vi.hoisted(() => vi.fn());
const logoutCall = vi.hoisted(() => vi.fn(async () => ({ status: true })));
vi.mock('../../core/api/api', async () =>
  (await import('../../core/api/test-calls')).fakeApi({
    // The caller's stop button travels as the call's signal.
    phoneLogin: (request: never, options?: { signal?: AbortSignal }) => phoneLogin(request, options?.signal),
    lineLogin,
    getProfile,
    verify,
    logout: logoutCall,
  }),
);

const PREFIX = 'pre8';
const LINE_ORIGIN = 'https://access.line.test';
const MEMBER: MemberInfo = {
  cid: 7,
  account_name: 'Somchai',
  account_number: '1234567890',
  phone: '0812345678',
  bank_th: 'ก',
  bank_en: 'K',
  set: 'KBANK',
  logo: '',
};
const STATE_FORM = new RegExp(`^${PREFIX}\\.[A-Za-z0-9]{32}$`);

function readCookieNamed(name: string): string | null {
  const part = document.cookie
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${name}=`));
  return part ? decodeURIComponent(part.slice(name.length + 1)) : null;
}

const guestStore = (divided = false) => testSiteStore({ allowedOrigins: [LINE_ORIGIN], site: { divided } });
const memberStore = () =>
  testMemberStore({ allowedOrigins: [LINE_ORIGIN], site: { divided: false }, memberInfo: MEMBER, games: [], cookies: true });

const loginReply = (overrides: Partial<LoginReply> = {}): LoginReply => ({
  status: true,
  accounts: true,
  access_token: 'fresh-token',
  member_info: MEMBER,
  profile: { email: 'm@example.test', name: 'Somchai', picture: '', lineConnect: false, phoneConnect: true },
  games: [{ service: 'UFA', game_user: 'pre8u1', game_password: 'p', main: true, generate: false }],
  ...overrides,
});

const navigations = recordNavigations();

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  closeTabSync();
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const mock of [phoneLogin, lineLogin, getProfile, verify]) mock.mockReset();
  logoutCall.mockClear();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

describe('the phone login', () => {
  it("sends phone, password, a fresh state, the prefix and the site's divisions; keeps the token and login type for 30 days and logs the member in", async () => {
    const store = guestStore(true);
    phoneLogin.mockResolvedValueOnce(loginReply());
    openTabSync(PREFIX);
    const otherTab = new BroadcastChannel(`member-session-${PREFIX}`);
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    const writes = cookieWrites();

    await expect(store.set(submitPhoneLoginAtom, '0812345678', 'secret')).resolves.toEqual({ ok: true });

    expect(phoneLogin).toHaveBeenCalledTimes(1);
    const [request] = phoneLogin.mock.calls[0]!;
    expect(request).toEqual({
      username: '0812345678',
      password: 'secret',
      state: expect.stringMatching(STATE_FORM),
      prefix: PREFIX,
      divisions: 'true',
    });
    // 30 days, as the product keeps a login.
    expect(writes).toContain('token-pre8=fresh-token; path=/; SameSite=Lax; max-age=2592000');
    expect(writes).toContain('type-login-pre8=phone; path=/; SameSite=Lax; max-age=2592000');
    expect(readToken(PREFIX)).toBe('fresh-token');
    expect(store.get(isLoggedInAtom)).toBe(true);
    expect(store.get(sessionAtom)).toMatchObject({ logged: true, logNew: true, loginBy: 'phone', accounts: true, memberInfo: MEMBER });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'login' }]));
    otherTab.close();
  });

  it('a site without divisions says "false"', async () => {
    const store = guestStore();
    phoneLogin.mockResolvedValueOnce(loginReply());
    await store.set(submitPhoneLoginAtom, '0812345678', 'secret');
    expect(phoneLogin.mock.calls[0]![0]).toMatchObject({ divisions: 'false' });
  });

  it.each([
    ['status false', loginReply({ status: false, access_token: undefined })],
    ['status true without a token', loginReply({ access_token: '' })],
  ])('a refusal (%s) logs nobody in and says the login failed, with the fields the server named', async (_name, reply) => {
    const store = guestStore();
    phoneLogin.mockResolvedValueOnce({ ...reply, fields: { password: 'wrong' } });
    await expect(store.set(submitPhoneLoginAtom, '0812345678', 'bad')).resolves.toEqual({
      ok: false,
      messageKey: 'login.errors.failed',
      fields: { password: 'wrong' },
    });
    expect(readToken(PREFIX)).toBeNull();
    expect(store.get(isLoggedInAtom)).toBe(false);
  });

  it.each([
    ['offline', new ApiError('offline', 'phoneLogin'), 'api.errors.offline'],
    ['a 500', new ApiError('http', 'phoneLogin', 500), 'api.errors.http'],
    ['a 401', new ApiError('unauthorized', 'phoneLogin', 401), 'api.errors.unauthorized'],
    ['something that is no API error', new TypeError('boom'), 'api.errors.http'],
  ])('a call that fails (%s) says why and logs nobody in', async (_name, error, messageKey) => {
    const store = guestStore();
    phoneLogin.mockRejectedValueOnce(error);
    await expect(store.set(submitPhoneLoginAtom, '0812345678', 'secret')).resolves.toEqual({ ok: false, messageKey });
    expect(readToken(PREFIX)).toBeNull();
    expect(store.get(isLoggedInAtom)).toBe(false);
  });

  it('a login the member stopped waiting for is not applied, even when the server says yes late', async () => {
    const store = guestStore();
    const stop = new AbortController();
    phoneLogin.mockImplementationOnce(async () => {
      stop.abort();
      return loginReply();
    });
    await expect(store.set(submitPhoneLoginAtom, '0812345678', 'secret', stop.signal)).resolves.toEqual({
      ok: false,
      messageKey: 'api.errors.cancelled',
    });
    expect(phoneLogin.mock.calls[0]![1]).toBe(stop.signal);
    expect(readToken(PREFIX)).toBeNull();
    expect(store.get(isLoggedInAtom)).toBe(false);
  });
});

describe('starting a LINE login', () => {
  it('keeps a fresh single-use state in the line-state cookie, asks for the link with it, and goes to LINE', async () => {
    const store = guestStore();
    window.history.replaceState(null, '', '/login?next=%2Fslot%3Fbrand%3DPP');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    lineLogin.mockResolvedValueOnce({ status: true, data: `${LINE_ORIGIN}/oauth2/v2.1/authorize?client_id=1` });

    await expect(store.set(startLineLoginAtom)).resolves.toEqual({ ok: true });

    const kept = readCookieNamed(LINE_STATE_COOKIE);
    expect(kept).toMatch(STATE_FORM);
    expect(readCookieNamed(LINE_INTENT_COOKIE)).toBe('login');
    expect(lineLogin).toHaveBeenCalledWith({ state: kept, dot: window.location.origin });
    expect(assign).toHaveBeenCalledWith(`${LINE_ORIGIN}/oauth2/v2.1/authorize?client_id=1`);
    // Back from LINE, the member lands on the page they asked for.
    expect(lineReturnPath()).toBe('/slot?brand=PP');
    window.history.replaceState(null, '', '/');
  });

  it('each start keeps a new state', async () => {
    const store = guestStore();
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    lineLogin.mockResolvedValue({ status: true, data: `${LINE_ORIGIN}/authorize` });
    await store.set(startLineLoginAtom);
    const first = readCookieNamed(LINE_STATE_COOKIE);
    await store.set(startLineLoginAtom);
    expect(readCookieNamed(LINE_STATE_COOKIE)).not.toBe(first);
  });

  it.each([
    ['a link to an origin that is not allowed', { status: true, data: 'https://evil.test/authorize' }],
    ['a script link', { status: true, data: 'javascript:alert(1)' }],
    ['a refusal', { status: false, data: `${LINE_ORIGIN}/authorize` }],
  ])('%s goes nowhere and says LINE is unavailable', async (_name, reply) => {
    const store = guestStore();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    lineLogin.mockResolvedValueOnce(reply);
    await expect(store.set(startLineLoginAtom)).resolves.toEqual({ ok: false, messageKey: 'login.errors.lineUnavailable' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('a call that fails goes nowhere and says why', async () => {
    const store = guestStore();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    lineLogin.mockRejectedValueOnce(new ApiError('timeout', 'lineLogin'));
    await expect(store.set(startLineLoginAtom)).resolves.toEqual({ ok: false, messageKey: 'api.errors.timeout' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('forgets a return path a previous start kept when this login page names none', async () => {
    const store = guestStore();
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    sessionStorageOf.set('line-login-return', '/fish');
    lineLogin.mockResolvedValueOnce({ status: true, data: `${LINE_ORIGIN}/authorize` });
    await store.set(startLineLoginAtom);
    expect(lineReturnPath()).toBe('/profile');
  });
});

describe('re-reading the profile', () => {
  // The core's re-read reports a 401 through its port; the session answers it, as the app wires it.
  let stopAnswering: () => void = () => undefined;
  beforeAll(() => {
    stopAnswering = answerUnauthorized((set) => set(unauthorizedLogoutAtom));
  });
  afterAll(() => stopAnswering());

  const profileReply = (overrides: Partial<GetProfileReply> = {}): GetProfileReply => ({
    status: true,
    accounts: true,
    member_info: { ...MEMBER, phone: '0899999999' },
    profile: { email: 'm@example.test', name: 'Somchai', picture: '', lineConnect: true, phoneConnect: true },
    games: [],
    ...overrides,
  });

  it('asks with the stored token and login type and applies the reply, as a session restored rather than a fresh login', async () => {
    const store = memberStore();
    writeSessionCookies(PREFIX, 'member-token', 'line');
    getProfile.mockResolvedValueOnce(profileReply());
    await expect(store.set(refreshProfileAtom)).resolves.toBe(true);
    expect(getProfile).toHaveBeenCalledWith({ prefix: PREFIX, type: 'line', token: 'member-token' });
    expect(store.get(sessionAtom)).toMatchObject({
      logNew: false,
      loginBy: 'line',
      memberInfo: { phone: '0899999999' },
      profile: { lineConnect: true },
    });
    expect(readToken(PREFIX)).toBe('member-token');
  });

  it('replaces the token when the reply says it was refreshed', async () => {
    const store = memberStore();
    getProfile.mockResolvedValueOnce(profileReply({ refresh_status: true, access_token: 'rotated' }));
    await store.set(refreshProfileAtom);
    expect(readToken(PREFIX)).toBe('rotated');
    expect(readLoginType(PREFIX)).toBe('phone');
  });

  it('asks nothing without a stored token', async () => {
    const store = guestStore();
    await expect(store.set(refreshProfileAtom)).resolves.toBe(false);
    expect(getProfile).not.toHaveBeenCalled();
  });

  it('a refusal changes nothing', async () => {
    const store = memberStore();
    getProfile.mockResolvedValueOnce(profileReply({ status: false }));
    await expect(store.set(refreshProfileAtom)).resolves.toBe(false);
    expect(store.get(sessionAtom).memberInfo).toEqual(MEMBER);
    expect(store.get(isLoggedInAtom)).toBe(true);
  });

  it('a server that does not answer keeps the session', async () => {
    const store = memberStore();
    getProfile.mockRejectedValueOnce(new ApiError('http', 'getProfile', 503));
    await expect(store.set(refreshProfileAtom)).resolves.toBe(false);
    expect(store.get(isLoggedInAtom)).toBe(true);
    expect(readToken(PREFIX)).toBe('member-token');
  });

  it('a 401 logs out, without posting the dead token', async () => {
    vi.useFakeTimers();
    const store = memberStore();
    getProfile.mockRejectedValueOnce(new ApiError('unauthorized', 'getProfile', 401));
    const done = store.set(refreshProfileAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await expect(done).resolves.toBe(false);
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(readToken(PREFIX)).toBeNull();
    expect(logoutCall).not.toHaveBeenCalled();
    expect(navigations).toEqual([`/login?prefix=${PREFIX}`]);
  });
});

describe('one verification', () => {
  it('sends the stored token with its login type', async () => {
    const store = memberStore();
    writeSessionCookies(PREFIX, 'member-token', 'line');
    verify.mockResolvedValueOnce({ status: true });
    await store.set(verifyOnceAtom);
    expect(verify).toHaveBeenCalledWith({ token: 'member-token', type: 'line' });
    expect(store.get(isLoggedInAtom)).toBe(true);
  });

  it('a refresh_status without a new token keeps the old one', async () => {
    const store = memberStore();
    verify.mockResolvedValueOnce({ status: true, refresh_status: true });
    await store.set(verifyOnceAtom);
    expect(readToken(PREFIX)).toBe('member-token');
  });

  it('a token cleared meanwhile (another tab logged out) ends the session here without asking the server', async () => {
    vi.useFakeTimers();
    const store = memberStore();
    document.cookie = `token-${PREFIX}=; path=/; max-age=0`;
    const done = store.set(verifyOnceAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await done;
    expect(verify).not.toHaveBeenCalled();
    expect(logoutCall).not.toHaveBeenCalled();
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(navigations).toEqual([`/login?prefix=${PREFIX}`]);
  });
});
