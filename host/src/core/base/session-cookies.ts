import type { LoginBy } from '@member/shared-core';
import { SESSION_COOKIE_PREFIXES } from '@member/shared-core/drawing';
import { DAY, deleteCookie, readCookie, writeCookie } from '../lib/cookies';
import { reportError } from '../lib/error-report';

/** Cookie names and lifetimes, in one place. */
export const SESSION_COOKIE_DAYS = 30;
export const AFFILIATE_COOKIE_SECONDS = 60 * 60;
export const AFFILIATE_KEYS = ['agent', 'platform', 'channel', 'register'] as const;
export type AffiliateKey = (typeof AFFILIATE_KEYS)[number];
/**
 * An affiliate value as it is kept and passed on to registration: 1 to 64 ASCII letters, digits, `_`, `-` or `.`
 * (an agent's or campaign's code). Anything else (markup, spaces, line breaks, other scripts) is dropped, with a report,
 * so the operator's back office never meets it.
 */
export const AFFILIATE_VALUE = /^[A-Za-z0-9_.-]{1,64}$/;

// The names a server reads too, to draw a member's frame for a visit with a stored session (shared-core's drawing.ts).
export const tokenCookie = (prefix: string) => `${SESSION_COOKIE_PREFIXES[0]}${prefix}`;
export const loginTypeCookie = (prefix: string) => `${SESSION_COOKIE_PREFIXES[1]}${prefix}`;
export const memberCookie = (prefix: string) => `member-${prefix}`;
export const affiliateCookie = (prefix: string, key: AffiliateKey) => `${prefix}-${key}`;
export const LINE_STATE_COOKIE = 'line-state';
/** Whether the LINE round trip in flight is a login or a connect from the account page. */
export const LINE_INTENT_COOKIE = 'line-intent';

export function readToken(prefix: string): string | null {
  return readCookie(tokenCookie(prefix));
}

export function readLoginType(prefix: string): LoginBy | null {
  const value = readCookie(loginTypeCookie(prefix));
  return value === 'phone' || value === 'line' ? value : null;
}

/** Marks the session as being checked when cookies say there is one (before any guard decides). */
export function hasStoredSession(prefix: string): boolean {
  return readToken(prefix) !== null && readLoginType(prefix) !== null;
}

export function writeSessionCookies(prefix: string, token: string, loginBy: LoginBy): void {
  const maxAgeSeconds = SESSION_COOKIE_DAYS * DAY;
  writeCookie(tokenCookie(prefix), token, { maxAgeSeconds });
  writeCookie(loginTypeCookie(prefix), loginBy, { maxAgeSeconds });
  writeCookie(memberCookie(prefix), prefix, { maxAgeSeconds });
}

export function replaceToken(prefix: string, token: string): void {
  writeCookie(tokenCookie(prefix), token, { maxAgeSeconds: SESSION_COOKIE_DAYS * DAY });
}

export function clearToken(prefix: string): void {
  deleteCookie(tokenCookie(prefix));
}

/**
 * Affiliate values from the entry URL, kept one hour for registration: those of AFFILIATE_VALUE's form. The others are
 * dropped and reported by name (never their content, which is the sender's). Returns the keys dropped.
 */
export function captureAffiliate(prefix: string, search: string): AffiliateKey[] {
  const params = new URLSearchParams(search);
  const dropped: AffiliateKey[] = [];
  for (const key of AFFILIATE_KEYS) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    if (AFFILIATE_VALUE.test(value)) writeCookie(affiliateCookie(prefix, key), value, { maxAgeSeconds: AFFILIATE_COOKIE_SECONDS });
    else dropped.push(key);
  }
  if (dropped.length > 0) {
    reportError(
      'affiliate-dropped',
      `the address's ${dropped.join(', ')} ${dropped.length === 1 ? 'was' : 'were'} dropped: not 1 to 64 letters, digits, _, - or .`,
    );
  }
  return dropped;
}

/** The affiliate values kept for this brand; one not of AFFILIATE_VALUE's form (written by an earlier version) reads as none. */
export function readAffiliate(prefix: string): Record<AffiliateKey, string> {
  return Object.fromEntries(
    AFFILIATE_KEYS.map((key) => {
      const value = readCookie(affiliateCookie(prefix, key)) ?? '';
      return [key, AFFILIATE_VALUE.test(value) ? value : ''];
    }),
  ) as Record<AffiliateKey, string>;
}

export function rememberLineState(state: string, intent: 'login' | 'connect'): void {
  // Ten minutes is ample for a LINE round trip; the state is single use either way.
  writeCookie(LINE_STATE_COOKIE, state, { maxAgeSeconds: 600 });
  writeCookie(LINE_INTENT_COOKIE, intent, { maxAgeSeconds: 600 });
}

/** Reads and forgets the kept state: a state is good for one callback only. */
export function takeLineState(): { state: string | null; intent: 'login' | 'connect' } {
  const state = readCookie(LINE_STATE_COOKIE);
  const intent = readCookie(LINE_INTENT_COOKIE) === 'connect' ? 'connect' : 'login';
  deleteCookie(LINE_STATE_COOKIE);
  deleteCookie(LINE_INTENT_COOKIE);
  return { state, intent };
}
