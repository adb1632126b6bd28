// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { keepList, keptLists, keptListTags, KEPT_LIST_MAX_AGE_MS, KEPT_LISTS_MAX } from './kept-lists';

const games = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `g${i}`, tag: 'slot_RSG', name: `Game ${i}`, imageName: `/img/${i}.svg` }));

afterEach(() => localStorage.clear());

describe('game lists kept for the next visit', () => {
  it('gives back a kept list by its tag, per site, while it is young enough', () => {
    keepList('pre8', { tag: 'slot_RSG', games: games(3) }, 1_000);
    expect(keptLists('pre8', ['slot_RSG', 'slot_PG'], 2_000).map((k) => [k.tag, k.games.length])).toEqual([['slot_RSG', 3]]);
    expect(keptLists('bkmc', ['slot_RSG'], 2_000)).toEqual([]);
    expect(keptLists('pre8', ['slot_PG'], 2_000)).toEqual([]);
    expect(keptLists('pre8', ['slot_RSG'], 1_000 + KEPT_LIST_MAX_AGE_MS + 1)).toEqual([]);
    expect(keptListTags('pre8', 2_000)).toEqual(['slot_RSG']);
    expect(keptListTags('pre8', 1_000 + KEPT_LIST_MAX_AGE_MS + 1)).toEqual([]);
  });

  it('keeps the newest few only, one per brand', () => {
    for (let i = 0; i < KEPT_LISTS_MAX + 2; i += 1) keepList('pre8', { tag: `slot_${i}`, games: games(1) }, i);
    keepList('pre8', { tag: `slot_${KEPT_LISTS_MAX + 1}`, games: games(2) }, 100);
    const tags = keptListTags('pre8', 100);
    expect(tags).toHaveLength(KEPT_LISTS_MAX);
    expect(tags).not.toContain('slot_0');
    expect(keptLists('pre8', [`slot_${KEPT_LISTS_MAX + 1}`], 100)[0]?.games).toHaveLength(2);
  });

  it('ignores what is not a list (an edited or older entry) instead of drawing it', () => {
    localStorage.setItem('gameLists_pre8', JSON.stringify([{ tag: 'slot_RSG', savedAt: 1, games: [{ nope: true }] }]));
    expect(keptLists('pre8', ['slot_RSG'], 2)).toEqual([]);
    localStorage.setItem('gameLists_pre8', '{not json');
    expect(keptLists('pre8', ['slot_RSG'], 2)).toEqual([]);
  });
});
