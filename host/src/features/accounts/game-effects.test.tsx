// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LeaderLockModule from '../../core/lib/leader-lock';
import { act } from 'react';
import { createStore } from 'jotai';
import type { RuntimeConfig, SitesFile } from '@member/shared-core';
import { bootReadyAtom } from '../../core/base/boot-state';
import { sessionClearedAtom } from '../../core/base/session-state';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { GameEffects } from './game-effects';
import { providerAdaptersAtom } from './game-actions';
import { balancesAtom, gamesReadyAtom, markAwayForGameAtom } from './state';
import type { ProviderAdapter } from './providers';
import { clearCookies } from '../../core/base/test-cookies';
import { mountInStore, pass, unmountAll, type TestMount } from '../../core/base/test-render';
import { TEST_GCLUB_MAIN, TEST_UFA_SECOND, testMemberStore, type TestStore } from '../../core/base/test-member';

vi.mock('../../core/i18n/init-i18n', () => ({ loadMemberStrings: () => Promise.resolve() }));
// One tab: it leads the credit loop (the lock's sharing between tabs has its own tests).
vi.mock('../../core/lib/leader-lock', async (importOriginal) => {
  const real = await importOriginal<typeof LeaderLockModule>();
  return { ...real, leaderLock: (name: string) => real.createLeaderLock(name, undefined) };
});
vi.mock('../../core/api/api', async () =>
  (await import('../../core/api/test-calls')).fakeApi({ gclubData: vi.fn(async () => ({ status: false })) }),
);
vi.mock('./maintenance-dialog', () => ({
  showMaintenanceDialog: vi.fn(async () => undefined),
  tellMaintenanceOnce: vi.fn(async () => undefined),
  maintenanceOver: vi.fn(),
}));

const PREFIX = 'pre8';
/** The product's credit cadence, written out. */
const SIXTY_SECONDS = 60_000;

function provider(balance: number): ProviderAdapter & { credit: ReturnType<typeof vi.fn> } {
  return {
    maintain: vi.fn(async () => false),
    login: vi.fn(async () => ({ balance })),
    check: vi.fn(async () => ({ balance })),
    credit: vi.fn(async () => balance),
    changePassword: vi.fn(async () => true),
    keepAlive: vi.fn(async () => 'alive' as const),
  };
}

function memberStore() {
  const store = testMemberStore({ allowedOrigins: ['https://games.test'], games: [TEST_GCLUB_MAIN, TEST_UFA_SECOND] });
  const adapters = { GCLUB: provider(10), UFA: provider(20) };
  store.set(providerAdaptersAtom, adapters);
  return { store, adapters };
}

let mounted: TestMount | null = null;

async function mount(store: TestStore) {
  mounted = await mountInStore(store, <GameEffects />);
}

const credits = (adapters: ReturnType<typeof memberStore>['adapters']) => [
  adapters.GCLUB.credit.mock.calls.length,
  adapters.UFA.credit.mock.calls.length,
];

beforeEach(() => {
  vi.useFakeTimers();
  writeSessionCookies(PREFIX, 'member-token', 'phone');
});
afterEach(async () => {
  await unmountAll();
  vi.useRealTimers();
  localStorage.clear();
  clearCookies();
});

describe("the member's balance polling", () => {
  it('sets the accounts up once, then fetches both credits every 60 seconds', async () => {
    const { store, adapters } = memberStore();
    await mount(store);
    await pass(0);
    expect(store.get(gamesReadyAtom)).toBe(true);
    expect(adapters.GCLUB.login).toHaveBeenCalledTimes(1);
    expect(store.get(balancesAtom)).toMatchObject({ GCLUB: { balance: 10 }, UFA: { balance: 20 } });
    expect(credits(adapters)).toEqual([0, 0]);

    await pass(SIXTY_SECONDS - 1);
    expect(credits(adapters)).toEqual([0, 0]);
    await pass(1);
    expect(credits(adapters)).toEqual([1, 1]);
    await pass(SIXTY_SECONDS);
    expect(credits(adapters)).toEqual([2, 2]);
    await pass(8 * SIXTY_SECONDS);
    expect(credits(adapters)).toEqual([10, 10]);
    expect(adapters.GCLUB.login).toHaveBeenCalledTimes(1);
  });

  it('stops at logout', async () => {
    const { store, adapters } = memberStore();
    await mount(store);
    await pass(SIXTY_SECONDS);
    expect(credits(adapters)).toEqual([1, 1]);
    await act(async () => store.set(sessionClearedAtom));
    await pass(10 * SIXTY_SECONDS);
    expect(credits(adapters)).toEqual([1, 1]);
  });

  it('stops when the effects go away', async () => {
    const { store, adapters } = memberStore();
    await mount(store);
    await pass(SIXTY_SECONDS);
    await mounted!.unmount();
    await pass(10 * SIXTY_SECONDS);
    expect(credits(adapters)).toEqual([1, 1]);
  });

  it('a guest is polled for nothing', async () => {
    const { adapters } = memberStore();
    const guest = createStore();
    guest.set(bootReadyAtom, {
      config: { allowedOrigins: [] } as unknown as RuntimeConfig,
      sites: { sites: [{ key: PREFIX }] } as unknown as SitesFile,
      prefix: PREFIX,
    });
    guest.set(providerAdaptersAtom, adapters);
    await mount(guest);
    await pass(5 * SIXTY_SECONDS);
    expect(credits(adapters)).toEqual([0, 0]);
    expect(adapters.GCLUB.login).not.toHaveBeenCalled();
  });

  it('back from a game opened here, both credits are fetched at once; a plain refocus fetches nothing', async () => {
    const { store, adapters } = memberStore();
    await mount(store);
    await pass(0);
    await act(async () => window.dispatchEvent(new Event('focus')));
    await pass(0);
    expect(credits(adapters)).toEqual([0, 0]);

    // A game opened from here (the lobby's launch marks it).
    store.set(markAwayForGameAtom);
    await act(async () => window.dispatchEvent(new Event('focus')));
    await pass(0);
    expect(credits(adapters)).toEqual([1, 1]);
    vi.restoreAllMocks();
  });
});
