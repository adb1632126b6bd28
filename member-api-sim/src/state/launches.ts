import type { SimLaunchRecord, SimLaunchTicketProblem } from '../control-types';
import { newToken, tokenKey } from './tokens';

/**
 * Game and product launches: the one-time tickets the open calls put in their launch links (instead of any token),
 * what the launch pages received, and the `/__sim/launch-url` override.
 *
 * A ticket is single use and lives TICKET_TTL_MS; it is kept by its SHA-256 only. Presenting it burns it, valid or not.
 */

export const TICKET_TTL_MS = 5 * 60 * 1000;
export const LAUNCHES_KEPT = 200;

export interface TicketGrant {
  kind: 'game' | 'product';
  /** Game: the brand's storageKey and the game id. */
  brand: string | null;
  code: string | null;
  /** Product: its name (`LiveCasino`). */
  product: string | null;
  gameuser: string;
}

interface Ticket extends TicketGrant {
  expiresAt: number;
  used: boolean;
}

/** What a launch page expects the ticket to be for (from its path and query). */
export interface TicketClaim {
  kind: 'game' | 'product';
  brand?: string | null;
  code?: string | null;
  product?: string | null;
}

export type Redeemed = { ok: true; grant: TicketGrant } | { ok: false; problem: SimLaunchTicketProblem };

export class LaunchStore {
  private readonly tickets = new Map<string, Ticket>();
  private readonly records: SimLaunchRecord[] = [];
  private seq = 0;
  private override: string | null = null;

  constructor(private readonly now: () => number) {}

  /** A new single-use ticket for this launch. */
  issue(grant: TicketGrant): string {
    this.purge();
    const ticket = newToken(16);
    this.tickets.set(tokenKey(ticket), { ...grant, expiresAt: this.now() + TICKET_TTL_MS, used: false });
    return ticket;
  }

  /** Checks a presented ticket against what the page expects, and burns it. */
  redeem(ticket: string | null, claim: TicketClaim): Redeemed {
    if (!ticket) return { ok: false, problem: 'missing' };
    const held = this.tickets.get(tokenKey(ticket));
    if (!held) return { ok: false, problem: 'unknown' };
    if (held.used) return { ok: false, problem: 'used' };
    held.used = true;
    if (held.expiresAt <= this.now()) return { ok: false, problem: 'expired' };
    const matches =
      held.kind === claim.kind &&
      (held.kind === 'game' ? held.brand === claim.brand && held.code === claim.code : held.product === claim.product);
    if (!matches) return { ok: false, problem: 'mismatch' };
    const { kind, brand, code, product, gameuser } = held;
    return { ok: true, grant: { kind, brand, code, product, gameuser } };
  }

  /** Forgets tickets that ended more than a TTL ago (a used one is still recognised as used until then). */
  private purge(): void {
    const horizon = this.now() - TICKET_TTL_MS;
    for (const [key, ticket] of this.tickets) if (ticket.expiresAt <= horizon) this.tickets.delete(key);
  }

  record(entry: Omit<SimLaunchRecord, 'seq'>): SimLaunchRecord {
    const record = { seq: ++this.seq, ...entry };
    this.records.push(record);
    if (this.records.length > LAUNCHES_KEPT) this.records.splice(0, this.records.length - LAUNCHES_KEPT);
    return record;
  }

  /** Recorded launches, newest last. */
  list(): SimLaunchRecord[] {
    return this.records.map((record) => ({ ...record, params: { ...record.params } }));
  }

  clearRecords(): void {
    this.records.length = 0;
  }

  /** The next open call answers exactly this urlInfo. */
  setOverride(url: string): void {
    this.override = url;
  }

  get pendingOverride(): string | null {
    return this.override;
  }

  /** Uses up the override, if one is pending. */
  takeOverride(): string | null {
    const url = this.override;
    this.override = null;
    return url;
  }

  reset(): void {
    this.tickets.clear();
    this.records.length = 0;
    this.seq = 0;
    this.override = null;
  }
}
