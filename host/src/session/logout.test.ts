// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { RuntimeConfig, SitesFile } from '@member/shared-core';
import { ApiError } from '../api/api-error';
import { bootReadyAtom } from '../app/boot-state';
import { registerNavigate } from '../lib/navigation';
import { local } from '../lib/safe-storage';
import { gameAccountsAtom, providersAtom, setProviderAtom } from '../accounts/state';
import { favouritesAtom, refreshAtAtom, setFavouritesAtom } from '../lobby/state';
import { lastDepositAtom } from '../wallet/state';
import { LOGOUT_DELAY_MS, LOGOUT_LOCAL_KEYS, logoutAtom } from './logout';
import { verifyOnceAtom } from './session-actions';
import { readToken, writeSessionCookies } from './session-cookies';
import { isLoggedInAtom, sessionAtom, sessionFromReplyAtom } from './state';
import { closeTabSync, openTabSync } from './tab-sync';
import { memberTransAtom } from '../realtime/member-events';

const logoutCall = vi.hoisted(() => vi.fn(async () => ({ status: true })));
const verify = vi.hoisted(() => vi.fn());
vi.mock('./api/logout', () => ({ logout: logoutCall }));
vi.mock('./api/verify', () => ({ verify }));
vi.mock('../lib/sweetalert', () => ({ default: { fire: vi.fn() } }));

const PREFIX = 'pre8';

function memberStore() {
  const store = createStore();
  store.set(bootReadyAtom, { config: { allowedOrigins: [] } as unknown as RuntimeConfig, sites: { sites: [{ key: PREFIX }] } as unknown as SitesFile, prefix: PREFIX });
  store.set(sessionFromReplyAtom, {
    reply: {
      status: true,
      access_token: 't',
      member_info: { cid: 7, account_name: 'a', account_number: '1', phone: '0812345678', bank_th: 'b', bank_en: 'b', set: 'KBANK', logo: '' },
      games: [{ service: 'UFA', game_user: 'pre8u1', game_password: 'p', main: true, generate: false }],
    },
    loginBy: 'phone',
    fresh: true,
  });
  writeSessionCookies(PREFIX, 'member-token', 'phone');
  return store;
}

let navigations: string[] = [];
let stopNavigate: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  navigations = [];
  stopNavigate = registerNavigate((to) => navigations.push(to));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  stopNavigate();
  vi.useRealTimers();
  vi.restoreAllMocks();
  logoutCall.mockClear();
  verify.mockReset();
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

describe('logout', () => {
  it('posts the token once however many ask, tells the other tabs, and clears every key and every feature\'s state', async () => {
    const store = memberStore();
    for (const key of LOGOUT_LOCAL_KEYS) local.set(`${key}${PREFIX}`, 'x');
    // What the member's pages leave, by the names the device holds them under.
    local.set(`withdrawIntents_${PREFIX}`, JSON.stringify({ pre8u1: { key: 'k', gameuser: 'pre8u1', service: 'UFA', amount: 300, createdAt: 1, state: 'checking' } }));
    sessionStorage.setItem(`register-flow-${PREFIX}`, '{"phone":"0812345678"}');
    sessionStorage.setItem(`line-register-${PREFIX}`, 'line-token');
    local.set('locale', 'EN');
    store.set(setProviderAtom, 'UFA', { logged: true });
    store.set(setFavouritesAtom, [{ brand: 'RSG', id: '1' }]);
    // A MemberTrans leaves a deposit notice and a refresh countdown behind.
    store.set(memberTransAtom, { status: true, gameuser: 'pre8u1', type: 'deposit', service: 'UFA' }, { refetch: false });
    expect(store.get(refreshAtAtom)).toBeGreaterThan(0);
    openTabSync(PREFIX);
    const otherTab = new BroadcastChannel(`member-session-${PREFIX}`);
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);

    const first = store.set(logoutAtom);
    const second = store.set(logoutAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await Promise.all([first, second]);
    vi.useRealTimers();
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'logout' }]));
    otherTab.close();
    closeTabSync();

    expect(logoutCall).toHaveBeenCalledTimes(1);
    expect(logoutCall).toHaveBeenCalledWith({ prefix: PREFIX, token: 'member-token' });
    expect(readToken(PREFIX)).toBeNull();
    for (const key of LOGOUT_LOCAL_KEYS) expect(local.get(`${key}${PREFIX}`)).toBeNull();
    expect(local.get(`withdrawIntents_${PREFIX}`)).toBeNull();
    expect(sessionStorage.getItem(`register-flow-${PREFIX}`)).toBeNull();
    expect(sessionStorage.getItem(`line-register-${PREFIX}`)).toBeNull();
    // The device's own choices are not the member's data.
    expect(local.get('locale')).toBe('EN');
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(store.get(sessionAtom).games).toEqual([]);
    expect(store.get(gameAccountsAtom)).toEqual([]);
    expect(store.get(providersAtom).UFA.logged).toBe(false);
    expect(store.get(favouritesAtom)).toEqual([]);
    expect(store.get(lastDepositAtom)).toBeNull();
    expect(store.get(refreshAtAtom)).toBe(0);
    expect(navigations).toEqual([`/login?prefix=${PREFIX}`]);
  });
});

describe('the periodic verify', () => {
  it('keeps the session when the server does not answer, and rotates the token when told', async () => {
    const store = memberStore();
    verify.mockRejectedValueOnce(new ApiError('timeout', 'verify', null));
    await store.set(verifyOnceAtom);
    verify.mockRejectedValueOnce(new ApiError('http', 'verify', 503));
    await store.set(verifyOnceAtom);
    expect(store.get(isLoggedInAtom)).toBe(true);
    expect(readToken(PREFIX)).toBe('member-token');

    verify.mockResolvedValueOnce({ status: true, refresh_status: true, access_token: 'rotated' });
    await store.set(verifyOnceAtom);
    expect(readToken(PREFIX)).toBe('rotated');
    expect(logoutCall).not.toHaveBeenCalled();
  });

  it.each([
    ['status false', () => verify.mockResolvedValueOnce({ status: false })],
    ['a 401', () => verify.mockRejectedValueOnce(new ApiError('unauthorized', 'verify', 401))],
  ])('logs out on a definite answer (%s), without posting the dead token', async (_name, answer) => {
    const store = memberStore();
    answer();
    const done = store.set(verifyOnceAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await done;
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(readToken(PREFIX)).toBeNull();
    expect(logoutCall).not.toHaveBeenCalled();
  });
});
