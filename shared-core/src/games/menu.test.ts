import { describe, expect, it } from 'vitest';
import {
  ALL_GAME_MENU_ENTRIES,
  DEFAULT_BRANDS,
  GAME_CATEGORIES,
  GAME_MENU,
  GAME_NOT_OPEN_TOKEN,
  defaultGameMenuEntry,
  gameMenuEntry,
  gameMenuEntryByKey,
  gameMenuEntryByUrl,
  isGameBrandOpen,
} from './menu';

const SLOT_TITLES = [
  'Gold',
  'TP',
  'GR',
  'Ameba',
  'NEXTSPIN',
  'MG',
  'JOKER',
  'FC',
  'JILI',
  'PP',
  'DS',
  'JDB',
  'RSG',
  'GEMINI',
  'RG slot',
  'EG',
];
const clubId = (url: string) => /^\/games\/club\/(\d+)$/.exec(url)?.[1];

describe('GAME_MENU', () => {
  it('has 16 slot, 10 fish and 2 card brands, slot and cards named as the product lists them', () => {
    expect(GAME_MENU.slot).toHaveLength(16);
    expect(GAME_MENU.fish).toHaveLength(10);
    expect(GAME_MENU.cards).toHaveLength(2);
    expect(GAME_MENU.slot.map((e) => e.title)).toEqual(SLOT_TITLES);
    expect(GAME_MENU.cards.map((e) => e.title)).toEqual(['RTG', 'MT']);
    expect(ALL_GAME_MENU_ENTRIES).toHaveLength(28);
  });

  it('gives every entry its category, a numeric club id in its url, and unique ids, urls and storage keys', () => {
    for (const category of GAME_CATEGORIES) {
      for (const entry of GAME_MENU[category]) {
        expect(entry.category).toBe(category);
        expect(clubId(entry.url)).toMatch(/^\d+$/);
        expect(entry.storageKey).toBe(`${category}_${entry.code}`);
        expect(entry.code).toMatch(/^[A-Z0-9]{2,10}$/);
        expect(entry.title).not.toBe('');
        expect(entry.url_token).not.toBe('');
      }
      const codes = GAME_MENU[category].map((e) => e.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
    const ids = ALL_GAME_MENU_ENTRIES.map((e) => clubId(e.url));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ALL_GAME_MENU_ENTRIES.map((e) => e.storageKey)).size).toBe(28);
    expect(new Set(ALL_GAME_MENU_ENTRIES.map((e) => e.title)).size).toBe(28);
  });

  it('has the defaults slot RSG, fish RSG (RSG Fish) and cards MT', () => {
    expect(DEFAULT_BRANDS).toEqual({ slot: 'RSG', fish: 'RSG', cards: 'MT' });
    expect(defaultGameMenuEntry('slot').storageKey).toBe('slot_RSG');
    expect(defaultGameMenuEntry('fish').title).toBe('RSG Fish');
    expect(defaultGameMenuEntry('cards').title).toBe('MT');
    for (const category of GAME_CATEGORIES) expect(isGameBrandOpen(defaultGameMenuEntry(category))).toBe(true);
  });

  it("has at least one brand per category that is not open yet (url_token '-')", () => {
    for (const category of GAME_CATEGORIES) {
      const closed = GAME_MENU[category].filter((e) => e.url_token === GAME_NOT_OPEN_TOKEN);
      expect(closed.length).toBeGreaterThan(0);
      expect(closed.every((e) => !isGameBrandOpen(e))).toBe(true);
      expect(GAME_MENU[category].some(isGameBrandOpen)).toBe(true);
    }
  });

  it('finds entries by category and code, url and storage key', () => {
    const rsg = gameMenuEntry('slot', 'RSG')!;
    expect(gameMenuEntryByUrl(rsg.url)).toBe(rsg);
    expect(gameMenuEntryByKey('slot_RSG')).toBe(rsg);
    expect(gameMenuEntry('fish', 'RSG')).not.toBe(rsg);
    expect(gameMenuEntry('cards', 'RSG')).toBeUndefined();
    expect(gameMenuEntryByUrl('/games/club/9999')).toBeUndefined();
    expect(gameMenuEntryByKey(undefined)).toBeUndefined();
  });

  it('is frozen', () => {
    expect(Object.isFrozen(GAME_MENU)).toBe(true);
    expect(Object.isFrozen(GAME_MENU.slot)).toBe(true);
    expect(Object.isFrozen(GAME_MENU.slot[0])).toBe(true);
  });
});
