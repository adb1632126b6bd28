import { describe, expect, it } from 'vitest';
import {
  arrangeGames,
  isGameList,
  launchBrandCode,
  listStatusOf,
  lobbyBrands,
  lobbyGames,
  needsFetch,
  otherBrandMatches,
  pickGames,
  playableGames,
  searchedBrands,
  shownBrandOf,
} from './lobby-rules';

const game = (id: string, name: string) => ({
  key: `slot_RSG/${id}`,
  id,
  brand: 'slot_RSG',
  name,
  imageUrl: `x/${id}.svg`,
  favourite: false,
});

describe('lobby rules', () => {
  it('re-fetches only when the cached tag is another brand', () => {
    expect(needsFetch(undefined, 'slot_RSG')).toBe(true);
    expect(needsFetch('slot_PP', 'slot_RSG')).toBe(true);
    expect(needsFetch('slot_RSG', 'slot_RSG')).toBe(false);
  });
  it('filters out games without an image', () => {
    expect(
      playableGames([
        { id: 'a', tag: 't', name: 'A', imageName: 'a.svg' },
        { id: 'b', tag: 't', name: 'B', imageName: '' },
        { id: 'c', tag: 't', name: 'C' },
        { id: 'd', tag: 't', name: 'D', imageName: '  ' },
      ]).map((g) => g.id),
    ).toEqual(['a']);
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

  it('offers every brand of the menu, a brand not open yet marked closed and after the open ones', () => {
    const brands = lobbyBrands('cards');
    expect(brands).toEqual([
      { code: 'MT', title: 'MT', storageKey: 'cards_MT', open: true },
      { code: 'RTG', title: 'RTG', storageKey: 'cards_RTG', open: false },
    ]);
    expect(searchedBrands(lobbyBrands('slot'), 'slot_RSG').map((b) => b.code)).not.toContain('RSG');
    expect(searchedBrands(lobbyBrands('slot'), 'slot_RSG').map((b) => b.code)).not.toContain('GEMINI');
  });
  it("shows the address's brand, else the last choice, else the default", () => {
    expect(shownBrandOf('slot', 'PP', 'JILI').code).toBe('PP');
    expect(shownBrandOf('slot', 'nope', 'JILI').code).toBe('JILI');
    expect(shownBrandOf('slot', null, null).code).toBe('RSG');
  });

  it('never lands on a "soon" brand remembered from last time, though a link may name one', () => {
    expect(shownBrandOf('slot', null, 'GEMINI').code).toBe('RSG');
    expect(shownBrandOf('slot', 'GEMINI', 'JILI').code).toBe('GEMINI');
    expect(shownBrandOf('cards', null, 'RTG').code).toBe('MT');
  });

  it('lists the playable brands first, then the "soon" ones', () => {
    for (const category of ['slot', 'fish', 'cards'] as const) {
      const brands = lobbyBrands(category);
      const firstSoon = brands.findIndex((b) => !b.open);
      expect(firstSoon).toBeGreaterThan(0);
      expect(brands.slice(firstSoon).every((b) => !b.open)).toBe(true);
    }
    expect(lobbyBrands('cards').map((b) => b.code)).toEqual(['MT', 'RTG']);
  });
  it("makes a list the lobby's games, starred and picked by reference", () => {
    const games = lobbyGames(
      'slot_PP',
      [
        { id: 'pp-1', tag: 'slot_PP', name: 'Gates', imageName: 'https://img.provider.example/g.png' },
        { id: 'pp-2', tag: 'slot_PP', name: 'Sweet' },
      ],
      [{ brand: 'slot_PP', id: 'pp-2' }],
    );
    expect(games).toEqual([
      {
        key: 'slot_PP/pp-1',
        id: 'pp-1',
        brand: 'slot_PP',
        name: 'Gates',
        imageUrl: 'https://img.provider.example/g.png',
        favourite: false,
      },
      { key: 'slot_PP/pp-2', id: 'pp-2', brand: 'slot_PP', name: 'Sweet', imageUrl: '', favourite: true },
    ]);
    const byKey = new Map(games.map((g) => [g.key, g]));
    expect(
      pickGames(byKey, [
        { brand: 'slot_PP', id: 'pp-2' },
        { brand: 'slot_JILI', id: 'x' },
      ]).map((g) => g.id),
    ).toEqual(['pp-2']);
    expect(listStatusOf(games)).toBe('ready');
    expect(listStatusOf([])).toBe('empty');
  });
  it("shows a tile image only from an http(s) address or a path on the host's site", () => {
    const tiles = lobbyGames(
      'slot_PP',
      [
        { id: 'a', tag: 'slot_PP', name: 'A', imageName: '/game-images/slot_PP/a.svg' },
        { id: 'b', tag: 'slot_PP', name: 'B', imageName: 'javascript:alert(1)' },
        { id: 'c', tag: 'slot_PP', name: 'C', imageName: 'data:image/svg+xml,<svg/>' },
        { id: 'd', tag: 'slot_PP', name: 'D', imageName: '//elsewhere.example/d.png' },
      ],
      [],
    );
    expect(tiles.map((g) => g.imageUrl)).toEqual(['/game-images/slot_PP/a.svg', '', '', '']);
  });
  it("groups a search's matches by brand, leaving out brands without any, and opens a match in its own brand", () => {
    const pp = lobbyBrands('slot').find((b) => b.code === 'PP');
    const jili = lobbyBrands('slot').find((b) => b.code === 'JILI');
    const groups = [
      { brand: pp!, games: [game('a', 'Dragon'), game('b', 'Cat')].map((g) => ({ ...g, brand: 'slot_PP', key: `slot_PP/${g.id}` })) },
      { brand: jili!, games: [game('c', 'Cat')].map((g) => ({ ...g, brand: 'slot_JILI', key: `slot_JILI/${g.id}` })) },
    ];
    const matches = otherBrandMatches(groups, 'drag', [], []);
    expect(matches.map((m) => [m.brand.code, m.games.map((g) => g.id)])).toEqual([['PP', ['a']]]);
    expect(launchBrandCode(matches[0]!.games[0]!, 'RSG')).toBe('PP');
    expect(launchBrandCode(game('z', 'Unknown brand'), 'RSG')).toBe('RSG');
  });
});
