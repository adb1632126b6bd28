import type { LoginBy, SessionEndReason } from '@member/shared-core';
import { newToken, tokenKey } from './tokens';

/**
 * `member`: a logged-in member. `registration`: a LINE user without a member yet, allowed only to register
 * (the `access_token` of a `lineProfile` reply with `accounts: false`).
 */
export type SessionScope = 'member' | 'registration';

export interface Session {
  /** Every token of one login shares a chain; logout ends the chain. */
  chain: number;
  prefix: string;
  scope: SessionScope;
  loginBy: LoginBy;
  /** The member (scope `member`). */
  cid: number | null;
  /** The LINE user (scope `registration`). */
  lineUserId: string | null;
  lineName: string | null;
  issuedAt: number;
  expiresAt: number;
  /** Set when the token was rotated: it stays valid until then, so an in-flight request of another tab still works. */
  graceUntil: number | null;
  revoked: boolean;
  /** Why it was revoked, when it was not the member's own logout: the club ended it, or a login elsewhere did. */
  revokedFor: Exclude<SessionEndReason, 'expired'> | null;
}

/** How many ended tokens' reasons are remembered after their sessions are dropped (oldest forgotten first). */
export const ENDED_REASONS_KEPT = 10_000;

export interface SessionOptions {
  now: () => number;
  /** Every Nth getProfile/verify call rotates the token; 0 never. */
  rotateEvery: number;
  graceMs?: number;
  memberTtlMs?: number;
  registrationTtlMs?: number;
}

export const ROTATION_GRACE_MS = 30_000;
export const MEMBER_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const REGISTRATION_TOKEN_TTL_MS = 60 * 60 * 1000;

export type SessionView = Pick<Session, 'prefix' | 'scope' | 'loginBy' | 'cid' | 'chain'> & { state: 'active' | 'grace' };

export class SessionStore {
  private readonly byKey = new Map<string, Session>();
  /** Why each dropped token's session ended, when it ended without its own logout. */
  private readonly ended = new Map<string, SessionEndReason>();
  private readonly rotateNext = new Set<string>();
  private calls = 0;
  private chains = 0;
  private readonly graceMs: number;
  private readonly memberTtlMs: number;
  private readonly registrationTtlMs: number;

  constructor(private readonly options: SessionOptions) {
    this.graceMs = options.graceMs ?? ROTATION_GRACE_MS;
    this.memberTtlMs = options.memberTtlMs ?? MEMBER_TOKEN_TTL_MS;
    this.registrationTtlMs = options.registrationTtlMs ?? REGISTRATION_TOKEN_TTL_MS;
  }

  private live(session: Session): boolean {
    const now = this.options.now();
    return !session.revoked && now < session.expiresAt && (session.graceUntil === null || now < session.graceUntil);
  }

  private purge(): void {
    for (const [key, session] of this.byKey) {
      if (this.live(session)) continue;
      const reason = this.reasonOf(session);
      if (reason) this.ended.set(key, reason);
      this.byKey.delete(key);
    }
    for (const key of this.ended.keys()) {
      if (this.ended.size <= ENDED_REASONS_KEPT) break;
      this.ended.delete(key);
    }
  }

  /** Why a session that is no longer live ended, when it was not the member's own logout. */
  private reasonOf(session: Session): SessionEndReason | null {
    if (session.revoked) return session.revokedFor;
    return this.options.now() >= session.expiresAt || session.graceUntil !== null ? 'expired' : null;
  }

  /**
   * Why a token no longer works, as verify and getProfile tell it: `elsewhere`, `expired` or `revoked`; null for a live
   * token, a token its member logged out, or one never issued.
   */
  endReason(token: string | undefined): SessionEndReason | null {
    if (!token) return null;
    const key = tokenKey(token);
    const session = this.byKey.get(key);
    if (session) return this.live(session) ? null : this.reasonOf(session);
    return this.ended.get(key) ?? null;
  }

  issueMember(prefix: string, cid: number, loginBy: LoginBy): { token: string; session: Session } {
    return this.issue({ prefix, cid, loginBy, scope: 'member', lineUserId: null, lineName: null }, ++this.chains);
  }

  issueRegistration(prefix: string, lineUserId: string, lineName: string): { token: string; session: Session } {
    return this.issue({ prefix, cid: null, loginBy: 'line', scope: 'registration', lineUserId, lineName }, ++this.chains);
  }

  private issue(fields: Pick<Session, 'prefix' | 'cid' | 'loginBy' | 'scope' | 'lineUserId' | 'lineName'>, chain: number) {
    this.purge();
    const now = this.options.now();
    const ttl = fields.scope === 'member' ? this.memberTtlMs : this.registrationTtlMs;
    const session: Session = { ...fields, chain, issuedAt: now, expiresAt: now + ttl, graceUntil: null, revoked: false, revokedFor: null };
    const token = newToken();
    this.byKey.set(tokenKey(token), session);
    return { token, session };
  }

  /** The live session of a token, or null when it is unknown, revoked, expired or past its grace. */
  resolve(token: string | undefined): Session | null {
    if (!token) return null;
    const session = this.byKey.get(tokenKey(token));
    return session && this.live(session) ? session : null;
  }

  /**
   * Counts a getProfile/verify call and rotates the token when one is due (every Nth call, or after a
   * `/__sim/sessions/rotate` for this member). Only a member's current token rotates; a token already in its grace
   * period is answered as it is.
   */
  touch(session: Session): { rotated: false } | { rotated: true; token: string } {
    this.calls += 1;
    const memberKey = session.cid !== null ? `${session.prefix}:${session.cid}` : null;
    const dueByCount = this.options.rotateEvery > 0 && this.calls % this.options.rotateEvery === 0;
    const dueByRequest = memberKey !== null && this.rotateNext.has(memberKey);
    if (session.scope !== 'member' || session.graceUntil !== null || !(dueByCount || dueByRequest)) return { rotated: false };
    if (memberKey) this.rotateNext.delete(memberKey);
    session.graceUntil = this.options.now() + this.graceMs;
    const { token } = this.issue(
      { prefix: session.prefix, cid: session.cid, loginBy: session.loginBy, scope: 'member', lineUserId: null, lineName: null },
      session.chain,
    );
    return { rotated: true, token };
  }

  /** The next getProfile or verify of this member rotates its token. */
  requestRotation(prefix: string, cid: number): void {
    this.rotateNext.add(`${prefix}:${cid}`);
  }

  /**
   * Revokes every token of a member, server-side: the club ends the sessions (`revoked`), or a login on another device
   * does (`elsewhere`). Returns how many live tokens died.
   */
  revokeMember(prefix: string, cid: number, reason: Exclude<SessionEndReason, 'expired'> = 'revoked'): number {
    let count = 0;
    for (const session of this.byKey.values()) {
      if (session.prefix === prefix && session.cid === cid && this.live(session)) {
        session.revoked = true;
        session.revokedFor = reason;
        count += 1;
      }
    }
    this.rotateNext.delete(`${prefix}:${cid}`);
    return count;
  }

  /** Ends the registration-scoped sessions of a LINE user who has just become a member. */
  revokeLineGuest(prefix: string, lineUserId: string): void {
    for (const session of this.byKey.values()) {
      if (session.scope === 'registration' && session.prefix === prefix && session.lineUserId === lineUserId) session.revoked = true;
    }
  }

  /** Ends one login: the token and every token rotated from or into it. */
  revokeChain(session: Session): void {
    for (const other of this.byKey.values()) if (other.chain === session.chain) other.revoked = true;
  }

  /** Every live token of a member runs out now, as if its 30 days were over. Returns how many. */
  expireMember(prefix: string, cid: number): number {
    let count = 0;
    const now = this.options.now();
    for (const session of this.byKey.values()) {
      if (session.prefix === prefix && session.cid === cid && this.live(session)) {
        session.expiresAt = now;
        count += 1;
      }
    }
    return count;
  }

  /** Live sessions, without tokens. */
  list(): SessionView[] {
    return [...this.byKey.values()]
      .filter((session) => this.live(session))
      .map((s) => ({
        chain: s.chain,
        prefix: s.prefix,
        scope: s.scope,
        loginBy: s.loginBy,
        cid: s.cid,
        state: s.graceUntil === null ? 'active' : 'grace',
      }));
  }

  reset(): void {
    this.byKey.clear();
    this.ended.clear();
    this.rotateNext.clear();
    this.calls = 0;
  }
}
