// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameMenuEntry, GAME_MENU, GAME_NOT_OPEN_TOKEN } from '@member/shared-core/games/menu';
import { keepList, keptListTags } from './kept-lists';
import { LIST_SETTLE_MS } from '@member/shared-core/games/lobby-rules';
import { testSiteStore } from '../../core/base/test-member';

const asked = vi.hoisted(() => [] as string[]);
vi.mock('../../core/api/api', async () =>
  (await import('../../core/api/test-calls')).fakeApi({
    gclubGame: vi.fn(async ({ url }: { url: string }) => {
      asked.push(url);
      return { status: true, games: [{ id: `${url}-1`, tag: url, name: 'Lucky Koi', imageName: 'x.png' }] };
    }),
  }),
);

const { loadBrandAtom, loadSearchListsAtom } = await import('./lobby-actions');
const { gameListsAtom, lobbyStatusAtom } = await import('./state');

const PREFIX = 'pre8';
const rsg = gameMenuEntry('slot', 'RSG')!;
const game = { id: 'RSG-S0001', tag: rsg.storageKey, name: 'Kept Dragon', imageName: '/game-images/slot_RSG/1.svg' };

const siteStore = () => testSiteStore();

beforeEach(() => {
  asked.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("a lobby's brand", () => {
  it('kept from the last visit is shown at once, with no request and no pause', async () => {
    keepList(PREFIX, { tag: rsg.storageKey, games: [game] });
    const store = siteStore();
    await expect(store.set(loadBrandAtom, 'slot', rsg)).resolves.toBe('ready');
    expect(asked).toEqual([]);
    expect(store.get(gameListsAtom)[rsg.storageKey]?.games).toEqual([game]);
    expect(store.get(lobbyStatusAtom).slot).toBe('ready');
  });

  it('fetched is kept for the next visit, after the pause a list load takes', async () => {
    const store = siteStore();
    const loading = store.set(loadBrandAtom, 'slot', rsg);
    await vi.advanceTimersByTimeAsync(LIST_SETTLE_MS.slot - 1);
    expect(store.get(lobbyStatusAtom).slot).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toBe('ready');
    expect(asked).toEqual([rsg.url]);
    expect(keptListTags(PREFIX)).toEqual([rsg.storageKey]);
  });

  it("a search takes the kept lists and fetches only the others, and keeps none of them (the shown brand's stays kept)", async () => {
    keepList(PREFIX, { tag: rsg.storageKey, games: [game] });
    const store = siteStore();
    await store.set(loadSearchListsAtom, 'slot');
    const open = GAME_MENU.slot.filter((e) => e.url_token !== GAME_NOT_OPEN_TOKEN);
    expect(asked.sort()).toEqual(
      open
        .filter((e) => e.storageKey !== rsg.storageKey)
        .map((e) => e.url)
        .sort(),
    );
    expect(store.get(gameListsAtom)[rsg.storageKey]?.games).toEqual([game]);
    expect(keptListTags(PREFIX)).toEqual([rsg.storageKey]);
  });
});
