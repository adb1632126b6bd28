import { atom } from 'jotai';
import type { GameAccountView, Service, UfaGamesMap } from '@member/shared-core';
import { accountRoles, gameAccountView, type MainSwitchStatus } from '@member/shared-core/accounts/account-rules';
import { sessionAtom } from '../../core/base/session-state';

/** GCLUB state and UFA state, the parts that are not the game lists. */
export interface ProviderState {
  logged: boolean;
  maintain: boolean;
  /** While `maintain`: its planned end (ISO), where the provider said; null otherwise. */
  maintainUntil: string | null;
  /** True when the check-withdraw reply status is false, i.e. a withdrawal is being processed. */
  withdrawStatus: boolean;
}

export interface BalanceState {
  balance: number | null;
  /** Server time of the reply that gave `balance` (ISO). */
  updatedAt: string | null;
  loading: boolean;
  /** The last refresh failed; balance and updatedAt are the previous reply's. */
  failed: boolean;
}

const INITIAL_PROVIDER: ProviderState = { logged: false, maintain: false, maintainUntil: null, withdrawStatus: false };
const INITIAL_BALANCE: BalanceState = { balance: null, updatedAt: null, loading: false, failed: false };

// The base atoms are written only by this feature's flows (game-actions.ts); the rest of the host reads the derived
// atoms below and writes through the action atoms.
const providersBase = atom<Record<Service, ProviderState>>({ GCLUB: INITIAL_PROVIDER, UFA: INITIAL_PROVIDER });
const balancesBase = atom<Record<Service, BalanceState>>({ GCLUB: INITIAL_BALANCE, UFA: INITIAL_BALANCE });
export const selectedServiceBase = atom<Service | null>(null);
export const ufaGamesBase = atom<UfaGamesMap | null>(null);
export const gamesReadyBase = atom(false);
/** A switch of main account got no answer and the server's main is not known yet: no new switch until it is read. */
export const mainUncertainBase = atom(false);
export const mainSwitchStatusBase = atom<MainSwitchStatus>('idle');
export const mainSwitchStatusAtom = atom((get) => get(mainSwitchStatusBase));
/** Until when (device ms) this tab counts the UFA session alive without asking; 0 = not known alive. */
export const ufaExpiresAtBase = atom(0);

/**
 * The order of the questions that answer with a balance (a login, a logged-in check, a credit call), per provider: the
 * last one asked, and the one whose answer is on screen. An answer to an older question than the one shown is stale
 * (it was asked before a deposit the newer one already counts) and is not shown over it.
 */
/** Providers a money event reached while this tab's accounts were still being set up: read again once they are. */
export const behindBase = atom<readonly Service[]>([]);

export const balanceTicketsBase = atom<{ asked: Record<Service, number>; shown: Record<Service, number> }>({
  asked: { GCLUB: 0, UFA: 0 },
  shown: { GCLUB: 0, UFA: 0 },
});

export const providersAtom = atom((get) => get(providersBase));
export const balancesAtom = atom((get) => get(balancesBase));
export const selectedServiceAtom = atom((get) => get(selectedServiceBase));
export const ufaGamesAtom = atom((get) => get(ufaGamesBase));
/** Set once the provider sessions of a fresh login or reload have been set up. */
export const gamesReadyAtom = atom((get) => get(gamesReadyBase));

export const gameAccountsAtom = atom<GameAccountView[]>((get) => {
  const { games } = get(sessionAtom);
  const providers = get(providersBase);
  const balances = get(balancesBase);
  const selected = get(selectedServiceBase);
  return games.map((g) => gameAccountView(g, selected, { ...providers[g.service], ...balances[g.service] }));
});

const accountRolesAtom = atom((get) => accountRoles(get(gameAccountsAtom)));
export const selectedAccountAtom = atom((get) => get(accountRolesAtom).selected);
export const otherAccountAtom = atom((get) => get(accountRolesAtom).other);
export const mainAccountAtom = atom((get) => get(accountRolesAtom).main);

export const setProviderAtom = atom(null, (get, set, service: Service, patch: Partial<ProviderState>) => {
  const current = get(providersBase);
  set(providersBase, { ...current, [service]: { ...current[service], ...patch } });
});

export const setBalanceAtom = atom(null, (get, set, service: Service, patch: Partial<BalanceState>) => {
  const current = get(balancesBase);
  set(balancesBase, { ...current, [service]: { ...current[service], ...patch } });
});

/** The server told whether a withdrawal of the provider's account is being processed. */
export const setWithdrawStatusAtom = atom(null, (_get, set, service: Service, pending: boolean) =>
  set(setProviderAtom, service, { withdrawStatus: pending }),
);

/** A game was opened from here and the member has not come back yet (the balance is read again on return). */
const awayForGameBase = atom(false);
export const markAwayForGameAtom = atom(null, (_get, set) => set(awayForGameBase, true));
/** True once after the member comes back from a game opened here (the balance refresh reads it). */
export const takeReturnFromGameAtom = atom(null, (get, set): boolean => {
  const was = get(awayForGameBase);
  set(awayForGameBase, false);
  return was;
});

export const gamesClearedAtom = atom(null, (_get, set) => {
  set(awayForGameBase, false);
  set(providersBase, { GCLUB: INITIAL_PROVIDER, UFA: INITIAL_PROVIDER });
  set(balancesBase, { GCLUB: INITIAL_BALANCE, UFA: INITIAL_BALANCE });
  set(selectedServiceBase, null);
  set(ufaGamesBase, null);
  set(gamesReadyBase, false);
  set(mainUncertainBase, false);
  set(mainSwitchStatusBase, 'idle');
  set(ufaExpiresAtBase, 0);
  set(balanceTicketsBase, { asked: { GCLUB: 0, UFA: 0 }, shown: { GCLUB: 0, UFA: 0 } });
  set(behindBase, []);
});
