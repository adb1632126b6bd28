/**
 * The game menu: the slot (16), fish (10) and cards (2) brands a member picks from, once for the host, the
 * themes and the simulator.
 *
 * - `url` names the brand in `gclubGame` and `gclubOpenGame`; it carries the brand's numeric club id
 *   (`/games/club/1013`), distinct per entry.
 * - `storageKey` identifies the brand everywhere else: it is the `tag` of the brand's game list (the host re-fetches
 *   only when the cached list has another tag), and the `brand` of favourites and recently played games.
 * - `code` is the short provider code (`RSG`, `MT`); it is unique within a category, not across categories (RSG makes
 *   slot and fish games). The selected brand of a category is kept in local storage by this code.
 * - `url_token` is `'-'` (GAME_NOT_OPEN_TOKEN) for a brand whose games are not open yet: the host shows the
 *   "not available yet" warning and opens nothing.
 */

export type GameCategory = 'slot' | 'fish' | 'cards';

export const GAME_CATEGORIES: readonly GameCategory[] = ['slot', 'fish', 'cards'];

export interface GameMenuEntry {
  title: string;
  url: string;
  storageKey: string;
  url_token: string;
  code: string;
  category: GameCategory;
}

export type GameMenu = Readonly<Record<GameCategory, readonly GameMenuEntry[]>>;

/** The `url_token` of a brand whose games are not open yet. */
export const GAME_NOT_OPEN_TOKEN = '-';

type Row = readonly [title: string, code: string, clubId: number, urlToken: string];

function entries(category: GameCategory, rows: readonly Row[]): readonly GameMenuEntry[] {
  return Object.freeze(
    rows.map(([title, code, clubId, urlToken]) =>
      Object.freeze({ title, url: `/games/club/${clubId}`, storageKey: `${category}_${code}`, url_token: urlToken, code, category }),
    ),
  );
}

export const GAME_MENU: GameMenu = Object.freeze({
  slot: entries('slot', [
    ['Gold', 'GOLD', 1001, 'gt-7f3a91c2'],
    ['TP', 'TP', 1002, 'gt-2b8e45d0'],
    ['GR', 'GR', 1003, 'gt-c61f0a37'],
    ['Ameba', 'AMEBA', 1004, 'gt-94d2e6b8'],
    ['NEXTSPIN', 'NEXTSPIN', 1005, 'gt-0e7c3f59'],
    ['MG', 'MG', 1006, 'gt-5a19b7e4'],
    ['JOKER', 'JOKER', 1007, 'gt-e83d2c06'],
    ['FC', 'FC', 1008, 'gt-1c6a8f93'],
    ['JILI', 'JILI', 1009, 'gt-b47e05a1'],
    ['PP', 'PP', 1010, 'gt-3f92d6c8'],
    ['DS', 'DS', 1011, 'gt-d05b7e2f'],
    ['JDB', 'JDB', 1012, 'gt-68c1a4b9'],
    ['RSG', 'RSG', 1013, 'gt-a2f7c038'],
    ['GEMINI', 'GEMINI', 1014, GAME_NOT_OPEN_TOKEN],
    ['RG slot', 'RG', 1015, 'gt-7d4e9b16'],
    ['EG', 'EG', 1016, 'gt-c9a05e73'],
  ]),
  fish: entries('fish', [
    ['JILI Fish', 'JILI', 2001, 'gt-4e81c7a5'],
    ['FC Fish', 'FC', 2002, 'gt-f3092bd6'],
    ['JDB Fish', 'JDB', 2003, 'gt-8b6d1e40'],
    ['Joker Fish', 'JOKER', 2004, 'gt-25ca7f98'],
    ['CQ9 Fish', 'CQ9', 2005, 'gt-d71e3a0c'],
    ['KA Fish', 'KA', 2006, 'gt-0a5f8c62'],
    ['YL Fish', 'YL', 2007, GAME_NOT_OPEN_TOKEN],
    ['TP Fish', 'TP', 2008, 'gt-63b9d2e7'],
    ['RSG Fish', 'RSG', 2009, 'gt-ba4c6f15'],
    ['GR Fish', 'GR', 2010, 'gt-1f8e03bd'],
  ]),
  cards: entries('cards', [
    ['RTG', 'RTG', 3001, GAME_NOT_OPEN_TOKEN],
    ['MT', 'MT', 3002, 'gt-e5d27a84'],
  ]),
});

/** The brand selected when local storage holds none (slot RSG, cards MT, fish RSG), by `code`. */
export const DEFAULT_BRANDS: Readonly<Record<GameCategory, string>> = Object.freeze({ slot: 'RSG', fish: 'RSG', cards: 'MT' });

/** Every brand of every category, in menu order. */
export const ALL_GAME_MENU_ENTRIES: readonly GameMenuEntry[] = Object.freeze(GAME_CATEGORIES.flatMap((category) => GAME_MENU[category]));

/** The brand of a category with this `code`, or undefined. */
export const gameMenuEntry = (category: GameCategory, code: string | null | undefined): GameMenuEntry | undefined =>
  GAME_MENU[category].find((entry) => entry.code === code);

/** The category's default brand (DEFAULT_BRANDS). */
export const defaultGameMenuEntry = (category: GameCategory): GameMenuEntry => gameMenuEntry(category, DEFAULT_BRANDS[category])!;

/** The brand whose `url` this is, or undefined. */
export const gameMenuEntryByUrl = (url: string | null | undefined): GameMenuEntry | undefined =>
  ALL_GAME_MENU_ENTRIES.find((entry) => entry.url === url);

/** The brand with this `storageKey` (a game list's `tag`), or undefined. */
export const gameMenuEntryByKey = (storageKey: string | null | undefined): GameMenuEntry | undefined =>
  ALL_GAME_MENU_ENTRIES.find((entry) => entry.storageKey === storageKey);

/** False for a brand whose `url_token` is `'-'`: its games are not open yet. */
export const isGameBrandOpen = (entry: GameMenuEntry): boolean => entry.url_token !== GAME_NOT_OPEN_TOKEN;
