import type { ProviderMaintenance, Service } from '@member/shared-core';
import { checkPassword, hashPassword } from './passwords';
import { newToken, tokenKey } from './tokens';

/**
 * The two game providers as the simulator plays them: one provider account per game user (its provider password,
 * and for UFA a stable `accid`), the provider sessions, the maintenance flags and per-user call counters.
 *
 * - GCLUB: a login (or gclubData) opens a session with its own token; several may live at once (tabs). Tokens are
 *   kept by their SHA-256 only. Use (gclubCheckLogged, gclubCredit) extends the session used: GCLUB has no keep-alive.
 * - UFA: one session per game user, `{accid, sessions}`. A login while it lives hands back the same values (another
 *   tab stays logged in); after it ends, a new `sessions` value. Only ufaShoot extends it. `sessions` is kept as it is,
 *   because ufaCheckLogged must hand it back.
 * - Maintenance: one flag per provider, for every site.
 */

export const DEFAULT_PROVIDER_SESSION_MS = 30 * 60 * 1000;
const FIRST_ACCID = 800001;

export interface ProviderAccount {
  gameuser: string;
  service: Service;
  passwordHash: string;
  /** UFA account id (also set for GCLUB accounts, unused there). */
  accid: string;
}

export interface UfaSession {
  accid: string;
  sessions: string;
  expiresAt: number;
}

interface GclubSession {
  gameuser: string;
  expiresAt: number;
}

export interface ProviderOptions {
  now: () => number;
  sessionMs: number;
}

export interface SessionState {
  alive: boolean;
  expiresAt: number | null;
}

export class ProviderStore {
  private readonly accounts = new Map<string, ProviderAccount>();
  private readonly gclub = new Map<string, GclubSession>();
  private readonly ufa = new Map<string, UfaSession>();
  private readonly calls = new Map<string, Record<string, number>>();
  private maintain: ProviderMaintenance = { GCLUB: false, UFA: false };
  /** While a provider is in maintenance: its planned end (ISO), when the control gave one. */
  private maintainUntil: Partial<Record<Service, string>> = {};
  private nextAccid = FIRST_ACCID;

  constructor(private readonly options: ProviderOptions) {}

  get sessionMs(): number {
    return this.options.sessionMs;
  }

  /** Opens the provider account of a game user with its first password. */
  open(gameuser: string, service: Service, password: string): ProviderAccount {
    const account: ProviderAccount = { gameuser, service, passwordHash: hashPassword(password), accid: String(this.nextAccid++) };
    this.accounts.set(gameuser, account);
    return account;
  }

  account(service: Service, gameuser: string | undefined): ProviderAccount | undefined {
    const account = gameuser ? this.accounts.get(gameuser) : undefined;
    return account?.service === service ? account : undefined;
  }

  /** The UFA account with this accid. */
  byAccid(accid: string | null | undefined): ProviderAccount | undefined {
    if (!accid) return undefined;
    for (const account of this.accounts.values()) if (account.service === 'UFA' && account.accid === accid) return account;
    return undefined;
  }

  /** The account when the password is right, else null (unknown user and wrong password look the same). */
  login(service: Service, gameuser: string, password: string): ProviderAccount | null {
    const account = this.account(service, gameuser);
    return account && checkPassword(password, account.passwordHash) ? account : null;
  }

  passwordMatches(account: ProviderAccount, password: string): boolean {
    return checkPassword(password, account.passwordHash);
  }

  /** Sets a new provider password and ends the account's provider sessions. */
  changePassword(account: ProviderAccount, password: string): void {
    account.passwordHash = hashPassword(password);
    this.endSessions(account.gameuser);
  }

  private expiry(): number {
    return this.options.now() + this.options.sessionMs;
  }

  private purgeGclub(): void {
    const now = this.options.now();
    for (const [key, session] of this.gclub) if (session.expiresAt <= now) this.gclub.delete(key);
  }

  /** A new GCLUB session for the account; returns its token. */
  openGclubSession(account: ProviderAccount): string {
    this.purgeGclub();
    const token = newToken();
    this.gclub.set(tokenKey(token), { gameuser: account.gameuser, expiresAt: this.expiry() });
    return token;
  }

  /** The GCLUB account of a live session token, or null. `extend` slides the session's expiry (use keeps it alive). */
  gclubAccount(token: string | undefined, extend: boolean): ProviderAccount | null {
    const session = token ? this.gclub.get(tokenKey(token)) : undefined;
    if (!session || session.expiresAt <= this.options.now()) return null;
    if (extend) session.expiresAt = this.expiry();
    return this.account('GCLUB', session.gameuser) ?? null;
  }

  /** The live UFA session of a game user, or null. */
  ufaSession(gameuser: string): UfaSession | null {
    const session = this.ufa.get(gameuser);
    return session && session.expiresAt > this.options.now() ? session : null;
  }

  /** Logs in to UFA: the live session (extended) when there is one, else a new one. */
  openUfaSession(account: ProviderAccount): UfaSession {
    const live = this.ufaSession(account.gameuser);
    if (live) {
      live.expiresAt = this.expiry();
      return live;
    }
    const session: UfaSession = { accid: account.accid, sessions: newToken(16), expiresAt: this.expiry() };
    this.ufa.set(account.gameuser, session);
    return session;
  }

  /** The keep-alive: extends the live UFA session; false when none lives. */
  extendUfa(gameuser: string): boolean {
    const live = this.ufaSession(gameuser);
    if (live) live.expiresAt = this.expiry();
    return live !== null;
  }

  /** Ends every provider session of a game user now; returns how many live ones ended. */
  endSessions(gameuser: string): number {
    const now = this.options.now();
    let ended = 0;
    for (const [key, session] of this.gclub) {
      if (session.gameuser !== gameuser) continue;
      if (session.expiresAt > now) ended += 1;
      this.gclub.delete(key);
    }
    if (this.ufaSession(gameuser)) ended += 1;
    this.ufa.delete(gameuser);
    return ended;
  }

  /** Whether a provider session of the game user lives, and its latest expiry. */
  sessionState(gameuser: string): SessionState {
    const now = this.options.now();
    const expiries = [...this.gclub.values()].filter((s) => s.gameuser === gameuser && s.expiresAt > now).map((s) => s.expiresAt);
    const ufa = this.ufaSession(gameuser);
    if (ufa) expiries.push(ufa.expiresAt);
    return expiries.length > 0 ? { alive: true, expiresAt: Math.max(...expiries) } : { alive: false, expiresAt: null };
  }

  maintenance(): ProviderMaintenance {
    return { ...this.maintain };
  }

  inMaintenance(service: Service): boolean {
    return this.maintain[service];
  }

  /** The planned end of the provider's maintenance (ISO), when it is on and one was given. */
  maintenanceUntil(service: Service): string | undefined {
    return this.maintain[service] ? this.maintainUntil[service] : undefined;
  }

  setMaintenance(service: Service, on: boolean, until?: string): void {
    this.maintain = { ...this.maintain, [service]: on };
    if (on && until) this.maintainUntil[service] = until;
    else delete this.maintainUntil[service];
  }

  /** Counts a provider call (route name like `gclubCredit`) for a game user. */
  count(gameuser: string, route: string): void {
    const counts = this.calls.get(gameuser) ?? {};
    counts[route] = (counts[route] ?? 0) + 1;
    this.calls.set(gameuser, counts);
  }

  callsOf(gameuser: string): Record<string, number> {
    return { ...(this.calls.get(gameuser) ?? {}) };
  }

  /** ufaShoot calls received for a game user. */
  shootsOf(gameuser: string): number {
    return this.calls.get(gameuser)?.ufaShoot ?? 0;
  }

  reset(): void {
    this.accounts.clear();
    this.gclub.clear();
    this.ufa.clear();
    this.calls.clear();
    this.maintain = { GCLUB: false, UFA: false };
    this.maintainUntil = {};
    this.nextAccid = FIRST_ACCID;
  }
}
