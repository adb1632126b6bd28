import type { GameAccountView, Service } from '@member/shared-core';
import { gclubChangePwd } from './api/gclub-change-pwd';
import { gclubCheckLogged } from './api/gclub-check-logged';
import { gclubCredit } from './api/gclub-credit';
import { gclubData } from './api/gclub-data';
import { gclubLogin } from './api/gclub-login';
import { gclubMaintain } from './api/gclub-maintain';
import { switchMain as switchMainCall } from './api/switch-main';
import { ufaChangePwd } from './api/ufa-change-pwd';
import { ufaCheck } from './api/ufa-check';
import { ufaCheckLogged } from './api/ufa-check-logged';
import { ufaCredit } from './api/ufa-credit';
import { ufaLogin } from './api/ufa-login';
import { ufaMaintain } from './api/ufa-maintain';
import { ufaShoot } from './api/ufa-shoot';
import { updateGamePassword } from './api/update-game-password';
import { isApiError } from '../api/api-error';
import { DAY, readCookie, writeCookie } from '../lib/cookies';
import { navigateTo } from '../lib/navigation';
import { serverIsoNow } from '../lib/server-clock';
import { store } from '../app/store';
import { prefixAtom } from '../app/boot-state';
import { updateGamesAtom } from '../session/state';
import {
  gameAccountsAtom, mainUncertainAtom, providersAtom, selectedServiceAtom, setBalanceAtom, setGamesReadyAtom, setMainUncertainAtom, setProviderAtom, setSelectedServiceAtom, setUfaGamesAtom,
} from './state';
import { handleUnauthorized } from '../session/logout';
import { refreshProfile } from '../session/session-actions';
import { readToken } from '../session/session-cookies';
import { showMaintenanceDialog } from './maintenance-dialog';
import { readProviderValue, storeProviderValue } from './provider-storage';
import { createKeepAliveCounter, defaultService, gameUserStep } from './rules';

export const GCLUB_LOGIN_SETTLE_MS = 800;
export const RELOGIN_AFTER_PASSWORD_MS = 500;
export const UFA_SESSION_MS = 10 * 60 * 1000;
export const selectedGameCookie = (prefix: string) => `selected-game-${prefix}`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keepAlive = createKeepAliveCounter(8);
let ufaExpiresAt = 0;

function prefix(): string {
  const value = store.get(prefixAtom);
  if (!value) throw new Error('no site prefix');
  return value;
}

function account(service: Service): GameAccountView | undefined {
  return store.get(gameAccountsAtom).find((a) => a.service === service);
}

function setBalance(service: Service, balance: number): void {
  // Stamped with the server's time: a phone whose clock is off must not show a balance "updated" days away.
  store.set(setBalanceAtom, service, { balance, updatedAt: serverIsoNow(), loading: false, failed: false });
}

/** Maintenance: under maintenance logged false and maintain true; the dialog only for the selected account's provider. */
export async function checkMaintenance(service: Service, { dialog = true } = {}): Promise<boolean> {
  let maintain: boolean;
  try {
    maintain = service === 'GCLUB' ? (await gclubMaintain({})).result.frontEnd_Maintain === true : (await ufaMaintain({})).maintain === true;
  } catch (error) {
    console.warn(`[games] ${service} maintenance check failed`, error instanceof Error ? error.message : error);
    return store.get(providersAtom)[service].maintain;
  }
  store.set(setProviderAtom, service, maintain ? { maintain: true, logged: false } : { maintain: false });
  if (maintain && dialog && store.get(selectedServiceAtom) === service) void showMaintenanceDialog(service);
  return maintain;
}

async function loginGclub(gameuser: string, password: string): Promise<boolean> {
  const reply = await gclubLogin({ username: gameuser, password });
  if (reply.status !== true || !reply.result) return false;
  storeProviderValue('gclubToken_', prefix(), reply.result.token);
  store.set(setProviderAtom, 'GCLUB', { logged: true });
  await wait(GCLUB_LOGIN_SETTLE_MS);
  if (reply.result.now_xinyong === 0) await refreshBalance('GCLUB');
  else setBalance('GCLUB', reply.result.now_xinyong);
  return true;
}

function keepUfaSession(accid: string, sessions: string): void {
  storeProviderValue('ufaAccid_', prefix(), accid);
  storeProviderValue('ufaSessionsn_', prefix(), sessions);
  ufaExpiresAt = Date.now() + UFA_SESSION_MS;
}

async function loginUfa(gameuser: string, password: string): Promise<boolean> {
  const reply = await ufaLogin({ username: gameuser, password });
  if (reply.status !== true || !reply.accid || !reply.sessions) return false;
  keepUfaSession(reply.accid, reply.sessions);
  store.set(setUfaGamesAtom, reply.games ?? null);
  store.set(setProviderAtom, 'UFA', { logged: true });
  if (typeof reply.credit === 'number') setBalance('UFA', reply.credit);
  return true;
}

export function loginProvider(target: GameAccountView, password = target.password): Promise<boolean> {
  return target.service === 'GCLUB' ? loginGclub(target.gameuser, password) : loginUfa(target.gameuser, password);
}

async function checkLogged(target: GameAccountView): Promise<boolean> {
  if (target.service === 'GCLUB') {
    const token = readProviderValue('gclubToken_', prefix());
    if (!token) return false;
    const reply = await gclubCheckLogged({ token });
    if (reply.status !== true) return false;
    store.set(setProviderAtom, 'GCLUB', { logged: true });
    if (reply.result) setBalance('GCLUB', reply.result.now_xinyong);
    return true;
  }
  const reply = await ufaCheckLogged({ username: target.gameuser });
  if (reply.status !== true || !reply.accid || !reply.sessions) return false;
  keepUfaSession(reply.accid, reply.sessions);
  store.set(setUfaGamesAtom, reply.games ?? null);
  store.set(setProviderAtom, 'UFA', { logged: true });
  if (typeof reply.credit === 'number') setBalance('UFA', reply.credit);
  return true;
}

/** Setting a game user. */
export async function setGameUser(target: GameAccountView, { automatic }: { automatic: boolean }): Promise<void> {
  const maintain = await checkMaintenance(target.service, { dialog: !automatic || target.selected });
  const step = gameUserStep({ maintain, generate: target.generate, automatic });
  try {
    if (step === 'login') await loginProvider(target);
    if (step === 'check') await checkLogged(target);
    if (step === 'check-then-login' && !(await checkLogged(target))) await loginProvider(target);
  } catch (error) {
    console.warn(`[games] ${target.service} set-up failed`, error instanceof Error ? error.message : error);
  }
}

/** The GCLUB session values the operator hands out for the member, kept 7 days. */
async function fetchGclubData(): Promise<void> {
  const token = readToken(prefix());
  if (!token || !account('GCLUB')) return;
  try {
    const reply = await gclubData({ token });
    if (reply.status !== true) return;
    if (reply.gclubToken && !readProviderValue('gclubToken_', prefix())) storeProviderValue('gclubToken_', prefix(), reply.gclubToken);
    if (reply.accountInfo) storeProviderValue('accountInfo_', prefix(), reply.accountInfo);
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') await handleUnauthorized();
  }
}

/** After a login or a restored session: pick the selected account, set both up, fetch their balances. */
export async function setUpGames(): Promise<void> {
  const accounts = store.get(gameAccountsAtom);
  const selected = defaultService(readCookie(selectedGameCookie(prefix())), accounts.map((a) => a.service));
  store.set(setSelectedServiceAtom, selected);
  await fetchGclubData();
  await Promise.all(store.get(gameAccountsAtom).map((a) => setGameUser(a, { automatic: true })));
  store.set(setGamesReadyAtom, true);
}

/**
 * Balance: load flag on, then balance and time. A 401 from the credit call is silent. Any other failure (no
 * answer, 5xx, an unreadable or wrong-shaped reply, a refusal) keeps the previous balance and marks it as not updated,
 * until a refresh succeeds.
 */
export async function refreshBalance(service: Service): Promise<void> {
  const target = account(service);
  if (!target || store.get(providersAtom)[service].maintain) return;
  store.set(setBalanceAtom, service, { loading: true });
  const notUpdated = () => store.set(setBalanceAtom, service, { failed: true });
  try {
    if (service === 'GCLUB') {
      const token = readProviderValue('gclubToken_', prefix());
      if (!token) return;
      const reply = await gclubCredit({ token });
      if (reply.status === true && reply.result) setBalance('GCLUB', reply.result.totalMoney);
      else notUpdated();
      return;
    }
    await keepUfaAlive(target);
    const reply = await ufaCredit({ username: target.gameuser });
    if (reply.status === true && typeof reply.credit === 'number') setBalance('UFA', reply.credit);
    else notUpdated();
  } catch (error) {
    if (!(isApiError(error) && error.kind === 'unauthorized')) {
      console.warn(`[games] ${service} balance failed`, error instanceof Error ? error.message : error);
      notUpdated();
    } else {
      store.set(setProviderAtom, service, { logged: false });
    }
  } finally {
    store.set(setBalanceAtom, service, { loading: false });
  }
}

/** UFA session: a keep-alive on the first of every 8 calls; errcode 1 from the check means log in again. */
async function keepUfaAlive(target: GameAccountView): Promise<void> {
  if (keepAlive.next()) await ufaShoot({ username: target.gameuser }).catch(() => undefined);
  const accid = readProviderValue('ufaAccid_', prefix());
  const sessions = readProviderValue('ufaSessionsn_', prefix());
  const expired = Date.now() > ufaExpiresAt;
  const check = accid && sessions ? await ufaCheck({ username: target.gameuser, accid, sessions }) : null;
  if (!check || check.errcode === 1 || (expired && check.status !== true)) {
    await loginProvider(target);
    return;
  }
  ufaExpiresAt = Date.now() + UFA_SESSION_MS;
}

export async function refreshAllBalances(): Promise<void> {
  await Promise.all(store.get(gameAccountsAtom).map((a) => refreshBalance(a.service)));
}

/** Switch account: to /profile if elsewhere, flip the cookie and the accounts, check the new provider. */
export async function switchAccount(): Promise<void> {
  const other = store.get(gameAccountsAtom).find((a) => !a.selected);
  if (!other) return;
  const p = prefix();
  if (!window.location.pathname.startsWith('/profile')) navigateTo(`/profile?prefix=${encodeURIComponent(p)}`);
  writeCookie(selectedGameCookie(p), other.service, { maxAgeSeconds: 30 * DAY });
  store.set(setSelectedServiceAtom, other.service);
  await checkMaintenance(other.service);
}

export type SwitchMainOutcome = 'switched' | 'refused' | 'failed';

/** The main account the server has, read again; null when the server cannot be reached. */
async function serverMain(): Promise<string | null> {
  if (!(await refreshProfile())) return null;
  return store.get(gameAccountsAtom).find((a) => a.main)?.gameuser ?? null;
}

/**
 * Switch main account: only a server status true flips the main flags. A call with no answer (timeout,
 * server error) may have switched all the same, so the member's accounts are read again and the screen shows
 * what the server has; until that read succeeds, no new switch is sent, as the switch flips whatever is main.
 */
export async function switchMain(): Promise<SwitchMainOutcome> {
  const token = readToken(prefix());
  if (!token) return 'failed';
  if (store.get(mainUncertainAtom)) {
    // The last switch may have happened: if the server's main is not the one on screen, it did, and that is this switch.
    const shown = store.get(gameAccountsAtom).find((a) => a.main)?.gameuser ?? null;
    const main = await serverMain();
    if (main === null) return 'failed';
    store.set(setMainUncertainAtom, false);
    if (main !== shown) return 'switched';
  }
  const accounts = store.get(gameAccountsAtom);
  const current = accounts.find((a) => a.main);
  const next = accounts.find((a) => !a.main);
  if (!current || !next) return 'failed';
  try {
    const reply = await switchMainCall({ select_gameuser: current.gameuser, switch_gameuser: next.gameuser, token });
    if (reply.status !== true) return 'refused';
    store.set(updateGamesAtom, (games) => games.map((g) => ({ ...g, main: g.game_user === next.gameuser })));
    return 'switched';
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') {
      await handleUnauthorized();
      return 'failed';
    }
    const main = await serverMain();
    if (main === null) {
      store.set(setMainUncertainAtom, true);
      return 'failed';
    }
    return main === next.gameuser ? 'switched' : 'failed';
  }
}

/** Password change (provider): logged false, then after 0.5 s log in again with the new one and store it. */
export async function changeGamePassword(service: Service, oldPassword: string, newPassword: string): Promise<'changed' | 'wrong-old' | 'failed'> {
  const target = account(service);
  const p = prefix();
  const memberToken = readToken(p);
  if (!target || !memberToken) return 'failed';
  try {
    let changed: boolean;
    if (service === 'GCLUB') {
      const token = readProviderValue('gclubToken_', p);
      const accInfo = readProviderValue('accountInfo_', p);
      if (!token || !accInfo) return 'failed';
      changed = (await gclubChangePwd({ token, accInfo, password: newPassword, oldPassword })).status === true;
    } else {
      changed = (await ufaChangePwd({ username: target.gameuser, password: newPassword, oldPassword })).status === true;
    }
    if (!changed) return 'wrong-old';
    store.set(setProviderAtom, service, { logged: false });
    await wait(RELOGIN_AFTER_PASSWORD_MS);
    await loginProvider(target, newPassword);
    await updateGamePassword({ gameuser: target.gameuser, password: newPassword, token: memberToken });
    store.set(updateGamesAtom, (games) => games.map((g) => (g.game_user === target.gameuser ? { ...g, game_password: newPassword } : g)));
    return 'changed';
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') store.set(setProviderAtom, service, { logged: false });
    return 'failed';
  }
}
