// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerGameUser } from '@member/shared-core';
import { ApiError } from '../../core/api/api-error';
import { memberIdAtom } from '../../core/base/session-state';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { providerAdaptersAtom, refreshBalanceAtom, setUpGamesAtom } from './game-actions';
import { keepBalance, keptBalances } from './kept-balances';
import { balancesAtom, gameAccountsAtom, gamesReadyAtom, providersAtom, selectedAccountAtom } from './state';
import { GCLUB_LOGIN_SETTLE_MS } from '@member/shared-core/accounts/account-rules';
import { providers, type ProviderAdapter, type ProviderAdapters, type ProviderSession } from './providers';
import { readProviderValue, storeProviderValue } from './provider-storage';
import { clearCookies } from '../../core/base/test-cookies';
import { TEST_GCLUB_MAIN as GCLUB, TEST_UFA_SECOND as UFA, testMemberStore } from '../../core/base/test-member';
import { fakeProvider } from './test-providers';

// The UFA adapter's own calls, for the keep-alive cadence; the flows get fake adapters instead.
const ufaShoot = vi.hoisted(() => vi.fn(async () => ({ status: true })));
const ufaCheck = vi.hoisted(() => vi.fn(async () => ({ status: true, errcode: 0 })));
const ufaCredit = vi.hoisted(() => vi.fn(async () => ({ status: true, credit: 50 })));
vi.mock('../../core/api/api', async () =>
  (await import('../../core/api/test-calls')).fakeApi({ ufaShoot, ufaCheck, ufaCredit, gclubData }),
);
const gclubData = vi.hoisted(() => vi.fn(async (): Promise<unknown> => ({ status: false })));
vi.mock('./maintenance-dialog', () => ({
  showMaintenanceDialog: vi.fn(async () => undefined),
  tellMaintenanceOnce: vi.fn(async () => undefined),
  maintenanceOver: vi.fn(),
}));

const PREFIX = 'pre8';

/** A fresh store as the app has it after a login of a member with `games`. */
const memberStore = (games: ServerGameUser[]) => testMemberStore({ games });

beforeEach(() => {
  vi.useFakeTimers();
  writeSessionCookies(PREFIX, 'member-token', 'phone');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  ufaShoot.mockClear();
  ufaCheck.mockClear();
  ufaCredit.mockClear();
  localStorage.clear();
  clearCookies();
});

describe('setting up the game accounts', () => {
  it("selects UFA when the member has both, logs both in, shows the balance GCLUB's login hands back at once, and is ready once its session has settled", async () => {
    const store = memberStore([GCLUB, UFA]);
    const gclub = fakeProvider({ login: vi.fn(async () => ({ balance: 100, settleMs: GCLUB_LOGIN_SETTLE_MS })) });
    const ufa = fakeProvider({ login: vi.fn(async () => ({ balance: 40, games: null })) });
    store.set(providerAdaptersAtom, { GCLUB: gclub, UFA: ufa });

    const setUp = store.set(setUpGamesAtom);
    await vi.advanceTimersByTimeAsync(GCLUB_LOGIN_SETTLE_MS - 1);
    expect(store.get(selectedAccountAtom)?.service).toBe('UFA');
    expect(store.get(providersAtom).GCLUB.logged).toBe(true);
    expect(store.get(balancesAtom).GCLUB.balance).toBe(100);
    expect(store.get(balancesAtom).UFA.balance).toBe(40);
    expect(store.get(gamesReadyAtom)).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await setUp;
    expect(store.get(balancesAtom).GCLUB.balance).toBe(100);
    expect(store.get(gamesReadyAtom)).toBe(true);
    expect(gclub.login).toHaveBeenCalledWith({ prefix: PREFIX, gameuser: 'pre8g1' }, 'gpass');
  });

  it("sets UFA up while gclubData is still on its way; GCLUB's maintenance check goes beside it, and its login waits for it", async () => {
    const store = memberStore([GCLUB, UFA]);
    let answer: (reply: unknown) => void = () => undefined;
    gclubData.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const gclub = fakeProvider();
    const ufa = fakeProvider({ login: vi.fn(async () => ({ balance: 40, games: null })) });
    store.set(providerAdaptersAtom, { GCLUB: gclub, UFA: ufa });

    const setUp = store.set(setUpGamesAtom);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(balancesAtom).UFA.balance).toBe(40);
    expect(gclub.maintain).toHaveBeenCalledTimes(1);
    expect(gclub.login).not.toHaveBeenCalled();
    answer({ status: true, gclubToken: 'g-token' });
    await vi.advanceTimersByTimeAsync(0);
    await setUp;
    expect(gclub.maintain).toHaveBeenCalledTimes(1);
    expect(gclub.login).toHaveBeenCalledTimes(1);
    expect(store.get(balancesAtom).GCLUB.balance).toBe(100);
  });

  it("checks GCLUB's session with the token gclubData handed out, once it is kept", async () => {
    const store = memberStore([{ ...GCLUB, generate: true }]);
    let answer: (reply: unknown) => void = () => undefined;
    gclubData.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const seen: (string | null)[] = [];
    const gclub = fakeProvider({
      check: vi.fn(async ({ prefix }) => {
        seen.push(readProviderValue('gclubToken_', prefix));
        return { balance: 7 };
      }),
    });
    store.set(providerAdaptersAtom, { GCLUB: gclub, UFA: fakeProvider() });

    const setUp = store.set(setUpGamesAtom);
    await vi.advanceTimersByTimeAsync(0);
    expect(gclub.check).not.toHaveBeenCalled();
    answer({ status: true, gclubToken: 'g-token' });
    await vi.advanceTimersByTimeAsync(0);
    await setUp;
    expect(seen).toEqual(['g-token']);
  });

  it("shows the member's balances kept from the last visit at once, with their time, until the providers answer", async () => {
    const store = memberStore([GCLUB, UFA]);
    const memberId = store.get(memberIdAtom);
    keepBalance(PREFIX, memberId, 'UFA', { balance: 33, updatedAt: '2026-11-26T20:00:00.000Z' });
    let answer: (session: ProviderSession) => void = () => undefined;
    const ufa = fakeProvider({ login: vi.fn(() => new Promise<ProviderSession>((resolve) => (answer = resolve))) });
    store.set(providerAdaptersAtom, { GCLUB: fakeProvider(), UFA: ufa });

    const setUp = store.set(setUpGamesAtom);
    expect(store.get(balancesAtom).UFA).toMatchObject({ balance: 33, updatedAt: '2026-11-26T20:00:00.000Z' });
    await vi.advanceTimersByTimeAsync(0);
    answer({ balance: 41, games: null });
    await vi.advanceTimersByTimeAsync(GCLUB_LOGIN_SETTLE_MS);
    await setUp;
    expect(store.get(balancesAtom).UFA.balance).toBe(41);
    // What the next visit shows is the newest.
    expect(keptBalances(PREFIX, memberId).UFA?.balance).toBe(41);
  });

  it('only checks a generated account (no automatic login), and leaves a provider under maintenance alone', async () => {
    const store = memberStore([{ ...GCLUB, generate: true }, UFA]);
    const gclub = fakeProvider({ check: vi.fn(async () => null) });
    const ufa = fakeProvider({ maintain: vi.fn(async () => true) });
    store.set(providerAdaptersAtom, { GCLUB: gclub, UFA: ufa });

    await store.set(setUpGamesAtom);
    expect(gclub.check).toHaveBeenCalledTimes(1);
    expect(gclub.login).not.toHaveBeenCalled();
    expect(ufa.login).not.toHaveBeenCalled();
    expect(store.get(providersAtom)).toMatchObject({ GCLUB: { logged: false }, UFA: { maintain: true, logged: false } });
    expect(store.get(gamesReadyAtom)).toBe(true);
  });
});

describe('a balance refresh', () => {
  it('logs the provider in again when the keep-alive says the session is gone, then reads the balance', async () => {
    const store = memberStore([UFA]);
    const ufa = fakeProvider({
      keepAlive: vi.fn(async () => 'login-again' as const),
      login: vi.fn(async () => ({ balance: null, games: null })),
    });
    store.set(providerAdaptersAtom, { GCLUB: fakeProvider(), UFA: ufa });

    await store.set(refreshBalanceAtom, 'UFA');
    expect(ufa.login).toHaveBeenCalledTimes(1);
    expect(store.get(gameAccountsAtom)[0]).toMatchObject({ balance: 120, balanceLoading: false, balanceFailed: false, logged: true });
  });

  it('keeps the previous balance and says it is not updated when the provider does not answer; a 401 only logs the provider out', async () => {
    const store = memberStore([UFA]);
    const credit = vi.fn<ProviderAdapter['credit']>(async () => 120);
    store.set(providerAdaptersAtom, { GCLUB: fakeProvider(), UFA: fakeProvider({ credit }) });
    await store.set(refreshBalanceAtom, 'UFA');

    credit.mockRejectedValueOnce(new ApiError('http', 'ufaCredit', 502));
    await store.set(refreshBalanceAtom, 'UFA');
    expect(store.get(balancesAtom).UFA).toMatchObject({ balance: 120, failed: true, loading: false });

    credit.mockRejectedValueOnce(new ApiError('unauthorized', 'ufaCredit', 401));
    await store.set(refreshBalanceAtom, 'UFA');
    expect(store.get(providersAtom).UFA.logged).toBe(false);
  });
});

describe('the UFA keep-alive', () => {
  it('goes out on the first of every 8 balance calls of the member, counted across tabs: a new leader tab sends no extra one', async () => {
    storeProviderValue('ufaAccid_', PREFIX, 'acc');
    storeProviderValue('ufaSessionsn_', PREFIX, 'sess');
    // Two tabs: two stores over the one local storage, each with the real UFA adapter.
    const adapters: ProviderAdapters = { GCLUB: providers.GCLUB, UFA: providers.UFA };
    const first = memberStore([UFA]);
    const second = memberStore([UFA]);
    first.set(providerAdaptersAtom, adapters);
    second.set(providerAdaptersAtom, adapters);

    for (let i = 0; i < 5; i += 1) await first.set(refreshBalanceAtom, 'UFA');
    expect(ufaShoot).toHaveBeenCalledTimes(1);
    // The first tab closes; the second leads from here.
    for (let i = 0; i < 3; i += 1) await second.set(refreshBalanceAtom, 'UFA');
    expect(ufaShoot).toHaveBeenCalledTimes(1);
    await second.set(refreshBalanceAtom, 'UFA');
    expect(ufaShoot).toHaveBeenCalledTimes(2);
    expect(ufaCredit).toHaveBeenCalledTimes(9);
    expect(second.get(balancesAtom).UFA.balance).toBe(50);
  });
});
