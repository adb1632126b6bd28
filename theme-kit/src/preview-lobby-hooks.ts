import { useDeferredValue, useMemo, useState } from 'react';
import { useGameAccounts, useTranslation } from '@member/shared-core';
import type { GameListItem, GameRef, LobbyBrand, LobbyGame, LobbyModel, ProductsModel } from '@member/shared-core';
import { gameMenuEntry, gameMenuEntryByKey, isGameBrandOpen, type GameCategory, type GameMenuEntry } from '@member/shared-core/games/menu';
import { productEntries, providersOf } from '@member/shared-core/games/products';
import {
  arrangeGames,
  isFavourite,
  launchBrandCode,
  LIST_SETTLE_MS,
  listStatusOf,
  lobbyBrands,
  lobbyGames,
  otherBrandMatches,
  pickGames,
  playableGames,
  REFRESH_COUNTDOWN_MS,
  searchedBrands,
  shownBrandOf,
} from '@member/shared-core/games/lobby-rules';
import { gameKey } from '@member/shared-core/games/lobby-order';
import { useCountdown } from '@member/shared-core/games/use-countdown';
import { useLater } from './preview-hooks';

/**
 * The host's lobby and products hooks for the standalone preview and the tests: every brand of the game menu with a
 * believable, deterministic list (500 games for RSG slot, none for KA fish), and a pretend server's favourites and
 * recently played games; search, order, launches and the post-launch countdown follow the contract's lobby rules.
 * No network; images are inline SVG.
 */

/** Games per brand where the preview wants a particular size; the rest get 8 to 47 from the brand's key. */
export const PREVIEW_LIST_SIZES: Readonly<Record<string, number>> = { slot_RSG: 500, slot_PP: 240, fish_KA: 0, cards_MT: 40 };

const WORDS: Record<GameCategory, { first: readonly string[]; second: readonly string[] }> = {
  slot: {
    first: [
      'Golden',
      'Lucky',
      'Mighty',
      'Wild',
      'Fortune',
      'Royal',
      'Mystic',
      'Super',
      'Jungle',
      'Diamond',
      'Treasure',
      'Thunder',
      'Jade',
      'Moon',
    ],
    second: [
      'Dragon',
      'Tiger',
      'Phoenix',
      'Koi',
      'Panda',
      'Gems',
      'Temple',
      'Elephant',
      'Mahjong',
      'Naga',
      'Songkran',
      'Garuda',
      'Lotus',
      'Riches',
      'Tuk Tuk',
    ],
  },
  fish: {
    first: ['Golden', 'Mega', 'Royal', 'Thunder', 'Jackpot', 'Happy', 'All-Star', 'Ocean'],
    second: ['Fishing', 'Shark Hunt', 'Fish King', 'Deep Sea', 'Reef Party', 'Mermaid'],
  },
  cards: {
    first: ['Thai', 'Royal', 'Speed', 'Classic', 'VIP', 'Lucky'],
    second: ['Baccarat', 'Pok Deng', 'Hi-Lo', 'Dragon Tiger', 'Blackjack', 'Fan Tan', 'Sic Bo'],
  },
};
const THAI_NAMES = ['มังกรทอง', 'เสือนำโชค', 'ช้างมหาเฮง', 'นาคาศักดิ์สิทธิ์', 'ปลาคาร์ปทอง', 'สมบัติเงินล้าน', 'ราชินีสยาม', 'บัวทอง'];
const CATEGORY_LETTER: Record<GameCategory, string> = { slot: 'S', fish: 'F', cards: 'C' };

/** A small, stable string hash (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();

/** A square tile picture: a diagonal gradient in the game's hue, a soft disc and the game's initials. */
function tileImage(name: string, seed: number): string {
  const hue = seed % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 72% 56%)"/><stop offset="1" stop-color="hsl(${(hue + 48) % 360} 70% 30%)"/></linearGradient></defs>` +
    `<rect width="160" height="160" fill="url(#g)"/><circle cx="124" cy="34" r="46" fill="#fff" fill-opacity=".14"/>` +
    `<circle cx="28" cy="138" r="34" fill="#000" fill-opacity=".12"/>` +
    `<text x="80" y="98" font-family="system-ui,sans-serif" font-size="46" font-weight="800" text-anchor="middle" fill="#fff">${initials(name)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const lists = new Map<string, readonly GameListItem[]>();

/** The preview's catalogue of a brand, as the server's game list has it; generated once and kept. */
export function previewBrandList(entry: GameMenuEntry): readonly GameListItem[] {
  const cached = lists.get(entry.storageKey);
  if (cached) return cached;
  const size = PREVIEW_LIST_SIZES[entry.storageKey] ?? 8 + (hash(entry.storageKey) % 40);
  const words = WORDS[entry.category];
  const games = Array.from({ length: size }, (_, i): GameListItem => {
    const seed = hash(`${entry.storageKey}/${i}`);
    const base =
      i % 9 === 4
        ? THAI_NAMES[seed % THAI_NAMES.length]!
        : `${words.first[seed % words.first.length]} ${words.second[(seed >>> 8) % words.second.length]}`;
    const name = i < words.first.length * 2 ? base : `${base} ${Math.floor(i / 7) + 1}`;
    const id = `${entry.code}-${CATEGORY_LETTER[entry.category]}${String(i + 1).padStart(4, '0')}`;
    return { id, tag: entry.storageKey, name, imageName: tileImage(name, seed) };
  });
  lists.set(entry.storageKey, games);
  return games;
}

/** The preview's games of a brand as a lobby shows them, none starred. */
export const previewGameList = (entry: GameMenuEntry): readonly LobbyGame[] => brandGames(entry, []);

const refOf = (game: GameRef): GameRef => ({ brand: game.brand, id: game.id });
const others = (refs: readonly GameRef[], game: GameRef) => refs.filter((r) => gameKey(r) !== gameKey(game));

/** The pretend server's lists: favourites in the order they were added, recently played newest first (at most 20). */
const withFavourite = (favourites: readonly GameRef[], game: GameRef, on: boolean): GameRef[] =>
  on ? [...others(favourites, game), refOf(game)] : others(favourites, game);
const withRecent = (recent: readonly GameRef[], game: GameRef): GameRef[] => [refOf(game), ...others(recent, game)].slice(0, 20);

/** A brand's games as a lobby shows them, from the preview's catalogue. */
// The preview draws its own sample tiles (data: images), which the API's guard would refuse.
const brandGames = (entry: GameMenuEntry, favourites: readonly GameRef[]) =>
  lobbyGames(entry.storageKey, playableGames(previewBrandList(entry)), favourites, (imageName) => imageName ?? '');

export function usePreviewLobby(category: GameCategory): LobbyModel {
  const { t } = useTranslation();
  const later = useLater();
  const laterLaunch = useLater();
  const brands = useMemo<LobbyBrand[]>(() => lobbyBrands(category), [category]);
  const [code, setCode] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [favourites, setFavourites] = useState<readonly GameRef[]>([]);
  const [recent, setRecent] = useState<readonly GameRef[]>([]);
  const [launchingKey, setLaunchingKey] = useState<string | null>(null);
  const [launchError, setLaunchError] = useState<string | null>(null);
  const [refreshAt, setRefreshAt] = useState(0);
  const refreshIn = useCountdown(refreshAt, Date.now);
  const entry = shownBrandOf(category, code);
  const brand = brands.find((b) => b.code === entry.code) ?? null;

  const all = useMemo(() => brandGames(entry, favourites), [entry, favourites]);
  const byKey = useMemo(() => new Map(all.map((g) => [g.key, g])), [all]);
  const games = useMemo(() => arrangeGames(all, deferredQuery, favourites, recent), [all, deferredQuery, favourites, recent]);

  // A search looks through the category's other open brands too, as the host's does; their games are made once per
  // search, not per keystroke (the search folds each name once per game object).
  const searching = deferredQuery.trim() !== '';
  const otherGames = useMemo(
    () =>
      searching
        ? searchedBrands(brands, entry.storageKey).map((b) => ({
            brand: b,
            games: brandGames(gameMenuEntryByKey(b.storageKey)!, favourites),
          }))
        : [],
    [searching, brands, entry.storageKey, favourites],
  );
  const otherBrands = useMemo(
    () => otherBrandMatches(otherGames, deferredQuery, favourites, recent),
    [otherGames, deferredQuery, favourites, recent],
  );

  const status = loading ? 'loading' : listStatusOf(all);
  return {
    category,
    brands,
    brand,
    selectBrand: (next) => {
      if (!gameMenuEntry(category, next) || next === entry.code) return;
      setCode(next);
      setQuery('');
      setLoading(true);
      later(() => setLoading(false), LIST_SETTLE_MS[category]);
    },
    status,
    games: status === 'ready' ? games : [],
    favourites: pickGames(byKey, favourites),
    recent: pickGames(byKey, recent),
    query,
    setQuery,
    otherBrands,
    searching: false,
    notice: null,
    launch: (game) => {
      if (launchingKey) return;
      setLaunchError(null);
      const target = gameMenuEntry(category, launchBrandCode(game, entry.code));
      if (!target || !isGameBrandOpen(target)) {
        // The host says this in a dialog of its own; the preview has none, so it says it here.
        setLaunchError(t('games.notOpen'));
        return;
      }
      setLaunchingKey(game.key);
      laterLaunch(() => {
        setLaunchingKey(null);
        setRecent((current) => withRecent(current, game));
        setRefreshAt(Date.now() + REFRESH_COUNTDOWN_MS.GCLUB);
      });
    },
    launchingKey,
    launchError,
    toggleFavourite: (game) => setFavourites((current) => withFavourite(current, game, !isFavourite(current, game))),
    refreshIn,
  };
}

/** The products the host lists for the preview's member (both providers' accounts); opening one takes a moment. */
export function usePreviewProducts(): ProductsModel {
  const { t } = useTranslation();
  const { accounts } = useGameAccounts();
  const later = useLater();
  const [openingKey, setOpeningKey] = useState<string | null>(null);
  const { GCLUB, UFA } = providersOf(accounts);
  const products = useMemo(() => productEntries({ GCLUB, UFA }, t), [GCLUB, UFA, t]);
  return {
    products,
    openingKey,
    error: null,
    open: (key) => {
      if (openingKey) return;
      setOpeningKey(key);
      later(() => setOpeningKey(null));
    },
  };
}
