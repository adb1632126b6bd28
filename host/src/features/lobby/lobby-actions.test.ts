// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GclubGameReply, LobbyGame, ServerGameUser } from '@member/shared-core';
import { gameMenuEntry } from '@member/shared-core/games/menu';
import { ApiError } from '../../core/api/api-error';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { sessionEndedAtom } from '../../core/base/session-end';
import { loginProviderAtom } from '../accounts/game-actions';
import type { ProviderAdapter } from '../accounts/providers';
import { storeProviderValue } from '../accounts/provider-storage';
import { gameAccountsAtom, providersAtom, setProviderAtom } from '../accounts/state';
import { favouritesAtom, gameListsAtom, lobbyNoticeAtom, lobbyStatusAtom, recentAtom, refreshAtAtom } from './state';
import { launchGameAtom, loadBrandAtom, loadMemberGamesAtom, openProductAtom, toggleFavouriteAtom } from './lobby-actions';
import { clearCookies } from '../../core/base/test-cookies';
import { TEST_GCLUB_MAIN as GCLUB, TEST_UFA_SECOND as UFA, testMemberStore, type TestStore } from '../../core/base/test-member';
import { withProviders as setProviders } from '../accounts/test-providers';

const gclubGame = vi.hoisted(() => vi.fn());
const gclubOpenGame = vi.hoisted(() => vi.fn());
const gclubOpenProduct = vi.hoisted(() => vi.fn());
const favourites = vi.hoisted(() => ({ gameFavourites: vi.fn(), gameRecent: vi.fn(), gameFavouriteSet: vi.fn() }));
const dialogs = vi.hoisted(() => ({
  showMaintenanceDialog: vi.fn(async () => undefined),
  showNotOpenDialog: vi.fn(async () => undefined),
  tellMaintenanceOnce: vi.fn(async () => undefined),
  maintenanceOver: vi.fn(),
}));
vi.mock('../../core/api/api', async () => {
  const { GCLUB_PRODUCT_CALLS } = await import('@member/shared-core/games/products');
  // Each product call by its name, as the lobby makes it.
  const products = Object.fromEntries(GCLUB_PRODUCT_CALLS.map((call) => [call, (request: never) => gclubOpenProduct(call, request)]));
  return (await import('../../core/api/test-calls')).fakeApi({
    gclubGame,
    gclubOpenGame,
    ...products,
    ...favourites,
    gclubData: vi.fn(async () => ({ status: false })),
  });
});
vi.mock('../accounts/maintenance-dialog', () => dialogs);

const PREFIX = 'pre8';
const GAMES_ORIGIN = 'https://games.test';
const rsg = gameMenuEntry('slot', 'RSG')!;
const pp = gameMenuEntry('slot', 'PP')!;
const GAME: LobbyGame = { key: 'slot_RSG/R1', id: 'R1', brand: 'slot_RSG', name: 'Lucky Koi', imageUrl: 'r1.png', favourite: false };

function list(tag: string, ...ids: string[]): GclubGameReply {
  return { status: true, games: ids.map((id) => ({ id, tag, name: id, imageName: `${id}.png` })) };
}

const siteStore = (games: ServerGameUser[] = [GCLUB, UFA]) => testMemberStore({ allowedOrigins: [GAMES_ORIGIN], games });

/** GCLUB as the lobby reaches it: a login hands out a session token, kept where the launch reads it. */
function gclubProvider(overrides: Partial<Record<keyof ProviderAdapter, ReturnType<typeof vi.fn>>> = {}) {
  let logins = 0;
  const adapter = {
    maintain: vi.fn(async () => false),
    login: vi.fn(async () => {
      logins += 1;
      storeProviderValue('gclubToken_', PREFIX, `gclub-session-${logins}`);
      return { balance: null };
    }),
    check: vi.fn(async () => null),
    credit: vi.fn(async () => 500),
    changePassword: vi.fn(async () => true),
    keepAlive: vi.fn(async () => 'alive' as const),
    ...overrides,
  };
  return adapter as ProviderAdapter & typeof adapter;
}

const withProviders = (store: TestStore, gclub = gclubProvider(), ufa = gclubProvider({ credit: vi.fn(async () => 800) })) =>
  setProviders(store, gclub, ufa);

let opened: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  opened = [];
  // The browser opened the window (a blocked pop-up is open-external.test.ts's).
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.push(String(url));
    return { opener: window } as unknown as Window;
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  writeSessionCookies(PREFIX, 'member-token', 'phone');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const mock of [
    gclubGame,
    gclubOpenGame,
    gclubOpenProduct,
    favourites.gameFavourites,
    favourites.gameRecent,
    favourites.gameFavouriteSet,
  ])
    mock.mockReset();
  for (const mock of [dialogs.showMaintenanceDialog, dialogs.showNotOpenDialog]) mock.mockClear();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

describe("loading a brand's list", () => {
  it("asks for the brand's list by its url, keeps only games with an image, and is ready after the slot pause of 500 ms", async () => {
    const store = siteStore();
    gclubGame.mockResolvedValueOnce({
      status: true,
      games: [
        { id: 'R1', tag: rsg.storageKey, imageName: 'r1.png' },
        { id: 'R2', tag: rsg.storageKey, imageName: '' },
        { id: 'R3', tag: rsg.storageKey },
      ],
    });
    const loading = store.set(loadBrandAtom, 'slot', rsg);
    expect(gclubGame).toHaveBeenCalledWith({ url: rsg.url });
    await vi.advanceTimersByTimeAsync(499);
    expect(store.get(lobbyStatusAtom).slot).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toBe('ready');
    expect(store.get(lobbyStatusAtom).slot).toBe('ready');
    expect(store.get(gameListsAtom)[rsg.storageKey]?.games.map((g) => g.id)).toEqual(['R1']);
  });

  it('cards and fish pause 588 ms', async () => {
    const store = siteStore();
    const mt = gameMenuEntry('cards', 'MT')!;
    gclubGame.mockResolvedValueOnce(list(mt.storageKey, 'M1'));
    const loading = store.set(loadBrandAtom, 'cards', mt);
    await vi.advanceTimersByTimeAsync(587);
    expect(store.get(lobbyStatusAtom).cards).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(store.get(lobbyStatusAtom).cards).toBe('ready');
  });

  it('a brand whose list is cached with its tag is not asked for again', async () => {
    const store = siteStore();
    gclubGame.mockResolvedValueOnce(list(rsg.storageKey, 'R1'));
    const first = store.set(loadBrandAtom, 'slot', rsg);
    await vi.advanceTimersByTimeAsync(500);
    await first;
    localStorage.clear();
    await expect(store.set(loadBrandAtom, 'slot', rsg)).resolves.toBe('ready');
    expect(gclubGame).toHaveBeenCalledTimes(1);
  });

  it('an empty list is "empty", not ready', async () => {
    const store = siteStore();
    gclubGame.mockResolvedValueOnce({ status: true, games: [] });
    const loading = store.set(loadBrandAtom, 'slot', rsg);
    await vi.advanceTimersByTimeAsync(500);
    await loading;
    expect(store.get(lobbyStatusAtom).slot).toBe('empty');
  });

  it('the brand chosen last decides: a slower reply for the brand chosen before does not take over the lobby', async () => {
    const store = siteStore();
    let answerRsg: (reply: GclubGameReply) => void = () => undefined;
    gclubGame.mockImplementation(({ url }: { url: string }) =>
      url === rsg.url ? new Promise<GclubGameReply>((resolve) => (answerRsg = resolve)) : Promise.resolve(list(pp.storageKey, 'P1')),
    );
    const first = store.set(loadBrandAtom, 'slot', rsg);
    const second = store.set(loadBrandAtom, 'slot', pp);
    await vi.advanceTimersByTimeAsync(0);
    // PP's list arrives at once; RSG's only now, empty, while PP's pause is running.
    answerRsg({ status: true, games: [] });
    await vi.advanceTimersByTimeAsync(500);
    await Promise.all([first, second]);
    expect(store.get(lobbyStatusAtom).slot).toBe('ready');
    expect(store.get(gameListsAtom)[pp.storageKey]?.games.map((g) => g.id)).toEqual(['P1']);
  });

  it.each([
    ['a refusal', () => gclubGame.mockResolvedValueOnce({ status: false })],
    ['a reply that is no list', () => gclubGame.mockResolvedValueOnce({ status: true, games: [{ name: 'no id' }] })],
    ['a server error', () => gclubGame.mockRejectedValueOnce(new ApiError('http', 'gclubGame', 500))],
  ])('%s keeps what was shown, says the list is unusable, and tells the page to go back', async (_name, answer) => {
    const store = siteStore();
    answer();
    await expect(store.set(loadBrandAtom, 'slot', rsg)).resolves.toBe('kept');
    expect(store.get(lobbyStatusAtom).slot).toBe('error');
    expect(store.get(lobbyNoticeAtom).slot).toBe('lobby.errors.badList');
    expect(store.get(gameListsAtom)[rsg.storageKey]).toBeUndefined();
  });

  it('offline says so', async () => {
    const store = siteStore();
    gclubGame.mockRejectedValueOnce(new ApiError('offline', 'gclubGame'));
    await expect(store.set(loadBrandAtom, 'slot', rsg)).resolves.toBe('kept');
    expect(store.get(lobbyNoticeAtom).slot).toBe('lobby.errors.offline');
  });

  it('a good list after a bad one clears the notice', async () => {
    const store = siteStore();
    gclubGame.mockRejectedValueOnce(new ApiError('offline', 'gclubGame'));
    await store.set(loadBrandAtom, 'slot', rsg);
    gclubGame.mockResolvedValueOnce(list(pp.storageKey, 'P1'));
    const loading = store.set(loadBrandAtom, 'slot', pp);
    await vi.advanceTimersByTimeAsync(500);
    await loading;
    expect(store.get(lobbyNoticeAtom).slot).toBeNull();
    expect(store.get(lobbyStatusAtom).slot).toBe('ready');
  });
});

describe("the member's favourites and recent games", () => {
  it('are read with the token', async () => {
    const store = siteStore();
    favourites.gameFavourites.mockResolvedValueOnce({ status: true, favourites: [{ brand: 'slot_RSG', id: 'R1' }] });
    favourites.gameRecent.mockResolvedValueOnce({ status: true, recent: [{ brand: 'slot_PP', id: 'P1' }] });
    await store.set(loadMemberGamesAtom);
    expect(favourites.gameFavourites).toHaveBeenCalledWith({ token: 'member-token' });
    expect(favourites.gameRecent).toHaveBeenCalledWith({ token: 'member-token' });
    expect(store.get(favouritesAtom)).toEqual([{ brand: 'slot_RSG', id: 'R1' }]);
    expect(store.get(recentAtom)).toEqual([{ brand: 'slot_PP', id: 'P1' }]);
  });

  it('a refusal of one leaves that one as it was; a failure leaves both', async () => {
    const store = siteStore();
    favourites.gameFavourites.mockResolvedValueOnce({ status: true, favourites: [{ brand: 'slot_RSG', id: 'R1' }] });
    favourites.gameRecent.mockResolvedValueOnce({ status: false });
    await store.set(loadMemberGamesAtom);
    expect(store.get(favouritesAtom)).toEqual([{ brand: 'slot_RSG', id: 'R1' }]);
    expect(store.get(recentAtom)).toEqual([]);

    favourites.gameFavourites.mockRejectedValueOnce(new ApiError('timeout', 'gameFavourites'));
    favourites.gameRecent.mockResolvedValueOnce({ status: true, recent: [{ brand: 'slot_PP', id: 'P1' }] });
    await expect(store.set(loadMemberGamesAtom)).resolves.toBeUndefined();
    expect(store.get(favouritesAtom)).toEqual([{ brand: 'slot_RSG', id: 'R1' }]);
  });

  it('a guest asks for nothing', async () => {
    const store = siteStore();
    document.cookie = `token-${PREFIX}=; path=/; max-age=0`;
    await store.set(loadMemberGamesAtom);
    await store.set(toggleFavouriteAtom, GAME);
    expect(favourites.gameFavourites).not.toHaveBeenCalled();
    expect(favourites.gameFavouriteSet).not.toHaveBeenCalled();
  });

  it("a tap on a game that is not a favourite adds it; on a favourite, removes it; the server's list is shown", async () => {
    const store = siteStore();
    favourites.gameFavouriteSet.mockResolvedValueOnce({ status: true, favourites: [{ brand: 'slot_RSG', id: 'R1' }] });
    await store.set(toggleFavouriteAtom, GAME);
    expect(favourites.gameFavouriteSet).toHaveBeenLastCalledWith({ token: 'member-token', brand: 'slot_RSG', id: 'R1', on: true });
    expect(store.get(favouritesAtom)).toEqual([{ brand: 'slot_RSG', id: 'R1' }]);

    favourites.gameFavouriteSet.mockResolvedValueOnce({ status: true, favourites: [] });
    await store.set(toggleFavouriteAtom, GAME);
    expect(favourites.gameFavouriteSet).toHaveBeenLastCalledWith({ token: 'member-token', brand: 'slot_RSG', id: 'R1', on: false });
    expect(store.get(favouritesAtom)).toEqual([]);
  });

  it('a refused change leaves the favourites as they were', async () => {
    const store = siteStore();
    favourites.gameFavouriteSet.mockResolvedValueOnce({ status: false, favourites: [] });
    favourites.gameFavourites.mockResolvedValueOnce({ status: true, favourites: [{ brand: 'slot_PP', id: 'P1' }] });
    favourites.gameRecent.mockResolvedValueOnce({ status: true, recent: [] });
    await store.set(loadMemberGamesAtom);
    await store.set(toggleFavouriteAtom, GAME);
    expect(store.get(favouritesAtom)).toEqual([{ brand: 'slot_PP', id: 'P1' }]);
  });
});

describe('launching a game', () => {
  it('opens the link GCLUB gives for the game, with the session token, then refreshes the balance after the 5 s countdown', async () => {
    const store = siteStore();
    const { gclub } = withProviders(store);
    storeProviderValue('gclubToken_', PREFIX, 'gclub-session');
    gclubOpenGame.mockResolvedValueOnce({ status: true, result: { urlInfo: `${GAMES_ORIGIN}/play/R1` } });
    favourites.gameFavourites.mockResolvedValue({ status: true, favourites: [] });
    favourites.gameRecent.mockResolvedValue({ status: true, recent: [{ brand: 'slot_RSG', id: 'R1' }] });

    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('opened');
    expect(gclubOpenGame).toHaveBeenCalledWith({ token: 'gclub-session', url: rsg.url, code: 'R1' });
    expect(opened).toEqual([`${GAMES_ORIGIN}/play/R1`]);
    expect(store.get(refreshAtAtom)).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(0);
    // The game just played is among the recent ones.
    expect(store.get(recentAtom)).toEqual([{ brand: 'slot_RSG', id: 'R1' }]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(gclub.credit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(gclub.credit).toHaveBeenCalledTimes(1);
    expect(store.get(refreshAtAtom)).toBe(0);
  });

  it("a brand whose url token is '-' warns that its games are not open and opens nothing", async () => {
    const store = siteStore();
    withProviders(store);
    await expect(store.set(launchGameAtom, 'slot', 'GEMINI', GAME)).resolves.toBe('not-open');
    expect(dialogs.showNotOpenDialog).toHaveBeenCalledTimes(1);
    expect(gclubOpenGame).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('GCLUB under maintenance: its dialog, and nothing opens', async () => {
    const store = siteStore();
    const { gclub } = withProviders(store, gclubProvider({ maintain: vi.fn(async () => true) }));
    storeProviderValue('gclubToken_', PREFIX, 'gclub-session');
    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('maintenance');
    expect(gclub.maintain).toHaveBeenCalledTimes(1);
    expect(dialogs.showMaintenanceDialog).toHaveBeenCalledWith('GCLUB', null);
    expect(gclubOpenGame).not.toHaveBeenCalled();
    expect(store.get(providersAtom).GCLUB.maintain).toBe(true);
  });

  it('a maintenance already known is not asked about again', async () => {
    const store = siteStore();
    const { gclub } = withProviders(store);
    store.set(setProviderAtom, 'GCLUB', { maintain: true });
    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('maintenance');
    expect(gclub.maintain).not.toHaveBeenCalled();
    expect(dialogs.showMaintenanceDialog).toHaveBeenCalledWith('GCLUB', null);
  });

  it('without a GCLUB account there is nothing to open with', async () => {
    const store = siteStore([UFA]);
    withProviders(store);
    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('no-account');
    expect(gclubOpenGame).not.toHaveBeenCalled();
  });

  it('without a GCLUB session it logs in first, then opens with the new token', async () => {
    const store = siteStore();
    const { gclub } = withProviders(store);
    gclubOpenGame.mockResolvedValueOnce({ status: true, result: { urlInfo: `${GAMES_ORIGIN}/play/R1` } });
    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('opened');
    expect(gclub.login).toHaveBeenCalledWith({ prefix: PREFIX, gameuser: 'pre8g1' }, 'gpass');
    expect(gclubOpenGame).toHaveBeenCalledWith(expect.objectContaining({ token: 'gclub-session-1' }));
  });

  it('a 401 on the open call logs GCLUB in again and tries once more with the new token', async () => {
    const store = siteStore();
    const { gclub } = withProviders(store);
    storeProviderValue('gclubToken_', PREFIX, 'stale');
    gclubOpenGame
      .mockRejectedValueOnce(new ApiError('unauthorized', 'gclubOpenGame', 401))
      .mockResolvedValueOnce({ status: true, result: { urlInfo: `${GAMES_ORIGIN}/play/R1` } });
    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('opened');
    expect(gclub.login).toHaveBeenCalledTimes(1);
    expect(gclubOpenGame.mock.calls.map((c) => (c[0] as { token: string }).token)).toEqual(['stale', 'gclub-session-1']);
  });

  it("a 401 answered after the session ended (here the next member's) logs nobody in and opens nothing", async () => {
    const store = siteStore();
    const { gclub } = withProviders(store);
    storeProviderValue('gclubToken_', PREFIX, 'stale');
    let refuse: (error: unknown) => void = () => undefined;
    gclubOpenGame.mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)));
    const launch = store.set(launchGameAtom, 'slot', 'RSG', GAME);
    await vi.waitFor(() => expect(gclubOpenGame).toHaveBeenCalledTimes(1));
    store.set(sessionEndedAtom, PREFIX);
    refuse(new ApiError('unauthorized', 'gclubOpenGame', 401));
    await expect(launch).resolves.toBe('failed');
    expect(gclub.login).not.toHaveBeenCalled();
    expect(gclubOpenGame).toHaveBeenCalledTimes(1);
    expect(opened).toEqual([]);
  });

  it('a 401 whose login again is refused fails without a second open', async () => {
    const store = siteStore();
    withProviders(store, gclubProvider({ login: vi.fn(async () => null) }));
    storeProviderValue('gclubToken_', PREFIX, 'stale');
    gclubOpenGame.mockRejectedValueOnce(new ApiError('unauthorized', 'gclubOpenGame', 401));
    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('failed');
    expect(gclubOpenGame).toHaveBeenCalledTimes(1);
    expect(opened).toEqual([]);
  });

  it.each([
    ['a refusal', () => gclubOpenGame.mockResolvedValueOnce({ status: false })],
    ['a server error', () => gclubOpenGame.mockRejectedValueOnce(new ApiError('http', 'gclubOpenGame', 500))],
  ])('%s fails, opens nothing and starts no countdown', async (_name, answer) => {
    const store = siteStore();
    withProviders(store);
    storeProviderValue('gclubToken_', PREFIX, 'gclub-session');
    answer();
    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('failed');
    expect(opened).toEqual([]);
    expect(store.get(refreshAtAtom)).toBe(0);
  });

  it('a link to an origin that is not allowed is refused', async () => {
    const store = siteStore();
    withProviders(store);
    storeProviderValue('gclubToken_', PREFIX, 'gclub-session');
    gclubOpenGame.mockResolvedValueOnce({ status: true, result: { urlInfo: 'https://elsewhere.test/play' } });
    await expect(store.set(launchGameAtom, 'slot', 'RSG', GAME)).resolves.toBe('refused');
    expect(opened).toEqual([]);
    expect(store.get(refreshAtAtom)).toBe(0);
  });
});

describe('opening a product from the menus', () => {
  it('a GCLUB product is opened by its own call with the session token', async () => {
    const store = siteStore();
    withProviders(store);
    storeProviderValue('gclubToken_', PREFIX, 'gclub-session');
    gclubOpenProduct.mockResolvedValueOnce({ status: true, result: { urlInfo: `${GAMES_ORIGIN}/live` } });
    await expect(store.set(openProductAtom, 'gclubOpenLiveCasino')).resolves.toBe('opened');
    expect(gclubOpenProduct).toHaveBeenCalledWith('gclubOpenLiveCasino', { token: 'gclub-session' });
    expect(opened).toEqual([`${GAMES_ORIGIN}/live`]);
  });

  it('a GCLUB product under maintenance opens nothing', async () => {
    const store = siteStore();
    withProviders(store, gclubProvider({ maintain: vi.fn(async () => true) }));
    await expect(store.set(openProductAtom, 'gclubOpenSport')).resolves.toBe('maintenance');
    expect(gclubOpenProduct).not.toHaveBeenCalled();
    expect(dialogs.showMaintenanceDialog).toHaveBeenCalledWith('GCLUB', null);
  });

  it("a UFA product opens the link of UFA's games map, and the balance is refreshed after the 4 s countdown", async () => {
    const store = siteStore();
    const ufa = gclubProvider({
      login: vi.fn(async () => ({ balance: 1, games: { casino: { url: `${GAMES_ORIGIN}/ufa/casino`, title: 'Casino', w: 1, h: 1 } } })),
      credit: vi.fn(async () => 800),
    });
    withProviders(store, gclubProvider(), ufa);
    await store.set(loginProviderAtom, store.get(gameAccountsAtom).find((a) => a.service === 'UFA')!);

    await expect(store.set(openProductAtom, 'ufa:casino')).resolves.toBe('opened');
    expect(opened).toEqual([`${GAMES_ORIGIN}/ufa/casino`]);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(ufa.credit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ufa.credit).toHaveBeenCalledTimes(1);
  });

  it('UFA under maintenance shows its dialog; UFA without a games map has nothing to open', async () => {
    const store = siteStore();
    withProviders(store);
    await expect(store.set(openProductAtom, 'ufa:casino')).resolves.toBe('no-account');
    store.set(setProviderAtom, 'UFA', { maintain: true });
    await expect(store.set(openProductAtom, 'ufa:casino')).resolves.toBe('maintenance');
    expect(dialogs.showMaintenanceDialog).toHaveBeenCalledWith('UFA', null);
    expect(opened).toEqual([]);
  });

  it('a new launch replaces the pending countdown: one refresh, after the latest', async () => {
    const store = siteStore();
    const { gclub } = withProviders(store);
    storeProviderValue('gclubToken_', PREFIX, 'gclub-session');
    gclubOpenProduct.mockResolvedValue({ status: true, result: { urlInfo: `${GAMES_ORIGIN}/live` } });
    await store.set(openProductAtom, 'gclubOpenLiveCasino');
    await vi.advanceTimersByTimeAsync(3_000);
    await store.set(openProductAtom, 'gclubOpenLiveCasino');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(gclub.credit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(gclub.credit).toHaveBeenCalledTimes(1);
  });
});
