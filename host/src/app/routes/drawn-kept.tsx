import { CONTRACT_VERSION, type PageKey, type Site } from '@member/shared-core';
import i18next from 'i18next';
import {
  DRAWN_KEPT_ATTRIBUTES,
  DRAWN_KEPT_GAMES,
  DRAWN_KEPT_PAGES,
  DRAWN_KEPT_PROFILE,
  DRAWN_KEPT_PROFILE_ATTRIBUTES,
  KEPT_BALANCE_MARKS,
  KEPT_COUNT_MARK,
  KEPT_UPDATED_MARK,
  keptGameMark,
} from '@member/shared-core/drawing';
import { shownBrandOf } from '@member/shared-core/games/lobby-rules';
import type { GameListItem, Service } from '@member/shared-core';
import { updateGamesAtom } from '../../core/base/session-state';
import { store } from '../../core/base/store';
import { setLobbyStatusAtom, storeListAtom } from '../../features/lobby/state';
import { gamesClearedAtom, setBalanceAtom } from '../../features/accounts/state';
import { brandStorageKey } from '../../features/lobby/lobby-pages';
import { resolvePageThemes } from '../../features/remotes/resolve-page-themes';
import { ThemedPage } from './themed-page';

/** A count no list reaches, that stands for `{n}` games in the lobby's words. */
const MANY = 987_654;
/** The lobby's count of its games (ui-kit's lobby screen says it so), in the drawing's language. */
const count = (games: number) => i18next.t('lobbyUi.count', { count: games });

type KeptPage = (typeof DRAWN_KEPT_PAGES)[number];

export const isKeptPage = (page: PageKey): page is KeptPage => (DRAWN_KEPT_PAGES as readonly string[]).includes(page);

/**
 * A lobby as the drawing step draws it into its frame's template (core/config/drawn-kept.ts fills it in the browser): the
 * site's page as the app renders it in the frame's page place, showing the default brand's list made of stand-in games
 * (shared-core's keptGameMark), which the page's first script replaces with the games the member's device kept.
 * `accounts` are the member's game accounts it is drawn for. Returns the tree and the template's attributes.
 */
export function keptLobby(
  site: Site,
  page: KeptPage,
  accounts: readonly Service[],
): { tree: React.ReactNode; attributes: [string, string][] } {
  const brand = shownBrandOf(page, null, null);
  const games: GameListItem[] = Array.from({ length: DRAWN_KEPT_GAMES }, (_, index) => {
    const mark = keptGameMark(index);
    return { id: mark.id, tag: brand.storageKey, name: mark.name, imageName: mark.image };
  });
  store.set(storeListAtom, { tag: brand.storageKey, games });
  store.set(setLobbyStatusAtom, page, 'ready');
  // Accounts of nobody in particular: which providers the member has is what the lobby offers besides the games.
  store.set(updateGamesAtom, () =>
    accounts.map((service, index) => ({ service, game_user: '', game_password: '', main: index === 0, generate: false })),
  );
  const themes = resolvePageThemes(site, page, null);
  // The page alone, without its frame: the frame is the member's frame drawn in the root, whose page place it fills.
  const tree = (
    <ThemedPage context={{ page, sub: null, theme: themes.page, path: `/${page}`, hostContract: CONTRACT_VERSION }} frameTheme={null} />
  );
  return {
    tree,
    attributes: [
      [DRAWN_KEPT_ATTRIBUTES.page, page],
      [DRAWN_KEPT_ATTRIBUTES.brand, brand.code],
      [DRAWN_KEPT_ATTRIBUTES.tag, brand.storageKey],
      [DRAWN_KEPT_ATTRIBUTES.url, brand.url],
      [DRAWN_KEPT_ATTRIBUTES.choiceKey, brandStorageKey(page)],
      [DRAWN_KEPT_ATTRIBUTES.accounts, accounts.join(' ')],
      [DRAWN_KEPT_ATTRIBUTES.countDrawn, count(DRAWN_KEPT_GAMES)],
      [DRAWN_KEPT_ATTRIBUTES.countOne, count(1)],
      [DRAWN_KEPT_ATTRIBUTES.countMany, count(MANY).replace(String(MANY), KEPT_COUNT_MARK)],
    ],
  };
}

/**
 * The profile as the drawing step draws it into its frame's template (core/config/drawn-kept.ts fills it in the browser):
 * the site's page as the app renders it in the frame's page place, for stand-in accounts of these providers whose
 * balances and times are marks (shared-core's KEPT_BALANCE_MARKS, KEPT_UPDATED_MARK), which the page's first script
 * replaces with the balances the member's device kept. Nothing of a member is in it: no names, no game users, no
 * account main or selected (the script leaves those to the app).
 */
export function keptProfile(site: Site, accounts: readonly Service[]): { tree: React.ReactNode; attributes: [string, string][] } {
  store.set(gamesClearedAtom);
  store.set(updateGamesAtom, () =>
    accounts.map((service) => ({ service, game_user: '', game_password: '', main: false, generate: false })),
  );
  for (const service of accounts)
    store.set(setBalanceAtom, service, {
      balance: KEPT_BALANCE_MARKS[service],
      updatedAt: KEPT_UPDATED_MARK,
      loading: false,
      failed: false,
    });
  const themes = resolvePageThemes(site, DRAWN_KEPT_PROFILE, null);
  const tree = (
    <ThemedPage
      context={{ page: DRAWN_KEPT_PROFILE, sub: null, theme: themes.page, path: `/${DRAWN_KEPT_PROFILE}`, hostContract: CONTRACT_VERSION }}
      frameTheme={null}
    />
  );
  return {
    tree,
    attributes: [
      [DRAWN_KEPT_ATTRIBUTES.page, DRAWN_KEPT_PROFILE],
      [DRAWN_KEPT_ATTRIBUTES.accounts, accounts.join(' ')],
      [DRAWN_KEPT_PROFILE_ATTRIBUTES.notSet, i18next.t('gamesUi.member.notSet')],
    ],
  };
}
