// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GclubGameReply } from '@member/shared-core';

const gclubGame = vi.hoisted(() => vi.fn<(request: { url: string }) => Promise<GclubGameReply>>());
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ gclubGame }));

/** The module afresh: what it asked for at start lives in the module. */
async function fresh() {
  vi.resetModules();
  return import('./list-prefetch');
}

const LIST: GclubGameReply = { status: true, games: [{ id: 'g1', tag: 'slot_RSG', imageName: 'g1.png' }] } as unknown as GclubGameReply;

beforeEach(() => {
  localStorage.clear();
  gclubGame.mockReset();
  gclubGame.mockResolvedValue(LIST);
});

describe('the lobby list asked for at start', () => {
  it("asks for the brand the address names, else the member's last choice, else the category's default", async () => {
    const m = await fresh();
    m.prefetchLobbyList('bkmc', 'slot', '?prefix=bkmc&brand=JOKER');
    expect(gclubGame).toHaveBeenLastCalledWith({ url: m.shownBrand('slot', 'JOKER').url });
    expect(m.shownBrand('slot', 'JOKER').code).toBe('JOKER');
    m.rememberBrand('fish', 'JOKER');
    m.prefetchLobbyList('bkmc', 'fish', '?prefix=bkmc&brand=nope');
    expect(gclubGame).toHaveBeenLastCalledWith({ url: m.shownBrand('fish', 'JOKER').url });
    m.prefetchLobbyList('bkmc', 'cards', '?prefix=bkmc');
    expect(m.shownBrand('cards', null).code).toBe('MT');
    expect(gclubGame).toHaveBeenLastCalledWith({ url: m.shownBrand('cards', null).url });
  });

  it('asks once per brand, and hands the reply out once', async () => {
    const m = await fresh();
    m.prefetchLobbyList('bkmc', 'slot', '?brand=RSG');
    m.prefetchLobbyList('bkmc', 'slot', '?brand=RSG');
    expect(gclubGame).toHaveBeenCalledTimes(1);
    const key = m.shownBrand('slot', 'RSG').storageKey;
    const taken = m.takePrefetchedList(key)!;
    await expect(taken.reply).resolves.toBe(LIST);
    // When it arrived, for the lobby's pause after a list has loaded.
    expect(taken.arrivedAt()).toBeTypeOf('number');
    expect(m.takePrefetchedList(key)).toBeUndefined();
    expect(m.takePrefetchedList(m.shownBrand('slot', 'JOKER').storageKey)).toBeUndefined();
  });

  it('hands out nothing older than its bound, so a later visit asks anew', async () => {
    const m = await fresh();
    m.prefetchLobbyList('bkmc', 'slot', '?brand=RSG', 1_000);
    const key = m.shownBrand('slot', 'RSG').storageKey;
    expect(m.takePrefetchedList(key, 1_000 + m.PREFETCHED_LIST_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('a failed request fails for whoever takes it, and for no one else', async () => {
    const m = await fresh();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      gclubGame.mockRejectedValue(new Error('offline'));
      m.prefetchLobbyList('bkmc', 'slot', '?brand=RSG');
      m.prefetchLobbyList('bkmc', 'fish', '?brand=RSG');
      const taken = m.takePrefetchedList(m.shownBrand('slot', 'RSG').storageKey)!;
      await expect(taken.reply).rejects.toThrow('offline');
      expect(taken.arrivedAt()).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
