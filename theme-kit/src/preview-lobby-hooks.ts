import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@member/shared-core';
import type { LobbyBrand, LobbyGame, LobbyModel, ProductEntry, ProductsModel } from '@member/shared-core';
import { DEFAULT_BRANDS, GAME_MENU, gameMenuEntry, isGameBrandOpen, type GameCategory, type GameMenuEntry } from '@member/shared-core/games/menu';
import type { UfaGameKey } from '@member/shared-core';
import { GCLUB_PRODUCT_CALLS } from '@member/shared-core/games/products';
import { arrangeGames, secondsUntil } from '@member/shared-core/games/lobby-order';
import { useLater } from './preview-hooks';

/**
 * The host's lobby and products hooks for the standalone preview and the tests: every brand of the game menu with a
 * believable, deterministic list (500 games for RSG slot, none for KA fish), search, favourites, recently played,
 * launches that take a moment, and the post-launch countdown. No network; images are inline SVG.
 */

/** Games per brand where the preview wants a particular size; the rest get 8 to 47 from the brand's key. */
export const PREVIEW_LIST_SIZES: Readonly<Record<string, number>> = { slot_RSG: 500, slot_PP: 240, fish_KA: 0, cards_MT: 40 };

const WORDS: Record<GameCategory, { first: readonly string[]; second: readonly string[] }> = {
  slot: {
    first: ['Golden', 'Lucky', 'Mighty', 'Wild', 'Fortune', 'Royal', 'Mystic', 'Super', 'Jungle', 'Diamond', 'Treasure', 'Thunder', 'Jade', 'Moon'],
    second: ['Dragon', 'Tiger', 'Phoenix', 'Koi', 'Panda', 'Gems', 'Temple', 'Elephant', 'Mahjong', 'Naga', 'Songkran', 'Garuda', 'Lotus', 'Riches', 'Tuk Tuk'],
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

type PreviewGame = Omit<LobbyGame, 'favourite'>;
const lists = new Map<string, readonly PreviewGame[]>();

/** The preview's game list of a brand, generated once and kept. */
export function previewGameList(entry: GameMenuEntry): readonly PreviewGame[] {
  const cached = lists.get(entry.storageKey);
  if (cached) return cached;
  const size = PREVIEW_LIST_SIZES[entry.storageKey] ?? 8 + (hash(entry.storageKey) % 40);
  const words = WORDS[entry.category];
  const games = Array.from({ length: size }, (_, i): PreviewGame => {
    const seed = hash(`${entry.storageKey}/${i}`);
    const base = i % 9 === 4 ? THAI_NAMES[seed % THAI_NAMES.length]! : `${words.first[seed % words.first.length]} ${words.second[(seed >>> 8) % words.second.length]}`;
    const name = i < words.first.length * 2 ? base : `${base} ${Math.floor(i / 7) + 1}`;
    const id = `${entry.code}-${CATEGORY_LETTER[entry.category]}${String(i + 1).padStart(4, '0')}`;
    return { key: `${entry.storageKey}/${id}`, id, brand: entry.storageKey, name, imageUrl: tileImage(name, seed) };
  });
  lists.set(entry.storageKey, games);
  return games;
}

function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return secondsUntil(until, now);
}

const REFRESH_MS = 5000;

export function usePreviewLobby(category: GameCategory): LobbyModel {
  const { t } = useTranslation();
  const later = useLater();
  const laterLaunch = useLater();
  const brands = useMemo<LobbyBrand[]>(
    () => GAME_MENU[category].map((e) => ({ code: e.code, title: e.title, storageKey: e.storageKey, open: isGameBrandOpen(e) })),
    [category],
  );
  const [code, setCode] = useState(DEFAULT_BRANDS[category]);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [favouriteKeys, setFavouriteKeys] = useState<readonly string[]>([]);
  const [recentKeys, setRecentKeys] = useState<readonly string[]>([]);
  const [launchingKey, setLaunchingKey] = useState<string | null>(null);
  const [launchError, setLaunchError] = useState<string | null>(null);
  const [refreshAt, setRefreshAt] = useState(0);
  const refreshIn = useCountdown(refreshAt);
  const entry = gameMenuEntry(category, code) ?? GAME_MENU[category][0]!;
  const brand = brands.find((b) => b.code === entry.code) ?? null;

  const all = useMemo<LobbyGame[]>(
    () => previewGameList(entry).map((g) => ({ ...g, favourite: favouriteKeys.includes(g.key) })),
    [entry, favouriteKeys],
  );
  const byKey = useMemo(() => new Map(all.map((g) => [g.key, g])), [all]);
  const favourites = useMemo(() => favouriteKeys.map((k) => byKey.get(k)).filter((g): g is LobbyGame => g !== undefined), [favouriteKeys, byKey]);
  const recent = useMemo(() => recentKeys.map((k) => byKey.get(k)).filter((g): g is LobbyGame => g !== undefined), [recentKeys, byKey]);
  const games = useMemo(() => arrangeGames(all, deferredQuery, favouriteKeys, recentKeys), [all, deferredQuery, favouriteKeys, recentKeys]);

  const status = loading ? 'loading' : all.length === 0 ? 'empty' : 'ready';
  return {
    category,
    brands,
    brand,
    selectBrand: (next) => {
      if (!gameMenuEntry(category, next) || next === code) return;
      setCode(next);
      setQuery('');
      setLoading(true);
      later(() => setLoading(false));
    },
    status,
    games: status === 'ready' ? games : [],
    favourites,
    recent,
    query,
    setQuery,
    notice: null,
    launch: (game) => {
      if (launchingKey) return;
      setLaunchError(null);
      if (!isGameBrandOpen(entry)) {
        setLaunchError(t('games.notOpen'));
        return;
      }
      setLaunchingKey(game.key);
      laterLaunch(() => {
        setLaunchingKey(null);
        setRecentKeys((current) => [game.key, ...current.filter((k) => k !== game.key)].slice(0, 20));
        setRefreshAt(Date.now() + REFRESH_MS);
      });
    },
    launchingKey,
    launchError,
    toggleFavourite: (game) => setFavouriteKeys((current) => (current.includes(game.key) ? current.filter((k) => k !== game.key) : [game.key, ...current])),
    refreshIn,
  };
}

const UFA_PRODUCT_KEYS: readonly UfaGameKey[] = ['casino', 'games', 'lottery', 'gamecock', 'muaystep', 'esport', 'card', 'fish', 'slot', 'itpslot'];

/** Both providers' products, as the host lists them for a member with both accounts; opening one takes a moment. */
export function usePreviewProducts(): ProductsModel {
  const { t } = useTranslation();
  const later = useLater();
  const [openingKey, setOpeningKey] = useState<string | null>(null);
  const products = useMemo<ProductEntry[]>(
    () => [
      ...GCLUB_PRODUCT_CALLS.map((key) => ({ key, label: t(`products.${key}`), provider: 'GCLUB' as const })),
      ...UFA_PRODUCT_KEYS.map((key) => ({ key: `ufa:${key}`, label: t(`products.ufa.${key}`), provider: 'UFA' as const })),
    ],
    [t],
  );
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
