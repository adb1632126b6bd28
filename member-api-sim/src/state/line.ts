import { randomBytes } from 'node:crypto';
import { newToken, tokenKey } from './tokens';

/** What a one-time code from the LINE authorize page stands for. */
export interface LineGrant {
  lineUserId: string;
  lineName: string;
  /** The site of the state's prefix. */
  prefix: string;
  redirectUri: string;
  expiresAt: number;
}

export const LINE_CODE_TTL_MS = 5 * 60 * 1000;

/** State sent to LINE: `{prefix}.{32 alphanumerics}`. */
const STATE_PATTERN = /^([A-Za-z0-9]{4})\.[A-Za-z0-9]{32}$/;

export function statePrefix(state: string | null | undefined): string | null {
  const match = state ? STATE_PATTERN.exec(state) : null;
  return match ? match[1]! : null;
}

/** A LINE user who has no member yet: a fresh id each time the authorize page is used with "new LINE user". */
export function newLineGuest(): { lineUserId: string; lineName: string } {
  const id = randomBytes(5).toString('hex');
  return { lineUserId: `U-new-${id}`, lineName: `LINE Guest ${id.slice(0, 4).toUpperCase()}` };
}

/** One-time codes handed to the redirect URI after Allow; single use, 5 minutes. */
export class LineCodes {
  private readonly grants = new Map<string, LineGrant>();

  constructor(private readonly now: () => number) {}

  issue(grant: Omit<LineGrant, 'expiresAt'>): string {
    const now = this.now();
    for (const [key, old] of this.grants) if (old.expiresAt <= now) this.grants.delete(key);
    const code = newToken(16);
    this.grants.set(tokenKey(code), { ...grant, expiresAt: now + LINE_CODE_TTL_MS });
    return code;
  }

  /** The grant of a code, removing it: a second use, or a use after 5 minutes, gives null. */
  consume(code: string | null | undefined): LineGrant | null {
    if (!code) return null;
    const key = tokenKey(code);
    const grant = this.grants.get(key);
    if (!grant) return null;
    this.grants.delete(key);
    return grant.expiresAt > this.now() ? grant : null;
  }

  reset(): void {
    this.grants.clear();
  }
}
