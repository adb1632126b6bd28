// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameAccountView, ServerGameUser, UfaGamesMap } from '@member/shared-core';
import { ApiError } from '../../core/api/api-error';
import { readCookie } from '../../core/lib/cookies';
import { answerUnauthorized } from '../../core/base/session-end';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { sessionAtom } from '../../core/base/session-state';
import {
  changeGamePasswordAtom,
  checkMaintenanceAtom,
  loginProviderAtom,
  refreshAllBalancesAtom,
  refreshBalanceAtom,
  setGameUserAtom,
  setUpGamesAtom,
  switchAccountAtom,
  switchMainAtom,
  takeKeptBalancesAtom,
  balanceMovedAtom,
} from './game-actions';
import {
  balancesAtom,
  gameAccountsAtom,
  mainSwitchStatusAtom,
  providersAtom,
  selectedAccountAtom,
  setProviderAtom,
  ufaGamesAtom,
} from './state';
import type { ProviderAdapter } from './providers';
import { readProviderValue, storeProviderValue } from './provider-storage';
import { clearCookies, cookieWrites } from '../../core/base/test-cookies';
import {
  TEST_GCLUB_MAIN as GCLUB,
  TEST_MEMBER_INFO,
  TEST_UFA_SECOND as UFA,
  testMemberStore,
  type TestStore,
} from '../../core/base/test-member';
import { fakeProvider, withProviders } from './test-providers';
import { recordNavigations } from '../../core/lib/test-navigation';

const dialogs = vi.hoisted(() => ({
  showMaintenanceDialog: vi.fn(async () => undefined),
  tellMaintenanceOnce: vi.fn(async () => undefined),
  maintenanceOver: vi.fn(),
}));
vi.mock('./maintenance-dialog', () => dialogs);
const gclubData = vi.hoisted(() => vi.fn(async (): Promise<unknown> => ({ status: false })));
vi.mock('../../core/api/api', async () =>
  (await import('../../core/api/test-calls')).fakeApi({ gclubData, updateGamePassword, switchMain, getProfile }),
);
const updateGamePassword = vi.hoisted(() => vi.fn(async () => ({ status: true })));
const switchMain = vi.hoisted(() => vi.fn());
const getProfile = vi.hoisted(() => vi.fn());
// A 401 is the session's to answer (one logout); here the answer is only counted.
const unauthorized = vi.hoisted(() => vi.fn(async () => undefined));
let stopAnswering: () => void = () => undefined;
beforeAll(() => {
  stopAnswering = answerUnauthorized(unauthorized);
});
afterAll(() => stopAnswering());

const PREFIX = 'pre8';

const memberStore = (games: ServerGameUser[] = [GCLUB, UFA]) => testMemberStore({ games });

const account = (store: TestStore, service: 'GCLUB' | 'UFA'): GameAccountView =>
  store.get(gameAccountsAtom).find((a) => a.service === service)!;

const navigations = recordNavigations();

beforeEach(() => {
  vi.useFakeTimers();
  writeSessionCookies(PREFIX, 'member-token', 'phone');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const mock of [
    dialogs.showMaintenanceDialog,
    dialogs.tellMaintenanceOnce,
    dialogs.maintenanceOver,
    updateGamePassword,
    unauthorized,
  ])
    mock.mockClear();
  gclubData.mockReset().mockImplementation(async () => ({ status: false }));
  switchMain.mockReset();
  getProfile.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  clearCookies();
});

describe('the maintenance check', () => {
  it("under maintenance: maintain true, logged false, and the dialog because the selected account is that provider's", async () => {
    const store = memberStore();
    withProviders(store, fakeProvider({ maintain: vi.fn(async () => true) }));
    document.cookie = `selected-game-${PREFIX}=GCLUB; path=/`;
    await store.set(setUpGamesAtom);
    store.set(setProviderAtom, 'GCLUB', { logged: true });
    dialogs.tellMaintenanceOnce.mockClear();

    await expect(store.set(checkMaintenanceAtom, 'GCLUB')).resolves.toBe(true);
    expect(store.get(providersAtom).GCLUB).toMatchObject({ maintain: true, logged: false });
    expect(dialogs.showMaintenanceDialog).toHaveBeenCalledWith('GCLUB', null);
  });

  it('keeps the planned end of a maintenance where the provider says it, and tells it in the dialog', async () => {
    const store = memberStore();
    const until = '2026-11-22T07:30:00.000Z';
    withProviders(store, fakeProvider({ maintain: vi.fn(async () => ({ until })) }));
    document.cookie = `selected-game-${PREFIX}=GCLUB; path=/`;
    await store.set(setUpGamesAtom);
    await expect(store.set(checkMaintenanceAtom, 'GCLUB')).resolves.toBe(true);
    expect(store.get(providersAtom).GCLUB).toMatchObject({ maintain: true, maintainUntil: until });
    expect(store.get(gameAccountsAtom).find((a) => a.service === 'GCLUB')).toMatchObject({ maintain: true, maintainUntil: until });
    expect(dialogs.showMaintenanceDialog).toHaveBeenLastCalledWith('GCLUB', until);
  });

  it('no dialog for a provider whose account is not the selected one', async () => {
    const store = memberStore();
    withProviders(store, fakeProvider({ maintain: vi.fn(async () => true) }));
    document.cookie = `selected-game-${PREFIX}=UFA; path=/`;
    await store.set(setUpGamesAtom);
    await store.set(checkMaintenanceAtom, 'GCLUB');
    expect(store.get(providersAtom).GCLUB.maintain).toBe(true);
    expect(dialogs.showMaintenanceDialog).not.toHaveBeenCalled();
    expect(dialogs.tellMaintenanceOnce).not.toHaveBeenCalled();
  });

  it('"once" tells it once per visit, false tells nothing', async () => {
    const store = memberStore([UFA]);
    withProviders(store, fakeProvider(), fakeProvider({ maintain: vi.fn(async () => true) }));
    await store.set(setUpGamesAtom);
    dialogs.tellMaintenanceOnce.mockClear();
    await store.set(checkMaintenanceAtom, 'UFA', { dialog: 'once' });
    expect(dialogs.tellMaintenanceOnce).toHaveBeenCalledWith('UFA', PREFIX, null);
    expect(dialogs.showMaintenanceDialog).not.toHaveBeenCalled();
    await store.set(checkMaintenanceAtom, 'UFA', { dialog: false });
    expect(dialogs.tellMaintenanceOnce).toHaveBeenCalledTimes(1);
    expect(dialogs.showMaintenanceDialog).not.toHaveBeenCalled();
  });

  it('open again: maintain false, logged untouched, and the next maintenance will be told again', async () => {
    const store = memberStore();
    withProviders(store);
    store.set(setProviderAtom, 'UFA', { maintain: true, logged: true });
    await expect(store.set(checkMaintenanceAtom, 'UFA')).resolves.toBe(false);
    expect(store.get(providersAtom).UFA).toMatchObject({ maintain: false, logged: true });
    expect(dialogs.maintenanceOver).toHaveBeenCalledWith('UFA', PREFIX);
  });

  it('a check that fails keeps what was known', async () => {
    const store = memberStore();
    withProviders(
      store,
      fakeProvider(),
      fakeProvider({ maintain: vi.fn(async () => Promise.reject(new ApiError('http', 'ufaMaintain', 502))) }),
    );
    store.set(setProviderAtom, 'UFA', { maintain: true });
    await expect(store.set(checkMaintenanceAtom, 'UFA')).resolves.toBe(true);
    store.set(setProviderAtom, 'UFA', { maintain: false, logged: true });
    await expect(store.set(checkMaintenanceAtom, 'UFA')).resolves.toBe(false);
    expect(store.get(providersAtom).UFA).toMatchObject({ maintain: false, logged: true });
    expect(dialogs.showMaintenanceDialog).not.toHaveBeenCalled();
  });
});

describe('a provider login', () => {
  it('logs the game user in with its stored password: logged true and the balance it carried', async () => {
    const store = memberStore();
    const { ufa } = withProviders(
      store,
      fakeProvider(),
      fakeProvider({
        login: vi.fn(async () => ({
          balance: 55,
          games: { slot: { url: 'https://ufa.test/slot', title: 'Slot', w: 1, h: 1 } } as UfaGamesMap,
        })),
      }),
    );
    await expect(store.set(loginProviderAtom, account(store, 'UFA'))).resolves.toBe(true);
    expect(ufa.login).toHaveBeenCalledWith({ prefix: PREFIX, gameuser: 'pre8u1' }, 'upass');
    expect(store.get(providersAtom).UFA.logged).toBe(true);
    expect(store.get(balancesAtom).UFA.balance).toBe(55);
    expect(store.get(ufaGamesAtom)).toMatchObject({ slot: { url: 'https://ufa.test/slot' } });
  });

  it('GCLUB waits 800 ms after its login before its balance is read', async () => {
    const store = memberStore();
    const { gclub } = withProviders(
      store,
      fakeProvider({ login: vi.fn(async () => ({ balance: 'fetch', settleMs: 800 })), credit: vi.fn(async () => 321) }),
    );
    const done = store.set(loginProviderAtom, account(store, 'GCLUB'));
    await vi.advanceTimersByTimeAsync(799);
    expect(gclub.credit).not.toHaveBeenCalled();
    expect(store.get(providersAtom).GCLUB.logged).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
    expect(gclub.credit).toHaveBeenCalledTimes(1);
    expect(store.get(balancesAtom).GCLUB.balance).toBe(321);
  });

  it('a balance the GCLUB login hands back shows at once; the login itself still ends 800 ms after it succeeded', async () => {
    const store = memberStore();
    const { gclub } = withProviders(
      store,
      fakeProvider({ login: vi.fn(async () => ({ balance: 1520.5, settleMs: 800 })), credit: vi.fn(async () => 321) }),
    );
    let ended = false;
    const done = store.set(loginProviderAtom, account(store, 'GCLUB')).then((logged) => ((ended = true), logged));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(balancesAtom).GCLUB.balance).toBe(1520.5);
    await vi.advanceTimersByTimeAsync(799);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
    expect(gclub.credit).not.toHaveBeenCalled();
    expect(store.get(balancesAtom).GCLUB.balance).toBe(1520.5);
  });

  it('a refused login leaves the provider logged out', async () => {
    const store = memberStore();
    withProviders(store, fakeProvider(), fakeProvider({ login: vi.fn(async () => null) }));
    await expect(store.set(loginProviderAtom, account(store, 'UFA'))).resolves.toBe(false);
    expect(store.get(providersAtom).UFA.logged).toBe(false);
    expect(store.get(balancesAtom).UFA.balance).toBeNull();
  });
});

describe("setting a game user (the member's own pick)", () => {
  it('a generated account is checked first and logged in only when the check fails', async () => {
    const store = memberStore([{ ...UFA, generate: true }]);
    const ufa = fakeProvider({ check: vi.fn(async () => null) });
    withProviders(store, fakeProvider(), ufa);
    await store.set(setGameUserAtom, account(store, 'UFA'), { automatic: false });
    expect(ufa.check).toHaveBeenCalledTimes(1);
    expect(ufa.login).toHaveBeenCalledTimes(1);
    expect(store.get(providersAtom).UFA.logged).toBe(true);
  });

  it('a generated account whose session is alive is not logged in again', async () => {
    const store = memberStore([{ ...UFA, generate: true }]);
    const ufa = fakeProvider();
    withProviders(store, fakeProvider(), ufa);
    await store.set(setGameUserAtom, account(store, 'UFA'), { automatic: false });
    expect(ufa.check).toHaveBeenCalledTimes(1);
    expect(ufa.login).not.toHaveBeenCalled();
    expect(store.get(balancesAtom).UFA.balance).toBe(90);
  });

  it('under maintenance nothing is logged in, and the dialog is shown every time the member picks it', async () => {
    const store = memberStore([UFA]);
    const ufa = fakeProvider({ maintain: vi.fn(async () => true) });
    withProviders(store, fakeProvider(), ufa);
    await store.set(setUpGamesAtom);
    dialogs.showMaintenanceDialog.mockClear();
    await store.set(setGameUserAtom, account(store, 'UFA'), { automatic: false });
    await store.set(setGameUserAtom, account(store, 'UFA'), { automatic: false });
    expect(ufa.login).not.toHaveBeenCalled();
    expect(ufa.check).not.toHaveBeenCalled();
    expect(dialogs.showMaintenanceDialog).toHaveBeenCalledTimes(2);
  });

  it('a login that fails on the wire is logged, not thrown', async () => {
    const store = memberStore([UFA]);
    withProviders(store, fakeProvider(), fakeProvider({ login: vi.fn(async () => Promise.reject(new ApiError('offline', 'ufaLogin'))) }));
    await expect(store.set(setGameUserAtom, account(store, 'UFA'), { automatic: false })).resolves.toBeUndefined();
    expect(store.get(providersAtom).UFA.logged).toBe(false);
  });
});

describe('setting up the accounts after a login', () => {
  it('the selected-game cookie picks the selected account', async () => {
    const store = memberStore();
    withProviders(store);
    document.cookie = `selected-game-${PREFIX}=GCLUB; path=/`;
    await store.set(setUpGamesAtom);
    expect(store.get(selectedAccountAtom)?.service).toBe('GCLUB');
  });

  it("keeps GCLUB's session values from gclubData for 7 days, without replacing a token this browser holds", async () => {
    const store = memberStore();
    withProviders(store);
    gclubData.mockResolvedValueOnce({ status: true, gclubToken: 'handed-token', accountInfo: 'acc-info' });
    await store.set(setUpGamesAtom);
    expect(gclubData).toHaveBeenCalledWith({ token: 'member-token' });
    expect(readProviderValue('gclubToken_', PREFIX)).toBe('handed-token');
    expect(readProviderValue('accountInfo_', PREFIX)).toBe('acc-info');
    expect(readProviderValue('gclubToken_', PREFIX, Date.now() + 7 * 24 * 3600_000 + 1)).toBeNull();

    storeProviderValue('gclubToken_', PREFIX, 'own-token');
    gclubData.mockResolvedValueOnce({ status: true, gclubToken: 'another', accountInfo: 'acc-2' });
    await store.set(setUpGamesAtom);
    expect(readProviderValue('gclubToken_', PREFIX)).toBe('own-token');
  });

  it('a member without a GCLUB account does not ask gclubData', async () => {
    const store = memberStore([UFA]);
    withProviders(store);
    await store.set(setUpGamesAtom);
    expect(gclubData).not.toHaveBeenCalled();
  });

  it('a 401 from gclubData ends the session', async () => {
    const store = memberStore();
    withProviders(store);
    gclubData.mockRejectedValueOnce(new ApiError('unauthorized', 'gclubData', 401));
    const done = store.set(setUpGamesAtom);
    await vi.advanceTimersByTimeAsync(800);
    await done;
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('balances', () => {
  it('both accounts are refreshed together', async () => {
    const store = memberStore();
    const { gclub, ufa } = withProviders(
      store,
      fakeProvider({ credit: vi.fn(async () => 11) }),
      fakeProvider({ credit: vi.fn(async () => 22) }),
    );
    await store.set(refreshAllBalancesAtom);
    expect(gclub.credit).toHaveBeenCalledWith({ prefix: PREFIX, gameuser: 'pre8g1' });
    expect(ufa.credit).toHaveBeenCalledWith({ prefix: PREFIX, gameuser: 'pre8u1' });
    expect(store.get(balancesAtom)).toMatchObject({ GCLUB: { balance: 11, loading: false }, UFA: { balance: 22, loading: false } });
  });

  it('a provider under maintenance is not asked', async () => {
    const store = memberStore();
    const { ufa } = withProviders(store);
    store.set(setProviderAtom, 'UFA', { maintain: true });
    await store.set(refreshBalanceAtom, 'UFA');
    expect(ufa.credit).not.toHaveBeenCalled();
    expect(ufa.keepAlive).not.toHaveBeenCalled();
  });

  it('a refused credit keeps the balance and marks it not updated; no session to ask with changes nothing', async () => {
    const store = memberStore();
    const credit = vi.fn<ProviderAdapter['credit']>(async () => 70);
    withProviders(store, fakeProvider({ credit }));
    await store.set(refreshBalanceAtom, 'GCLUB');
    credit.mockResolvedValueOnce(null);
    await store.set(refreshBalanceAtom, 'GCLUB');
    expect(store.get(balancesAtom).GCLUB).toMatchObject({ balance: 70, failed: true, loading: false });
    credit.mockResolvedValueOnce('no-session');
    await store.set(refreshBalanceAtom, 'GCLUB');
    expect(store.get(balancesAtom).GCLUB).toMatchObject({ balance: 70, failed: true, loading: false });
  });

  it('never shows an answer to an older question over a newer one: a login that set off before a deposit lands after the credit that counts it', async () => {
    const store = memberStore();
    let answerLogin: (session: { balance: number }) => void = () => undefined;
    const login = vi.fn<ProviderAdapter['login']>(() => new Promise((resolve) => (answerLogin = resolve)));
    withProviders(store, fakeProvider({ login, credit: vi.fn(async () => 570) }));
    const loggingIn = store.set(loginProviderAtom, account(store, 'GCLUB'));
    // The deposit's refresh is asked and answered while the login is still out.
    await store.set(refreshBalanceAtom, 'GCLUB');
    expect(store.get(balancesAtom).GCLUB.balance).toBe(570);
    answerLogin({ balance: 70 });
    await loggingIn;
    expect(store.get(balancesAtom).GCLUB.balance).toBe(570);
  });

  it('a deposit that settles while the accounts are still being set up is read once they are, though no tab leads yet', async () => {
    const store = memberStore();
    let answerLogin: (session: { balance: number }) => void = () => undefined;
    const credit = vi.fn(async () => 570);
    const login = vi.fn<ProviderAdapter['login']>(() => new Promise((resolve) => (answerLogin = resolve)));
    withProviders(store, fakeProvider({ login, credit }), fakeProvider());
    const settingUp = store.set(setUpGamesAtom);
    await vi.waitFor(() => expect(login).toHaveBeenCalled());
    store.set(balanceMovedAtom, 'GCLUB', false);
    // The set-up's own login was asked before the deposit: its balance is not the last word.
    answerLogin({ balance: 70 });
    await settingUp;
    expect(credit).toHaveBeenCalledTimes(1);
    expect(store.get(balancesAtom).GCLUB.balance).toBe(570);
    // Once set up, another tab's event is that tab's to read.
    store.set(balanceMovedAtom, 'GCLUB', false);
    await Promise.resolve();
    expect(credit).toHaveBeenCalledTimes(1);
  });

  it("takes a newer balance another tab kept, and never an older one nor another member's", async () => {
    const store = memberStore();
    withProviders(store, fakeProvider({ credit: vi.fn(async () => 70) }));
    await store.set(refreshBalanceAtom, 'GCLUB');
    const shown = store.get(balancesAtom).GCLUB.updatedAt!;
    const later = new Date(Date.parse(shown) + 5_000).toISOString();
    const earlier = new Date(Date.parse(shown) - 5_000).toISOString();
    localStorage.setItem(
      `balances_${PREFIX}`,
      JSON.stringify({ member: TEST_MEMBER_INFO.cid, GCLUB: { balance: 570, updatedAt: later }, UFA: { balance: 9, updatedAt: earlier } }),
    );
    store.set(takeKeptBalancesAtom);
    expect(store.get(balancesAtom).GCLUB).toMatchObject({ balance: 570, updatedAt: later });
    expect(store.get(balancesAtom).UFA).toMatchObject({ balance: 9, updatedAt: earlier });
    localStorage.setItem(`balances_${PREFIX}`, JSON.stringify({ member: TEST_MEMBER_INFO.cid, GCLUB: { balance: 1, updatedAt: earlier } }));
    store.set(takeKeptBalancesAtom);
    expect(store.get(balancesAtom).GCLUB.balance).toBe(570);
    localStorage.setItem(
      `balances_${PREFIX}`,
      JSON.stringify({ member: 999, GCLUB: { balance: 2, updatedAt: new Date(Date.parse(later) + 1).toISOString() } }),
    );
    store.set(takeKeptBalancesAtom);
    expect(store.get(balancesAtom).GCLUB.balance).toBe(570);
  });
});

describe('switching the selected account', () => {
  it('from another page: to /profile, the cookie flipped for 30 days, the accounts flipped, and the new provider checked with its dialog', async () => {
    const store = memberStore();
    const { gclub } = withProviders(store, fakeProvider({ maintain: vi.fn(async () => true) }));
    await store.set(setUpGamesAtom);
    expect(store.get(selectedAccountAtom)?.service).toBe('UFA');
    window.history.replaceState(null, '', '/slot');
    gclub.maintain.mockClear();
    dialogs.showMaintenanceDialog.mockClear();
    const writes = cookieWrites();

    await store.set(switchAccountAtom);
    expect(navigations).toEqual([`/profile?prefix=${PREFIX}`]);
    expect(writes).toContain(`selected-game-${PREFIX}=GCLUB; path=/; SameSite=Lax; max-age=2592000`);
    expect(readCookie(`selected-game-${PREFIX}`)).toBe('GCLUB');
    expect(store.get(selectedAccountAtom)?.service).toBe('GCLUB');
    expect(gclub.maintain).toHaveBeenCalledTimes(1);
    expect(dialogs.showMaintenanceDialog).toHaveBeenCalledWith('GCLUB', null);
  });

  it('on /profile it stays there', async () => {
    const store = memberStore();
    withProviders(store);
    await store.set(setUpGamesAtom);
    window.history.replaceState(null, '', '/profile');
    await store.set(switchAccountAtom);
    expect(navigations).toEqual([]);
    expect(store.get(selectedAccountAtom)?.service).toBe('GCLUB');
  });

  it('with one account there is nothing to switch to', async () => {
    const store = memberStore([UFA]);
    const { ufa } = withProviders(store);
    await store.set(setUpGamesAtom);
    ufa.maintain.mockClear();
    await store.set(switchAccountAtom);
    expect(navigations).toEqual([]);
    expect(readCookie(`selected-game-${PREFIX}`)).toBeNull();
    expect(ufa.maintain).not.toHaveBeenCalled();
  });
});

describe('switching the main account', () => {
  it('sends the current main and the other with the token; a status true flips the main flags', async () => {
    const store = memberStore();
    switchMain.mockResolvedValueOnce({ status: true });
    await expect(store.set(switchMainAtom)).resolves.toBe('switched');
    expect(switchMain).toHaveBeenCalledWith({ select_gameuser: 'pre8g1', switch_gameuser: 'pre8u1', token: 'member-token' });
    expect(store.get(gameAccountsAtom).map((a) => [a.gameuser, a.main])).toEqual([
      ['pre8g1', false],
      ['pre8u1', true],
    ]);
  });

  it('a status false changes nothing and says it was refused', async () => {
    const store = memberStore();
    switchMain.mockResolvedValueOnce({ status: false });
    await expect(store.set(switchMainAtom)).resolves.toBe('refused');
    expect(store.get(mainSwitchStatusAtom)).toBe('refused');
    expect(store.get(gameAccountsAtom).map((a) => [a.gameuser, a.main])).toEqual([
      ['pre8g1', true],
      ['pre8u1', false],
    ]);
    expect(getProfile).not.toHaveBeenCalled();
  });

  it('a 401 ends the session and switches nothing', async () => {
    const store = memberStore();
    switchMain.mockRejectedValueOnce(new ApiError('unauthorized', 'switchMain', 401));
    await expect(store.set(switchMainAtom)).resolves.toBe('failed');
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(getProfile).not.toHaveBeenCalled();
  });

  it('without a token, or with one account, nothing is sent', async () => {
    const single = memberStore([UFA]);
    await expect(single.set(switchMainAtom)).resolves.toBe('failed');
    const store = memberStore();
    document.cookie = `token-${PREFIX}=; path=/; max-age=0`;
    await expect(store.set(switchMainAtom)).resolves.toBe('failed');
    expect(switchMain).not.toHaveBeenCalled();
  });
});

describe("changing a game account's password", () => {
  it('logs the provider out, logs in again after 0.5 s with the new password, and stores it', async () => {
    const store = memberStore();
    const { ufa } = withProviders(store);
    store.set(setProviderAtom, 'UFA', { logged: true });
    const done = store.set(changeGamePasswordAtom, 'UFA', 'upass', 'n3w-pass');
    await vi.advanceTimersByTimeAsync(0);
    expect(ufa.changePassword).toHaveBeenCalledWith({ prefix: PREFIX, gameuser: 'pre8u1' }, 'upass', 'n3w-pass');
    expect(store.get(providersAtom).UFA.logged).toBe(false);
    await vi.advanceTimersByTimeAsync(499);
    expect(ufa.login).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('changed');
    expect(ufa.login).toHaveBeenCalledWith({ prefix: PREFIX, gameuser: 'pre8u1' }, 'n3w-pass');
    expect(updateGamePassword).toHaveBeenCalledWith({ gameuser: 'pre8u1', password: 'n3w-pass', token: 'member-token' });
    expect(store.get(sessionAtom).games.find((g) => g.game_user === 'pre8u1')?.game_password).toBe('n3w-pass');
    expect(store.get(providersAtom).UFA.logged).toBe(true);
  });

  it('a wrong old password changes nothing', async () => {
    const store = memberStore();
    const { ufa } = withProviders(store, fakeProvider(), fakeProvider({ changePassword: vi.fn(async () => false) }));
    store.set(setProviderAtom, 'UFA', { logged: true });
    await expect(store.set(changeGamePasswordAtom, 'UFA', 'bad', 'n3w-pass')).resolves.toBe('wrong-old');
    expect(store.get(providersAtom).UFA.logged).toBe(true);
    expect(ufa.login).not.toHaveBeenCalled();
    expect(updateGamePassword).not.toHaveBeenCalled();
  });

  it('no provider session to ask with fails without storing anything', async () => {
    const store = memberStore();
    withProviders(store, fakeProvider({ changePassword: vi.fn(async () => null) }));
    await expect(store.set(changeGamePasswordAtom, 'GCLUB', 'gpass', 'n3w-pass')).resolves.toBe('failed');
    expect(updateGamePassword).not.toHaveBeenCalled();
  });

  it('an answer lost on the way is not "failed": the provider is asked which password it takes, and the member told', async () => {
    const lost = () => vi.fn(async () => Promise.reject(new ApiError('timeout', 'ufaChangePwd')));
    // It took the new one.
    let store = memberStore();
    const taken = fakeProvider({
      changePassword: lost(),
      login: vi.fn(async (_account, password: string) => (password === 'n3w-pass' ? { balance: 100 } : null)),
    });
    withProviders(store, fakeProvider(), taken);
    await expect(store.set(changeGamePasswordAtom, 'UFA', 'upass', 'n3w-pass')).resolves.toBe('changed');
    expect(updateGamePassword).toHaveBeenCalledWith({ gameuser: 'pre8u1', password: 'n3w-pass', token: 'member-token' });
    expect(store.get(sessionAtom).games.find((g) => g.game_user === 'pre8u1')?.game_password).toBe('n3w-pass');
    updateGamePassword.mockClear();
    // It kept the old one.
    store = memberStore();
    withProviders(
      store,
      fakeProvider(),
      fakeProvider({
        changePassword: lost(),
        login: vi.fn(async (_account, password: string) => (password === 'upass' ? { balance: 100 } : null)),
      }),
    );
    await expect(store.set(changeGamePasswordAtom, 'UFA', 'upass', 'n3w-pass')).resolves.toBe('failed');
    expect(updateGamePassword).not.toHaveBeenCalled();
    // Nobody can say.
    store = memberStore();
    withProviders(
      store,
      fakeProvider(),
      fakeProvider({ changePassword: lost(), login: vi.fn(async () => Promise.reject(new ApiError('http', 'ufaLogin', 502))) }),
    );
    await expect(store.set(changeGamePasswordAtom, 'UFA', 'upass', 'n3w-pass')).resolves.toBe('checking');
    expect(updateGamePassword).not.toHaveBeenCalled();
    expect(store.get(sessionAtom).games.find((g) => g.game_user === 'pre8u1')?.game_password).not.toBe('n3w-pass');
  });

  it('a change the provider confirmed stays "changed" when the relogin fails, and its record with the operator is tried again', async () => {
    const store = memberStore();
    withProviders(store, fakeProvider(), fakeProvider({ login: vi.fn(async () => Promise.reject(new ApiError('timeout', 'ufaLogin'))) }));
    updateGamePassword.mockRejectedValueOnce(new ApiError('http', 'updateGamePassword', 502));
    const done = store.set(changeGamePasswordAtom, 'UFA', 'upass', 'n3w-pass');
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(done).resolves.toBe('changed');
    expect(updateGamePassword).toHaveBeenCalledTimes(2);
  });

  it('a 401 from the provider logs the provider out and fails', async () => {
    const store = memberStore();
    withProviders(
      store,
      fakeProvider(),
      fakeProvider({ changePassword: vi.fn(async () => Promise.reject(new ApiError('unauthorized', 'ufaChangePwd', 401))) }),
    );
    store.set(setProviderAtom, 'UFA', { logged: true });
    await expect(store.set(changeGamePasswordAtom, 'UFA', 'upass', 'n3w-pass')).resolves.toBe('failed');
    expect(store.get(providersAtom).UFA.logged).toBe(false);
    expect(updateGamePassword).not.toHaveBeenCalled();
  });
});
