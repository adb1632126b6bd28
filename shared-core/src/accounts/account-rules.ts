import type { GameAccountView } from '../bridge/types';
import type { ServerGameUser, Service } from '../types/entities';

/** The cookie that names the account in use, before the site's key (`selected-game-pre8`). */
export const SELECTED_GAME_COOKIE = 'selected-game-';

/** GCLUB's login settles this long after it succeeded, before the provider is asked anything more. */
export const GCLUB_LOGIN_SETTLE_MS = 800;

/**
 * Default account: the `selected-game-{prefix}` cookie when it names an account the member
 * has; otherwise UFA when the member has both; otherwise the only one.
 */
export function defaultService(cookie: string | null, services: readonly Service[]): Service | null {
  if ((cookie === 'UFA' || cookie === 'GCLUB') && services.includes(cookie)) return cookie;
  if (services.includes('UFA') && services.includes('GCLUB')) return 'UFA';
  return services[0] ?? null;
}

/** What a provider says of one account's session, and what its last balance reply said. */
export interface AccountState {
  logged: boolean;
  maintain: boolean;
  /** While `maintain`: its planned end (ISO), where the provider said. */
  maintainUntil?: string | null;
  /** Baht; null until the first credit reply. */
  balance: number | null;
  /** Server time of the reply that gave `balance` (ISO). */
  updatedAt: string | null;
  loading: boolean;
  /** The last refresh failed; balance and updatedAt are the previous reply's. */
  failed: boolean;
}

/** One game account as the screens show it: the server's record, which one is selected, and its provider's state. */
export function gameAccountView(game: ServerGameUser, selected: Service | null, state: AccountState): GameAccountView {
  return {
    service: game.service,
    gameuser: game.game_user,
    password: game.game_password,
    main: game.main,
    generate: game.generate,
    selected: game.service === selected,
    balance: state.balance,
    balanceUpdatedAt: state.updatedAt,
    balanceLoading: state.loading,
    balanceFailed: state.failed,
    logged: state.logged,
    maintain: state.maintain,
    maintainUntil: state.maintain ? (state.maintainUntil ?? null) : null,
  };
}

/** The selected account, the other one (the one a switch selects) and the main one. */
export function accountRoles<A extends { selected: boolean; main: boolean }>(
  accounts: readonly A[],
): { selected: A | null; other: A | null; main: A | null } {
  return {
    selected: accounts.find((a) => a.selected) ?? null,
    other: accounts.find((a) => !a.selected) ?? null,
    main: accounts.find((a) => a.main) ?? null,
  };
}

/**
 * What became of the last switch of main account, as the member is told: `checking` while neither the switch nor the
 * read-back has answered (the server may have switched), then what the server has.
 */
export type MainSwitchStatus = 'idle' | 'switched' | 'refused' | 'failed' | 'checking' | 'unchanged';

const SWITCH_MAIN_TEXT: Readonly<Record<MainSwitchStatus, readonly [error: string | null, notice: string | null]>> = {
  idle: [null, null],
  switched: [null, 'games.mainSwitched'],
  checking: [null, 'games.switchMainChecking'],
  refused: ['games.errors.switchMainRefused', null],
  failed: ['games.errors.switchMainFailed', null],
  unchanged: ['games.errors.switchMainNotMade', null],
};

/**
 * What the member is told of the last switch of main account, as [error, notice] i18n keys. The outcome is told
 * where the switch was asked for (`askedHere`, once it has answered); a switch still being checked, wherever the
 * accounts are, as no new switch may be sent until it is known.
 */
export function switchMainText(status: MainSwitchStatus, askedHere: boolean): readonly [error: string | null, notice: string | null] {
  return status === 'checking' || askedHere ? SWITCH_MAIN_TEXT[status] : [null, null];
}

/** A switch of main account whose outcome the server has not given yet is still under way: no second press until it has. */
export function mainSwitchUnderWay(pressing: boolean, status: MainSwitchStatus): boolean {
  return pressing || status === 'checking';
}
