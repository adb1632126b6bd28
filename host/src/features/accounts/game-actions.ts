import { atom, type Getter, type Setter } from 'jotai';
import type { GameAccountView, Service } from '@member/shared-core';
import { isApiError } from '../../core/api/api-error';
import { DAY, readCookie, writeCookie } from '../../core/lib/cookies';
import { navigateTo } from '../../core/lib/navigation';
import { serverIsoNow } from '../../core/lib/server-clock';
import { prefixAtom } from '../../core/base/boot-state';
import { memberIdAtom, updateGamesAtom } from '../../core/base/session-state';
import { keepBalance, keptBalances } from './kept-balances';
import { sessionScope, unauthorizedAtom, type SessionScope } from '../../core/base/session-end';
import { refreshProfileAtom } from '../../core/base/refresh-profile';
import { readToken } from '../../core/base/session-cookies';
import {
  balanceTicketsBase,
  behindBase,
  mainSwitchStatusBase,
  balancesAtom,
  gameAccountsAtom,
  gamesReadyBase,
  mainUncertainBase,
  providersAtom,
  selectedServiceBase,
  setBalanceAtom,
  setProviderAtom,
  ufaExpiresAtBase,
  ufaGamesBase,
} from './state';
import { maintenanceOver, showMaintenanceDialog, tellMaintenanceOnce } from './maintenance-dialog';
import { readProviderValue, storeProviderValue, type ProviderKey } from './provider-storage';
import { providers as apiProviders, UFA_SESSION_MS, type ProviderAdapters, type ProviderSession } from './providers';
import { gameUserStep } from './rules';
import { defaultService, SELECTED_GAME_COOKIE } from '@member/shared-core/accounts/account-rules';
import { callApi } from '../../core/api/api';

export const RELOGIN_AFTER_PASSWORD_MS = 500;
export const selectedGameCookie = (prefix: string) => `${SELECTED_GAME_COOKIE}${prefix}`;

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
export const checkMaintenanceAtom = atom(
  null,
  async (get, set, service: Service, { dialog = 'always' }: { dialog?: 'always' | 'once' | false } = {}): Promise<boolean> => {
    const scope = sessionScope(get);
    let answer: boolean | { until: string };
    try {
      answer = await get(adaptersBase)[service].maintain();
    } catch (error) {
      console.warn(`[games] ${service} maintenance check failed`, error instanceof Error ? error.message : error);
      return get(providersAtom)[service].maintain;
    }
    // The answer of a session that has ended is nobody's: nothing is shown or kept of it.
    const maintain = answer !== false;
    if (!scope.alive()) return maintain;
    const until = typeof answer === 'object' ? answer.until : null;
    set(
      setProviderAtom,
      service,
      maintain ? { maintain: true, maintainUntil: until, logged: false } : { maintain: false, maintainUntil: null },
    );
    if (!maintain) maintenanceOver(service, prefixOf(get));
    else if (dialog && get(selectedServiceBase) === service)
      void (dialog === 'once' ? tellMaintenanceOnce(service, prefixOf(get), until) : showMaintenanceDialog(service, until));
    return maintain;
  },
);

/**
 * A live session handed back by the provider (to the question `ticket`), within the member's session that asked for it:
 * its values kept on the device, logged, UFA's games and expiry, and the balance it carried. Nothing of it once that
 * session has ended.
 */
async function applySession(
  get: Getter,
  set: Setter,
  scope: SessionScope,
  service: Service,
  session: ProviderSession,
  ticket: number,
): Promise<void> {
  if (!scope.alive()) return;
  const prefix = prefixOf(get);
  for (const [key, value] of Object.entries(session.keep ?? {}) as Array<[ProviderKey, string]>) storeProviderValue(key, prefix, value);
  if (service === 'UFA') {
    set(ufaExpiresAtBase, Date.now() + UFA_SESSION_MS);
    set(ufaGamesBase, session.games ?? null);
  }
  set(setProviderAtom, service, { logged: true });
  // A balance the login handed back is the provider's word already: shown at once. The settle (GCLUB's 800 ms after its
  // login) is for the provider's next call, which reading a balance the login did not carry is.
  if (typeof session.balance === 'number') setBalance(get, set, service, session.balance, ticket);
  if (session.settleMs) await wait(session.settleMs);
  if (!scope.alive()) return;
  if (session.balance === 'fetch') await set(refreshBalanceAtom, service);
}

/** Logs the game user in at its provider (with `password`, or the stored one). True once logged. */
export const loginProviderAtom = atom(
  null,
  async (get, set, target: GameAccountView, password: string = target.password): Promise<boolean> => {
    const scope = sessionScope(get);
    // A flow still running when the member logged out sends nothing in their name.
    if (!scope.alive()) return false;
    const ticket = askForBalance(get, set, target.service);
    const session = await get(adaptersBase)[target.service].login({ prefix: prefixOf(get), gameuser: target.gameuser }, password);
    if (!session || !scope.alive()) return false;
    await applySession(get, set, scope, target.service, session, ticket);
    return true;
  },
);

async function checkLogged(get: Getter, set: Setter, target: GameAccountView): Promise<boolean> {
  const scope = sessionScope(get);
  if (!scope.alive()) return false;
  const ticket = askForBalance(get, set, target.service);
  const session = await get(adaptersBase)[target.service].check({ prefix: prefixOf(get), gameuser: target.gameuser });
  if (!session || !scope.alive()) return false;
  await applySession(get, set, scope, target.service, session, ticket);
  return true;
}

/** Setting a game user. */
export const setGameUserAtom = atom(
  null,
  async (get, set, target: GameAccountView, { automatic, after }: { automatic: boolean; after?: Promise<void> }): Promise<void> => {
    const scope = sessionScope(get);
    // Setting up the accounts on a page load tells a maintenance once per visit; a member's own pick, every time.
    const maintain = await set(checkMaintenanceAtom, target.service, { dialog: !automatic ? 'always' : target.selected ? 'once' : false });
    // What the login or the session check may need, asked for beside the maintenance check (GCLUB's session values).
    if (after) await after;
    if (!scope.alive()) return;
    const step = gameUserStep({ maintain, generate: target.generate, automatic });
    try {
      if (step === 'login') await set(loginProviderAtom, target);
      if (step === 'check') await checkLogged(get, set, target);
      if (step === 'check-then-login' && !(await checkLogged(get, set, target))) await set(loginProviderAtom, target);
    } catch (error) {
      console.warn(`[games] ${target.service} set-up failed`, error instanceof Error ? error.message : error);
    }
  },
);

/** The GCLUB session values the operator hands out for the member, kept 7 days. */
async function fetchGclubData(get: Getter, set: Setter): Promise<void> {
  const scope = sessionScope(get);
  const prefix = prefixOf(get);
  const token = readToken(prefix);
  if (!token || !accountOf(get, 'GCLUB')) return;
  try {
    const reply = await callApi('gclubData', { token });
    if (reply.status !== true || !scope.alive()) return;
    if (reply.gclubToken && !readProviderValue('gclubToken_', prefix)) storeProviderValue('gclubToken_', prefix, reply.gclubToken);
    if (reply.accountInfo) storeProviderValue('accountInfo_', prefix, reply.accountInfo);
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized' && scope.alive()) await set(unauthorizedAtom, error.reason);
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
  const scope = sessionScope(get);
  const accounts = get(gameAccountsAtom);
  set(
    selectedServiceBase,
    defaultService(
      readCookie(selectedGameCookie(prefixOf(get))),
      accounts.map((a) => a.service),
    ),
  );
  // The balances of the member's last visit, shown at once with the time they were true, until the providers answer.
  const kept = keptBalances(prefixOf(get), get(memberIdAtom));
  for (const account of accounts) {
    const last = kept[account.service];
    if (last && get(balancesAtom)[account.service].balance === null)
      set(setBalanceAtom, account.service, { balance: last.balance, updatedAt: last.updatedAt });
  }
  // GCLUB's login or session check may need the session values gclubData hands out: they are asked for beside its
  // maintenance check, one round trip for both, and only the step after the check waits for them. UFA's does not.
  const gclubData = fetchGclubData(get, set);
  await Promise.all(
    get(gameAccountsAtom).map((a) =>
      set(setGameUserAtom, a, a.service === 'GCLUB' ? { automatic: true, after: gclubData } : { automatic: true }),
    ),
  );
  await gclubData;
  if (!scope.alive()) return;
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
  const scope = sessionScope(get);
  const target = accountOf(get, service);
  if (!target || get(providersAtom)[service].maintain) return;
  const adapter = get(adaptersBase)[service];
  const account = { prefix: prefixOf(get), gameuser: target.gameuser };
  set(setBalanceAtom, service, { loading: true });
  try {
    const alive = await adapter.keepAlive(account, Date.now() > get(ufaExpiresAtBase));
    if (!scope.alive()) return;
    if (alive === 'login-again') await set(loginProviderAtom, target);
    else if (service === 'UFA') set(ufaExpiresAtBase, Date.now() + UFA_SESSION_MS);
    // The login again may have outlasted the session: its balance is then asked in nobody's name.
    if (!scope.alive()) return;
    const ticket = askForBalance(get, set, service);
    const balance = await adapter.credit(account);
    if (balance === 'no-session' || !scope.alive()) return;
    if (balance !== null) setBalance(get, set, service, balance, ticket);
    else set(setBalanceAtom, service, { failed: true });
  } catch (error) {
    if (!scope.alive()) return;
    if (!(isApiError(error) && error.kind === 'unauthorized')) {
      console.warn(`[games] ${service} balance failed`, error instanceof Error ? error.message : error);
      set(setBalanceAtom, service, { failed: true });
    } else {
      set(setProviderAtom, service, { logged: false });
    }
  } finally {
    if (scope.alive()) set(setBalanceAtom, service, { loading: false });
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

/** The main account the server has, read again; null when the server cannot be reached (or the session ended). */
async function serverMain(get: Getter, set: Setter): Promise<string | null> {
  const scope = sessionScope(get);
  if (!(await set(refreshProfileAtom)) || !scope.alive()) return null;
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
  const scope = sessionScope(get);
  const run = get(readBackRunBase) + 1;
  set(readBackRunBase, run);
  for (let attempt = 0; ; attempt++) {
    await wait(MAIN_READ_BACKOFF_MS[Math.min(attempt, MAIN_READ_BACKOFF_MS.length - 1)]!);
    if (!scope.alive() || get(readBackRunBase) !== run || !get(mainUncertainBase)) return;
    const main = await serverMain(get, set);
    if (!scope.alive() || get(readBackRunBase) !== run || !get(mainUncertainBase)) return;
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
  const scope = sessionScope(get);
  const outcome = await switchMainOnce(get, set, scope);
  if (scope.alive()) set(mainSwitchStatusBase, outcome);
  return outcome;
});

async function switchMainOnce(get: Getter, set: Setter, scope: SessionScope): Promise<SwitchMainOutcome> {
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
    const reply = await callApi('switchMain', { select_gameuser: current.gameuser, switch_gameuser: next.gameuser, token });
    if (!scope.alive()) return 'failed';
    if (reply.status !== true) return 'refused';
    set(updateGamesAtom, (games) => games.map((g) => ({ ...g, main: g.game_user === next.gameuser })));
    return 'switched';
  } catch (error) {
    if (!scope.alive()) return 'failed';
    if (isApiError(error) && error.kind === 'unauthorized') {
      await set(unauthorizedAtom, error.reason);
      return 'failed';
    }
    // No answer, or one that does not say what became of the switch (a 409, a 429, a 5xx): the server is asked.
    const main = await serverMain(get, set);
    if (!scope.alive()) return 'failed';
    if (main === null) {
      set(mainUncertainBase, true);
      void set(readBackMainAtom, next.gameuser);
      return 'checking';
    }
    return main === next.gameuser ? 'switched' : 'unchanged';
  }
}

/**
 * What became of a game password change, as the member is told: `checking` when neither the provider's answer nor the
 * read-back (a login with each password) could say which password the provider takes now.
 */
export type GamePasswordOutcome = 'changed' | 'wrong-old' | 'failed' | 'checking';

/** Tries of the new password's record with the operator (setting the same value again is harmless). */
const SAVE_PASSWORD_TRIES = 3;
const SAVE_PASSWORD_RETRY_MS = 2_000;

/**
 * Which password the provider takes now, asked by logging in with the new one, then the old one; null when neither
 * login answered. A login that works keeps its session, as the relogin after a change would.
 */
async function passwordInForce(
  get: Getter,
  set: Setter,
  target: GameAccountView,
  oldPassword: string,
  newPassword: string,
): Promise<'new' | 'old' | null> {
  try {
    if (await set(loginProviderAtom, target, newPassword)) return 'new';
    if (await set(loginProviderAtom, target, oldPassword)) return 'old';
  } catch (error) {
    console.warn(`[games] ${target.service} password read-back failed`, error instanceof Error ? error.message : error);
  }
  return null;
}

/** The operator records the new password (its stored copy logs the member in on the next visit), tried a few times. */
async function savePassword(scope: SessionScope, gameuser: string, password: string, token: string): Promise<void> {
  for (let attempt = 1; scope.alive(); attempt++) {
    try {
      await callApi('updateGamePassword', { gameuser, password, token });
      return;
    } catch (error) {
      if ((isApiError(error) && error.kind === 'unauthorized') || attempt >= SAVE_PASSWORD_TRIES) return;
      await wait(SAVE_PASSWORD_RETRY_MS);
    }
  }
}

/**
 * Password change (provider): only the provider's answer says whether it changed. Changed: logged false, after 0.5 s a
 * login with the new one, and the new one stored (with the operator and on screen). No answer, or one that does not
 * say: the provider is asked which password it takes now, and the member told what it said, or that it is not known.
 */
export const changeGamePasswordAtom = atom(
  null,
  async (get, set, service: Service, oldPassword: string, newPassword: string): Promise<GamePasswordOutcome> => {
    const scope = sessionScope(get);
    const target = accountOf(get, service);
    const prefix = prefixOf(get);
    const memberToken = readToken(prefix);
    if (!target || !memberToken) return 'failed';
    let changed: boolean | null | 'unknown';
    try {
      changed = await get(adaptersBase)[service].changePassword({ prefix, gameuser: target.gameuser }, oldPassword, newPassword);
    } catch (error) {
      if (!scope.alive()) return 'failed';
      if (isApiError(error) && error.kind === 'unauthorized') {
        set(setProviderAtom, service, { logged: false });
        return 'failed';
      }
      changed = 'unknown';
    }
    if (!scope.alive()) return 'failed';
    if (changed === null) return 'failed';
    if (changed === false) return 'wrong-old';
    if (changed === 'unknown') {
      const now = await passwordInForce(get, set, target, oldPassword, newPassword);
      if (now === null) return 'checking';
      if (now === 'old') return 'failed';
    } else {
      set(setProviderAtom, service, { logged: false });
      await wait(RELOGIN_AFTER_PASSWORD_MS);
      if (!scope.alive()) return 'failed';
      // The provider has changed it: a relogin that fails now does not undo that.
      await set(loginProviderAtom, target, newPassword).catch(() => false);
    }
    await savePassword(scope, target.gameuser, newPassword, memberToken);
    if (!scope.alive()) return 'failed';
    set(updateGamesAtom, (games) => games.map((g) => (g.game_user === target.gameuser ? { ...g, game_password: newPassword } : g)));
    return 'changed';
  },
);
