import type { SimAuthRequestCount, SimAuthRequests } from '../control-types';

/**
 * The broadcasting-auth requests since the reset, per member: a client that keeps asking (a reconnect loop) shows up
 * here as a growing count. Nothing else is kept (no socket ids, no tokens).
 */
export class AuthRequestLog {
  private readonly byMember = new Map<string, SimAuthRequestCount>();
  private unauthorized = 0;
  private total = 0;

  /** Counts a request whose token named no member. */
  countUnauthorized(): void {
    this.total += 1;
    this.unauthorized += 1;
  }

  /** Counts a member's request for `channel`, granted or forbidden. */
  count(prefix: string, cid: number, channel: string, granted: boolean): void {
    this.total += 1;
    const id = `${prefix}:${cid}`;
    const entry = this.byMember.get(id) ?? { prefix, cid, granted: 0, forbidden: 0, channels: [] };
    if (granted) entry.granted += 1;
    else entry.forbidden += 1;
    if (channel !== '' && !entry.channels.includes(channel)) entry.channels.push(channel);
    this.byMember.set(id, entry);
  }

  list(): SimAuthRequests {
    return {
      total: this.total,
      unauthorized: this.unauthorized,
      members: [...this.byMember.values()].map((entry) => ({ ...entry, channels: [...entry.channels] })),
    };
  }

  reset(): void {
    this.byMember.clear();
    this.unauthorized = 0;
    this.total = 0;
  }
}
