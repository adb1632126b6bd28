import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useSearchParams } from 'react-router-dom';
import { type GameCategory, type LobbyBrand, type LobbyGame, type LobbyModel } from '@member/shared-core';
import { gameMenuEntry } from '@member/shared-core/games/menu';
import type { CachedList } from './state';
import { favouritesAtom, gameListsAtom, lobbyNoticeAtom, lobbyStatusAtom, recentAtom, refreshAtAtom, setLobbyNoticeAtom } from './state';
import {
  launchGameAtom,
  loadBrandAtom,
  loadMemberGamesAtom,
  loadSearchListsAtom,
  searchingListsAtom,
  toggleFavouriteAtom,
} from './lobby-actions';
import { rememberBrand, shownBrand } from './list-prefetch';
import {
  arrangeGames,
  LAUNCH_ERROR_KEYS,
  launchBrandCode,
  lobbyBrands,
  lobbyGames,
  otherBrandMatches,
  pickGames,
  searchedBrands,
} from '@member/shared-core/games/lobby-rules';
import { useCountdown } from './use-countdown';

type Favourites = readonly { brand: string; id: string }[];
// Not in the store: a memo of derived values keyed by the store's own lists, dropped with them.
/** Each list's games as the lobby shows them, kept while the list and the favourites are the same objects. */
const madeGames = new WeakMap<CachedList['games'], { favourites: Favourites; games: LobbyGame[] }>();

/**
 * A cached list as the lobby's games of that brand. The same list gives the same objects again (the search keeps its
 * fold of each name per game object): a search across brands would otherwise remake every brand's games each time
 * one more list arrives.
 */
function lobbyGamesOf(storageKey: string, list: CachedList['games'] | undefined, favourites: Favourites): LobbyGame[] {
  if (!list) return [];
  const made = madeGames.get(list);
  if (made && made.favourites === favourites) return made.games;
  const games = lobbyGames(storageKey, list, favourites);
  madeGames.set(list, { favourites, games });
  return games;
}

/**
 * Whether the address is still the lobby's page this render was for. The lobby writes its brand into the address
 * after it is shown, relative to its own page; a navigation made in between (a "log out" pressed on the drawn frame and
 * pressed again as the app took the page over, before the lobby's effects ran) must not be undone by that write,
 * which would bring the member back to the lobby they left.
 */
function stillAt(pathname: string): boolean {
  return window.location.pathname === pathname;
}

/** How long the typing must pause before the other brands' lists are fetched for a search. */
export const SEARCH_PAUSE_MS = 400;

/** One lobby's logic, for every theme: brand from the URL or storage, cached lists, search (across brands), launching. */
export function useLobby(category: GameCategory): LobbyModel {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const lists = useAtomValue(gameListsAtom);
  const status = useAtomValue(lobbyStatusAtom)[category];
  const noticeKey = useAtomValue(lobbyNoticeAtom)[category];
  const favourites = useAtomValue(favouritesAtom);
  const recent = useAtomValue(recentAtom);
  const refreshAt = useAtomValue(refreshAtAtom);
  const refreshIn = useCountdown(refreshAt);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [launchingKey, setLaunchingKey] = useState<string | null>(null);
  const [launchErrorKey, setLaunchErrorKey] = useState<string | null>(null);

  const brands = useMemo<LobbyBrand[]>(() => lobbyBrands(category), [category]);
  const fromUrl = params.get('brand');
  const code = shownBrand(category, fromUrl).code;
  const entry = gameMenuEntry(category, code)!;
  const shown = useRef(code);
  const loadMemberGames = useSetAtom(loadMemberGamesAtom);
  const loadBrand = useSetAtom(loadBrandAtom);
  const launchGame = useSetAtom(launchGameAtom);
  const toggleFavourite = useSetAtom(toggleFavouriteAtom);
  const setNotice = useSetAtom(setLobbyNoticeAtom);

  useEffect(() => {
    void loadMemberGames();
  }, [loadMemberGames]);

  // The URL names the brand on screen, so a reload or a copied link opens it: an unknown brand is replaced by the one
  // shown, and a brand taken from storage (or the default) is written in.
  useEffect(() => {
    if (fromUrl === code || !stillAt(pathname)) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('brand', code);
        return next;
      },
      { replace: true },
    );
  }, [fromUrl, code, pathname, setParams]);

  useEffect(() => {
    let current = true;
    void loadBrand(category, entry).then((outcome) => {
      if (!current) return;
      if (outcome === 'kept' && shown.current !== code && stillAt(pathname)) {
        // The new brand's reply was unusable: go back to the brand whose list is still on screen.
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            next.set('brand', shown.current);
            return next;
          },
          { replace: true },
        );
        return;
      }
      if (outcome === 'ready') shown.current = code;
    });
    return () => {
      current = false;
    };
  }, [category, code, entry, pathname, setParams, loadBrand]);

  const shownEntry = gameMenuEntry(category, status === 'error' ? shown.current : code) ?? entry;
  const list = lists[shownEntry.storageKey]?.games;
  const allGames = useMemo<LobbyGame[]>(
    () => lobbyGamesOf(shownEntry.storageKey, list, favourites),
    [list, shownEntry.storageKey, favourites],
  );
  const games = useMemo(() => arrangeGames(allGames, deferredQuery, favourites, recent), [allGames, deferredQuery, favourites, recent]);

  // A search looks through every open brand of the lobby: their lists are fetched when the first query is typed.
  const searching = deferredQuery.trim() !== '';
  const loadSearchLists = useSetAtom(loadSearchListsAtom);
  const searchLoading = useAtomValue(searchingListsAtom)[category] !== undefined;
  // Fetched once the member pauses: fifteen lists decrypted while keys are being pressed would make the typing stutter.
  useEffect(() => {
    if (!searching) return;
    const timer = setTimeout(() => void loadSearchLists(category), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [searching, deferredQuery, category, loadSearchLists]);
  // The other brands' games are made once per list (not per keystroke): the search's fold of each game's name is kept
  // per game object, so a new object for every key would fold every name of every brand again.
  const otherBrandGames = useMemo(
    () =>
      searching
        ? searchedBrands(brands, shownEntry.storageKey).map((brand) => ({
            brand,
            games: lobbyGamesOf(brand.storageKey, lists[brand.storageKey]?.games, favourites),
          }))
        : [],
    [searching, brands, shownEntry.storageKey, lists, favourites],
  );
  const otherBrands = useMemo(
    () => otherBrandMatches(otherBrandGames, deferredQuery, favourites, recent),
    [otherBrandGames, deferredQuery, favourites, recent],
  );
  const byKey = useMemo(() => new Map(allGames.map((g) => [g.key, g])), [allGames]);

  const selectBrand = useCallback(
    (next: string) => {
      if (!gameMenuEntry(category, next)) return;
      // A new choice of brand starts without the last one's notice.
      setNotice(category, null);
      rememberBrand(category, next);
      setQuery('');
      setParams(
        (p) => {
          const updated = new URLSearchParams(p);
          updated.set('brand', next);
          return updated;
        },
        { replace: true },
      );
    },
    [category, setParams, setNotice],
  );

  return {
    category,
    brands,
    brand: brands.find((b) => b.code === shownEntry.code) ?? null,
    selectBrand,
    status: status === 'error' && list ? 'ready' : status,
    games,
    favourites: pickGames(byKey, favourites),
    recent: pickGames(byKey, recent),
    query,
    setQuery,
    otherBrands,
    searching: searching && searchLoading,
    notice: noticeKey ? t(noticeKey) : null,
    launch: (game) => {
      if (launchingKey) return;
      setLaunchingKey(game.key);
      setLaunchErrorKey(null);
      // A search result may be another brand's game: it opens in its own brand.
      void launchGame(category, launchBrandCode(game, shownEntry.code), game)
        .then((outcome) => setLaunchErrorKey(LAUNCH_ERROR_KEYS[outcome] ?? null))
        .finally(() => setLaunchingKey(null));
    },
    launchingKey,
    launchError: launchErrorKey ? t(launchErrorKey) : null,
    toggleFavourite: (game) => void toggleFavourite(game),
    refreshIn,
  };
}
