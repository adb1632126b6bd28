import type { Service, UfaGamesMap } from '@member/shared-core';
import { GCLUB_LOGIN_SETTLE_MS } from '@member/shared-core/accounts/account-rules';
import { callApi } from '../../core/api/api';
import { local } from '../../core/lib/safe-storage';
import { readProviderValue, UFA_SHOTS_KEY, type ProviderKey } from './provider-storage';
import { keepAliveDue, UFA_KEEP_ALIVE_EVERY } from './rules';

/** A live provider session, as a login or a check hands it back. */
export interface ProviderSession {
  /** The balance the reply carried; 'fetch' when it must be asked for; null when the reply said nothing of it. */
  balance: number | 'fetch' | null;
  /** UFA's games map (launch links); undefined for GCLUB. */
  games?: UfaGamesMap | null;
  /** How long the provider needs after a login before its other calls see the session. */
  settleMs?: number;
  /**
   * The session values the reply handed out, to keep on the device. The flow that asked keeps them, and only while the
   * member's session lasts: a reply landing after a logout must leave no provider token on a shared device.
   */
  keep?: Partial<Record<ProviderKey, string>>;
}

/** Where a provider session stands after a keep-alive. */
export type KeepAlive = 'alive' | 'login-again';

/** A member's game account as a provider call needs it. */
export interface ProviderAccount {
  prefix: string;
  gameuser: string;
}

/**
 * One interface for both game providers: each call speaks to its own API, reads the session values kept on the device
 * and hands back the ones to keep (local storage, 7 days: the flows keep them). Errors of the API (ApiError) pass
 * through; a refusal is a null or false answer.
 */
export interface ProviderAdapter {
  /**
   * Whether the provider is under maintenance: false, or true, or (where its reply says when it ends) the planned end
   * as `{ until }` (ISO date and time).
   */
  maintain(): Promise<boolean | { until: string }>;
  login(account: ProviderAccount, password: string): Promise<ProviderSession | null>;
  /** The session this browser holds, when it is still alive. */
  check(account: ProviderAccount): Promise<ProviderSession | null>;
  /** The balance; null when the provider refused to say; 'no-session' when this browser holds no session to ask with. */
  credit(account: ProviderAccount): Promise<number | null | 'no-session'>;
  /** True when changed; false when the old password was wrong; null when this browser lacks the session to ask. */
  changePassword(account: ProviderAccount, oldPassword: string, newPassword: string): Promise<boolean | null>;
  /**
   * Keeps the session alive before a balance call. `sessionExpired`: this tab has not seen the session confirmed
   * within its lifetime.
   */
  keepAlive(account: ProviderAccount, sessionExpired: boolean): Promise<KeepAlive>;
}

export const UFA_SESSION_MS = 10 * 60 * 1000;

const gclub: ProviderAdapter = {
  async maintain() {
    const { result } = await callApi('gclubMaintain', {});
    return result.frontEnd_Maintain === true && (result.until ? { until: result.until } : true);
  },
  async login({ gameuser }, password) {
    const reply = await callApi('gclubLogin', { username: gameuser, password });
    if (reply.status !== true || !reply.result) return null;
    return {
      balance: reply.result.now_xinyong === 0 ? 'fetch' : reply.result.now_xinyong,
      settleMs: GCLUB_LOGIN_SETTLE_MS,
      keep: { gclubToken_: reply.result.token },
    };
  },
  async check({ prefix }) {
    const token = readProviderValue('gclubToken_', prefix);
    if (!token) return null;
    const reply = await callApi('gclubCheckLogged', { token });
    if (reply.status !== true) return null;
    return { balance: reply.result ? reply.result.now_xinyong : null };
  },
  async credit({ prefix }) {
    const token = readProviderValue('gclubToken_', prefix);
    if (!token) return 'no-session';
    const reply = await callApi('gclubCredit', { token });
    return reply.status === true && reply.result ? reply.result.totalMoney : null;
  },
  async changePassword({ prefix }, oldPassword, newPassword) {
    const token = readProviderValue('gclubToken_', prefix);
    const accInfo = readProviderValue('accountInfo_', prefix);
    if (!token || !accInfo) return null;
    return (await callApi('gclubChangePwd', { token, accInfo, password: newPassword, oldPassword })).status === true;
  },
  // GCLUB has no keep-alive: using the session keeps it.
  keepAlive: async () => 'alive',
};

/** The local key of the UFA keep-alive count: one count per member's game user, shared by the brand's tabs. */
export const ufaShotsKey = (prefix: string) => `${UFA_SHOTS_KEY}${prefix}`;

/** Counts one UFA balance call of the game user across tabs; true when it is the one that sends the keep-alive. */
function countUfaCall(prefix: string, gameuser: string): boolean {
  let calls = 0;
  try {
    const stored = JSON.parse(local.get(ufaShotsKey(prefix)) ?? 'null') as { gameuser?: unknown; calls?: unknown } | null;
    if (stored && stored.gameuser === gameuser && typeof stored.calls === 'number' && Number.isInteger(stored.calls) && stored.calls >= 0)
      calls = stored.calls;
  } catch {
    // An unreadable count starts again: the worst case is one keep-alive early.
  }
  local.set(ufaShotsKey(prefix), JSON.stringify({ gameuser, calls: (calls + 1) % UFA_KEEP_ALIVE_EVERY }));
  return keepAliveDue(calls);
}

function ufaSession(reply: {
  status: boolean;
  accid?: string;
  sessions?: string;
  credit?: number;
  games?: UfaGamesMap;
}): ProviderSession | null {
  if (reply.status !== true || !reply.accid || !reply.sessions) return null;
  return {
    balance: typeof reply.credit === 'number' ? reply.credit : null,
    games: reply.games ?? null,
    keep: { ufaAccid_: reply.accid, ufaSessionsn_: reply.sessions },
  };
}

const ufa: ProviderAdapter = {
  async maintain() {
    const reply = await callApi('ufaMaintain', {});
    return reply.maintain === true && (reply.until ? { until: reply.until } : true);
  },
  async login({ gameuser }, password) {
    return ufaSession(await callApi('ufaLogin', { username: gameuser, password }));
  },
  async check({ gameuser }) {
    return ufaSession(await callApi('ufaCheckLogged', { username: gameuser }));
  },
  async credit({ gameuser }) {
    const reply = await callApi('ufaCredit', { username: gameuser });
    return reply.status === true && typeof reply.credit === 'number' ? reply.credit : null;
  },
  async changePassword({ gameuser }, oldPassword, newPassword) {
    return (await callApi('ufaChangePwd', { username: gameuser, password: newPassword, oldPassword })).status === true;
  },
  /** A keep-alive on the first of every 8 balance calls of the member; errcode 1 from the check means log in again. */
  async keepAlive({ prefix, gameuser }, sessionExpired) {
    if (countUfaCall(prefix, gameuser)) await callApi('ufaShoot', { username: gameuser }).catch(() => undefined);
    const accid = readProviderValue('ufaAccid_', prefix);
    const sessions = readProviderValue('ufaSessionsn_', prefix);
    const check = accid && sessions ? await callApi('ufaCheck', { username: gameuser, accid, sessions }) : null;
    if (!check || check.errcode === 1 || (sessionExpired && check.status !== true)) return 'login-again';
    return 'alive';
  },
};

export type ProviderAdapters = Readonly<Record<Service, ProviderAdapter>>;

/** The game providers, by service. */
export const providers: ProviderAdapters = { GCLUB: gclub, UFA: ufa };
