// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { local } from '../../core/lib/safe-storage';
import { gameAccountsAtom, providersAtom, setProviderAtom } from '../../features/accounts/state';
import { favouritesAtom, refreshAtAtom, setFavouritesAtom, setRefreshAtAtom } from '../../features/lobby/state';
import { lastDepositAtom, setLastDepositAtom } from '../../features/wallet/state';
import { LOGOUT_DELAY_MS, logoutAtom } from '../../features/session/logout';
import { answerSessionEndInFeatures } from './answer-session-end';
import { unauthorizedAtom } from '../../core/base/session-end';
import { readToken } from '../../core/base/session-cookies';
import { isLoggedInAtom, sessionAtom } from '../../core/base/session-state';
import { closeTabSync, openTabSync } from '../../features/session/tab-sync';
import { clearCookies } from '../../core/base/test-cookies';
import { testMemberStore } from '../../core/base/test-member';
import { recordNavigations } from '../../core/lib/test-navigation';

const logoutCall = vi.hoisted(() => vi.fn(async () => ({ status: true })));
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ logout: logoutCall }));
vi.mock('../../core/lib/sweetalert', () => ({ default: { fire: vi.fn() } }));

const PREFIX = 'pre8';

/** Every key the member's pages leave on the device, by the names the device holds them under (each followed by the prefix). */
const MEMBER_LOCAL_KEYS = [
  'gclubToken_',
  'accountInfo_',
  'ufaAccid_',
  'ufaSessionsn_',
  'ufaShots_',
  'withdrawIntents_',
  'balances_',
  'gameLists_',
  'gameListTags_',
];

let stopAnswering: () => void = () => undefined;
beforeAll(() => {
  stopAnswering = answerSessionEndInFeatures();
});
afterAll(() => stopAnswering());

const memberStore = () => testMemberStore({ cookies: true });

const navigations = recordNavigations();

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  logoutCall.mockClear();
  localStorage.clear();
  clearCookies();
});

describe('the end of a session, as the app wires it', () => {
  it('leaves nothing of the member in any feature, in the store or on the device', async () => {
    const store = memberStore();
    for (const key of MEMBER_LOCAL_KEYS) local.set(`${key}${PREFIX}`, 'x');
    // What the member's pages leave, by the names the device holds them under.
    local.set(
      `withdrawIntents_${PREFIX}`,
      JSON.stringify({ pre8u1: { key: 'k', gameuser: 'pre8u1', service: 'UFA', amount: 300, createdAt: 1, state: 'checking' } }),
    );
    sessionStorage.setItem(`register-flow-${PREFIX}`, '{"phone":"0812345678"}');
    sessionStorage.setItem(`line-register-${PREFIX}`, 'line-token');
    local.set('locale', 'EN');
    store.set(setProviderAtom, 'UFA', { logged: true });
    store.set(setFavouritesAtom, [{ brand: 'RSG', id: '1' }]);
    // A MemberTrans leaves a deposit notice and a refresh countdown behind.
    store.set(setLastDepositAtom, { gameuser: 'pre8u1', at: '2026-11-27T00:00:00Z' });
    store.set(setRefreshAtAtom, Date.now() + 5000);
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
    for (const key of MEMBER_LOCAL_KEYS) expect(local.get(`${key}${PREFIX}`)).toBeNull();
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

  it('a 401 from any feature ends the session once, without posting the dead token', async () => {
    const store = memberStore();
    local.set(`balances_${PREFIX}`, 'x');
    const first = store.set(unauthorizedAtom);
    const second = store.set(unauthorizedAtom);
    await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await Promise.all([first, second]);
    expect(logoutCall).not.toHaveBeenCalled();
    expect(readToken(PREFIX)).toBeNull();
    expect(local.get(`balances_${PREFIX}`)).toBeNull();
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(navigations).toEqual([`/login?prefix=${PREFIX}`]);
  });
});
