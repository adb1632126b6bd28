import { describe, expect, it } from 'vitest';
import { arrangeGames, isGameList, needsFetch, playableGames } from './lobby-rules';

const game = (id: string, name: string) => ({ key: `slot_RSG/${id}`, id, brand: 'slot_RSG', name, imageUrl: `x/${id}.svg`, favourite: false });

describe('lobby rules', () => {
  it('re-fetches only when the cached tag is another brand', () => {
    expect(needsFetch(undefined, 'slot_RSG')).toBe(true);
    expect(needsFetch('slot_PP', 'slot_RSG')).toBe(true);
    expect(needsFetch('slot_RSG', 'slot_RSG')).toBe(false);
  });
  it('filters out games without an image', () => {
    expect(playableGames([
      { id: 'a', tag: 't', name: 'A', imageName: 'a.svg' },
      { id: 'b', tag: 't', name: 'B', imageName: '' },
      { id: 'c', tag: 't', name: 'C' },
      { id: 'd', tag: 't', name: 'D', imageName: '  ' },
    ]).map((g) => g.id)).toEqual(['a']);
  });
  it('recognises a malformed list', () => {
    expect(isGameList([{ id: 'a', tag: 't' }])).toBe(true);
    expect(isGameList({ id: 'a' })).toBe(false);
    expect(isGameList([{ id: 1, tag: 't' }])).toBe(false);
  });
  it('puts favourites, then recent, then the rest, and searches by name', () => {
    const games = [game('1', 'Dragon Gold'), game('2', 'มังกรทอง'), game('3', 'Lucky Cat'), game('4', 'Dragon Fire')];
    const arranged = arrangeGames(games, '', [{ brand: 'slot_RSG', id: '3' }], [{ brand: 'slot_RSG', id: '4' }]);
    expect(arranged.map((g) => g.id)).toEqual(['3', '4', '1', '2']);
    expect(arrangeGames(games, 'dragon', [], []).map((g) => g.id)).toEqual(['1', '4']);
    expect(arrangeGames(games, 'มังกร', [], []).map((g) => g.id)).toEqual(['2']);
  });
  it('matches every query typed against the same list afresh, by name or id, whatever its case', () => {
    const games = [game('rsg-1', 'Dragon Gold'), game('rsg-2', 'มังกรทอง'), game('rsg-3', 'Lucky Cat')];
    const typed = ['L', 'LU', 'Luc', 'lucky c', 'RSG-2', 'ทอง', 'x'].map((query) => arrangeGames(games, query, [], []).map((g) => g.id));
    expect(typed).toEqual([['rsg-1', 'rsg-3'], ['rsg-3'], ['rsg-3'], ['rsg-3'], ['rsg-2'], ['rsg-2'], []]);
  });
});
