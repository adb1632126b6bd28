// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { GAME_MENU, GAME_NOT_OPEN_TOKEN } from '@member/shared-core/games/menu';

const asked = vi.hoisted(() => [] as string[]);
const broken = vi.hoisted(() => new Set<string>());
vi.mock('../../core/api/api', async () =>
  (await import('../../core/api/test-calls')).fakeApi({
    gclubGame: vi.fn(async ({ url }: { url: string }) => {
      asked.push(url);
      if (broken.has(url)) return { status: true, games: 'not a list' };
      return { status: true, games: [{ id: `${url}-1`, tag: url, name: 'Lucky Koi', imageName: 'x.png' }] };
    }),
  }),
);

const { loadSearchListsAtom } = await import('./lobby-actions');
const { gameListsAtom, storeListAtom } = await import('./state');

const open = GAME_MENU.slot.filter((e) => e.url_token !== GAME_NOT_OPEN_TOKEN);

beforeEach(() => {
  asked.length = 0;
  broken.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('the lists a search looks through', () => {
  it("are every open brand's not yet cached, fetched once however often the search asks, a bad one left out", async () => {
    const store = createStore();
    const cached = open[0]!;
    store.set(storeListAtom, { tag: cached.storageKey, games: [] });
    broken.add(open[1]!.url);
    await Promise.all([store.set(loadSearchListsAtom, 'slot'), store.set(loadSearchListsAtom, 'slot')]);
    expect(asked.sort()).toEqual(
      open
        .slice(1)
        .map((e) => e.url)
        .sort(),
    );
    const lists = store.get(gameListsAtom);
    expect(lists[open[1]!.storageKey]).toBeUndefined();
    expect(lists[open[2]!.storageKey]?.games).toHaveLength(1);
    expect(Object.keys(lists)).not.toContain(GAME_MENU.slot.find((e) => e.url_token === GAME_NOT_OPEN_TOKEN)!.storageKey);
    // Asked again: only the one that failed.
    asked.length = 0;
    broken.clear();
    await store.set(loadSearchListsAtom, 'slot');
    expect(asked).toEqual([open[1]!.url]);
  });
});
