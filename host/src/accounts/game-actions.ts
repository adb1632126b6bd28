import { atom, type Getter, type Setter } from 'jotai';
import type { GameAccountView, Service } from '@member/shared-core';
import { switchMain as switchMainCall } from './api/switch-main';
import { gclubData } from './api/gclub-data';
import { updateGamePassword } from './api/update-game-password';
import { isApiError } from '../api/api-error';
import { DAY, readCookie, writeCookie } from '../lib/cookies';
import { navigateTo } from '../lib/navigation';
import { serverIsoNow } from '../lib/server-clock';
import { prefixAtom } from '../core/boot-state';
import { memberIdAtom, updateGamesAtom } from '../core/session-state';
import { keepBalance, keptBalances } from './kept-balances';
import { unauthorizedAtom } from '../core/session-end';
import { refreshProfileAtom } from '../core/refresh-profile';
import { readToken } from '../core/session-cookies';
import {
  balanceTicketsBase, behindBase, mainSwitchStatusBase,
  balancesAtom, gameAccountsAtom, gamesReadyBase, mainUncertainBase, providersAtom, selectedServiceBase, setBalanceAtom, setProviderAtom, ufaExpiresAtBase, ufaGamesBase,
} from './state';
import { maintenanceOver, showMaintenanceDialog, tellMaintenanceOnce } from './maintenance-dialog';
import { readProviderValue, storeProviderValue } from './provider-storage';
import { providers as apiProviders, UFA_SESSION_MS, type ProviderAdapters, type ProviderSession } from './providers';
import { gameUserStep } from './rules';
import { defaultService } from '@member/shared-core/accounts/account-rules';

export const RELOGIN_AFTER_PASSWORD_MS = 500;
export const selectedGameCookie = (prefix: string) => `selected-game-${prefix}`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const adaptersBase = atom<ProviderAdapters>(apiProviders);
/** The providers the flows speak to: the operator API's, or a test's fakes. */
export const providerAdaptersAtom = atom(
  (get) => get(adaptersBase),
  (_get, set, adapters: ProviderAdapters) => set(adaptersBase, adapters),
);

function prefixOf(get: Getter): string {
  const value = get(prefixAtom);
  if (!value) throw new Error('no site prefix');
  return value;
}

const accountOf = (get: Getter, service: Service): GameAccountView | undefined => get(gameAccountsAtom).find((a) => a.service === service);

/** A question about to be asked whose answer carries the provider's balance: its place in their order. */
function askForBalance(get: Getter, set: Setter, service: Service): number {
  const tickets = get(balanceTicketsBase);
  const ticket = tickets.asked[service] + 1;
  set(balanceTicketsBase, { ...tickets, asked: { ...tickets.asked, [service]: ticket } });
  return ticket;
}

function setBalance(get: Getter, set: Setter, service: Service, balance: number, ticket: number): void {
  // An answer to a question older than the one whose answer is shown is stale: a deposit may be in the newer one.
  const tickets = get(balanceTicketsBase);
  if (ticket < tickets.shown[service]) return;
  set(balanceTicketsBase, { ...tickets, shown: { ...tickets.shown, [service]: ticket } });
  // Stamped with the server's time: a phone whose clock is off must not show a balance "updated" days away.
  const updatedAt = serverIsoNow();
  set(setBalanceAtom, service, { balance, updatedAt, loading: false, failed: false });
  keepBalance(prefixOf(get), get(memberIdAtom), service, { balance, updatedAt });
}

/** Maintenance: under maintenance logged false and maintain true; the dialog only for the selected account's provider. */
/**
 * Maintenance of a provider, and the dialog when the selected account belongs to it: `always` when the member asked
 * for that provider (a switch), `once` per visit when a page found it on its own, `false` for none.
 */
export const checkMaintenanceAtom = atom(null, async (get, set, service: Service, { dialog = 'always' }: { dialog?: 'always' | 'once' | false } = {}): Promise<boolean> => {
  let answer: boolean | { until: string };
  try {
    answer = await get(adaptersBase)[service].maintain();
  } catch (error) {
    console.warn(`[games] ${service} maintenance check failed`, error instanceof Error ? error.message : error);
    return get(providersAtom)[service].maintain;
  }
  const maintain = answer !== false;
  const until = typeof answer === 'object' ? answer.until : null;
  set(setProviderAtom, service, maintain ? { maintain: true, maintainUntil: until, logged: false } : { maintain: false, maintainUntil: null });
  if (!maintain) maintenanceOver(service, prefixOf(get));
  else if (dialog && get(selectedServiceBase) === service) void (dialog === 'once' ? tellMaintenanceOnce(service, prefixOf(get), until) : showMaintenanceDialog(service, until));
  return maintain;
});

/** A live session handed back by the provider (to the question `ticket`): logged, UFA's games and expiry, and the balance it carried. */
async function applySession(get: Getter, set: Setter, service: Service, session: ProviderSession, ticket: number): Promise<void> {
  if (service === 'UFA') {
    set(ufaExpiresAtBase, Date.now() + UFA_SESSION_MS);
    set(ufaGamesBase, session.games ?? null);
  }
  set(setProviderAtom, service, { logged: true });
  if (session.settleMs) await wait(session.settleMs);
  if (session.balance === 'fetch') await set(refreshBalanceAtom, service);
  else if (session.balance !== null) setBalance(get, set, service, session.balance, ticket);
}

/** Logs the game user in at its provider (with `password`, or the stored one). True once logged. */
export const loginProviderAtom = atom(null, async (get, set, target: GameAccountView, password: string = target.password): Promise<boolean> => {
  const ticket = askForBalance(get, set, target.service);
  const session = await get(adaptersBase)[target.service].login({ prefix: prefixOf(get), gameuser: target.gameuser }, password);
  if (!session) return false;
  await applySession(get, set, target.service, session, ticket);
  return true;
});

async function checkLogged(get: Getter, set: Setter, target: GameAccountView): Promise<boolean> {
  const ticket = askForBalance(get, set, target.service);
  const session = await get(adaptersBase)[target.service].check({ prefix: prefixOf(get), gameuser: target.gameuser });
  if (!session) return false;
  await applySession(get, set, target.service, session, ticket);
  return true;
}

/** Setting a game user. */
export const setGameUserAtom = atom(null, async (get, set, target: GameAccountView, { automatic }: { automatic: boolean }): Promise<void> => {
  // Setting up the accounts on a page load tells a maintenance once per visit; a member's own pick, every time.
  const maintain = await set(checkMaintenanceAtom, target.service, { dialog: !automatic ? 'always' : target.selected ? 'once' : false });
  const step = gameUserStep({ maintain, generate: target.generate, automatic });
  try {
    if (step === 'login') await set(loginProviderAtom, target);
    if (step === 'check') await checkLogged(get, set, target);
    if (step === 'check-then-login' && !(await checkLogged(get, set, target))) await set(loginProviderAtom, target);
  } catch (error) {
    console.warn(`[games] ${target.service} set-up failed`, error instanceof Error ? error.message : error);
  }
});

/** The GCLUB session values the operator hands out for the member, kept 7 days. */
async function fetchGclubData(get: Getter, set: Setter): Promise<void> {
  const prefix = prefixOf(get);
  const token = readToken(prefix);
  if (!token || !accountOf(get, 'GCLUB')) return;
  try {
    const reply = await gclubData({ token });
    if (reply.status !== true) return;
    if (reply.gclubToken && !readProviderValue('gclubToken_', prefix)) storeProviderValue('gclubToken_', prefix, reply.gclubToken);
    if (reply.accountInfo) storeProviderValue('accountInfo_', prefix, reply.accountInfo);
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') await set(unauthorizedAtom);
  }
}

/**
 * Another tab of the member's read a balance and kept it (kept-balances.ts): this tab shows it too when it is newer than
 * its own, so a deposit's toast in every tab meets the same balance, though one tab asks the provider.
 */
export const takeKeptBalancesAtom = atom(null, (get, set): void => {
  const prefix = get(prefixAtom);
  if (!prefix) return;
  const kept = keptBalances(prefix, get(memberIdAtom));
  for (const account of get(gameAccountsAtom)) {
    const last = kept[account.service];
    const shown = get(balancesAtom)[account.service].updatedAt;
    if (last && (shown === null || Date.parse(last.updatedAt) > Date.parse(shown))) {
      set(setBalanceAtom, account.service, { balance: last.balance, updatedAt: last.updatedAt, failed: false });
    }
  }
});

/** After a login or a restored session: pick the selected account, set both up, fetch their balances. */
export const setUpGamesAtom = atom(null, async (get, set): Promise<void> => {
  const accounts = get(gameAccountsAtom);
  set(selectedServiceBase, defaultService(readCookie(selectedGameCookie(prefixOf(get))), accounts.map((a) => a.service)));
  // The balances of the member's last visit, shown at once with the time they were true, until the providers answer.
  const kept = keptBalances(prefixOf(get), get(memberIdAtom));
  for (const account of accounts) {
    const last = kept[account.service];
    if (last && get(balancesAtom)[account.service].balance === null) set(setBalanceAtom, account.service, { balance: last.balance, updatedAt: last.updatedAt });
  }
  // GCLUB's set-up may need the session values gclubData hands out; UFA's does not wait for them.
  const gclubData = fetchGclubData(get, set);
  await Promise.all(
    get(gameAccountsAtom).map(async (a) => {
      if (a.service === 'GCLUB') await gclubData;
      await set(setGameUserAtom, a, { automatic: true });
    }),
  );
  await gclubData;
  set(gamesReadyBase, true);
  // A deposit or withdrawal that settled while the accounts were being set up: the balances read for the set-up may
  // have been asked before it, and no tab leads yet to read them again.
  const behind = get(behindBase);
  set(behindBase, []);
  await Promise.all(behind.map((service) => set(refreshBalanceAtom, service)));
});

/**
 * A money event of the provider's settled: this tab reads the balance again when it is the one that does (`refetch`),
 * or, while its accounts are still being set up (when no tab leads yet), once they are.
 */
export const balanceMovedAtom = atom(null, (get, set, service: Service, refetch: boolean): void => {
  if (refetch) void set(refreshBalanceAtom, service);
  else if (!get(gamesReadyBase)) set(behindBase, [...new Set([...get(behindBase), service])]);
});

/**
 * Balance: load flag on, then balance and time. A 401 from the credit call is silent. Any other failure (no
 * answer, 5xx, an unreadable or wrong-shaped reply, a refusal) keeps the previous balance and marks it as not updated,
 * until a refresh succeeds. UFA's session is kept alive first (its cadence is the member's, across tabs).
 */
export const refreshBalanceAtom = atom(null, async (get, set, service: Service): Promise<void> => {
  const target = accountOf(get, service);
  if (!target || get(providersAtom)[service].maintain) return;
  const adapter = get(adaptersBase)[service];
  const account = { prefix: prefixOf(get), gameuser: target.gameuser };
  set(setBalanceAtom, service, { loading: true });
  try {
    if ((await adapter.keepAlive(account, Date.now() > get(ufaExpiresAtBase))) === 'login-again') await set(loginProviderAtom, target);
    else if (service === 'UFA') set(ufaExpiresAtBase, Date.now() + UFA_SESSION_MS);
    const ticket = askForBalance(get, set, service);
    const balance = await adapter.credit(account);
    if (balance === 'no-session') return;
    if (balance !== null) setBalance(get, set, service, balance, ticket);
    else set(setBalanceAtom, service, { failed: true });
  } catch (error) {
    if (!(isApiError(error) && error.kind === 'unauthorized')) {
      console.warn(`[games] ${service} balance failed`, error instanceof Error ? error.message : error);
      set(setBalanceAtom, service, { failed: true });
    } else {
      set(setProviderAtom, service, { logged: false });
    }
  } finally {
    set(setBalanceAtom, service, { loading: false });
  }
});

export const refreshAllBalancesAtom = atom(null, async (get, set): Promise<void> => {
  await Promise.all(get(gameAccountsAtom).map((a) => set(refreshBalanceAtom, a.service)));
});

/** Switch account: to /profile if elsewhere, flip the cookie and the accounts, check the new provider. */
export const switchAccountAtom = atom(null, async (get, set): Promise<void> => {
  const other = get(gameAccountsAtom).find((a) => !a.selected);
  if (!other) return;
  const p = prefixOf(get);
  if (!window.location.pathname.startsWith('/profile')) navigateTo(`/profile?prefix=${encodeURIComponent(p)}`);
  writeCookie(selectedGameCookie(p), other.service, { maxAgeSeconds: 30 * DAY });
  set(selectedServiceBase, other.service);
  await set(checkMaintenanceAtom, other.service);
});

export type SwitchMainOutcome = 'switched' | 'refused' | 'failed' | 'checking' | 'unchanged';

/** The main account the server has, read again; null when the server cannot be reached. */
async function serverMain(get: Getter, set: Setter): Promise<string | null> {
  if (!(await set(refreshProfileAtom))) return null;
  return get(gameAccountsAtom).find((a) => a.main)?.gameuser ?? null;
}

/** Waits between reads of the server's main while a switch's outcome is unknown (the last one repeats). */
export const MAIN_READ_BACKOFF_MS = [2_000, 4_000, 8_000, 15_000, 30_000] as const;

const readBackRunBase = atom(0);

/**
 * Reads the server's main account, with back-off, until it answers, after a switch towards `target` got no answer:
 * the screen then says whether the server switched. Ends when the answer comes, when a press of the member's has
 * read it first, or at logout.
 */
const readBackMainAtom = atom(null, async (get, set, target: string): Promise<void> => {
  const run = get(readBackRunBase) + 1;
  set(readBackRunBase, run);
  for (let attempt = 0; ; attempt++) {
    await wait(MAIN_READ_BACKOFF_MS[Math.min(attempt, MAIN_READ_BACKOFF_MS.length - 1)]!);
    if (get(readBackRunBase) !== run || !get(mainUncertainBase)) return;
    const main = await serverMain(get, set);
    if (get(readBackRunBase) !== run || !get(mainUncertainBase)) return;
    if (main === null) continue;
    set(mainUncertainBase, false);
    set(mainSwitchStatusBase, main === target ? 'switched' : 'unchanged');
    return;
  }
});

/**
 * Switch main account: only a server status true flips the main flags. A call with no answer (timeout,
 * server error) may have switched all the same, so the member's accounts are read again and the screen shows
 * what the server has; while that read cannot answer either, the screen says the switch is being checked, the read
 * goes on with back-off, and no new switch is sent, as the switch flips whatever is main.
 */
export const switchMainAtom = atom(null, async (get, set): Promise<SwitchMainOutcome> => {
  const outcome = await switchMainOnce(get, set);
  set(mainSwitchStatusBase, outcome);
  return outcome;
});

async function switchMainOnce(get: Getter, set: Setter): Promise<SwitchMainOutcome> {
  const token = readToken(prefixOf(get));
  if (!token) return 'failed';
  if (get(mainUncertainBase)) {
    // The last switch may have happened: if the server's main is not the one on screen, it did, and that is this switch.
    const shown = get(gameAccountsAtom).find((a) => a.main)?.gameuser ?? null;
    const main = await serverMain(get, set);
    if (main === null) return 'checking';
    set(mainUncertainBase, false);
    if (main !== shown) return 'switched';
  }
  const accounts = get(gameAccountsAtom);
  const current = accounts.find((a) => a.main);
  const next = accounts.find((a) => !a.main);
  if (!current || !next) return 'failed';
  try {
    const reply = await switchMainCall({ select_gameuser: current.gameuser, switch_gameuser: next.gameuser, token });
    if (reply.status !== true) return 'refused';
    set(updateGamesAtom, (games) => games.map((g) => ({ ...g, main: g.game_user === next.gameuser })));
    return 'switched';
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') {
      await set(unauthorizedAtom);
      return 'failed';
    }
    const main = await serverMain(get, set);
    if (main === null) {
      set(mainUncertainBase, true);
      void set(readBackMainAtom, next.gameuser);
      return 'checking';
    }
    return main === next.gameuser ? 'switched' : 'unchanged';
  }
}

/** Password change (provider): logged false, then after 0.5 s log in again with the new one and store it. */
export const changeGamePasswordAtom = atom(
  null,
  async (get, set, service: Service, oldPassword: string, newPassword: string): Promise<'changed' | 'wrong-old' | 'failed'> => {
    const target = accountOf(get, service);
    const prefix = prefixOf(get);
    const memberToken = readToken(prefix);
    if (!target || !memberToken) return 'failed';
    try {
      const changed = await get(adaptersBase)[service].changePassword({ prefix, gameuser: target.gameuser }, oldPassword, newPassword);
      if (changed === null) return 'failed';
      if (!changed) return 'wrong-old';
      set(setProviderAtom, service, { logged: false });
      await wait(RELOGIN_AFTER_PASSWORD_MS);
      await set(loginProviderAtom, target, newPassword);
      await updateGamePassword({ gameuser: target.gameuser, password: newPassword, token: memberToken });
      set(updateGamesAtom, (games) => games.map((g) => (g.game_user === target.gameuser ? { ...g, game_password: newPassword } : g)));
      return 'changed';
    } catch (error) {
      if (isApiError(error) && error.kind === 'unauthorized') set(setProviderAtom, service, { logged: false });
      return 'failed';
    }
  },
);
