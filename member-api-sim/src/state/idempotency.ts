/**
 * Idempotency keys of the money calls (`Idempotency-Key` header), per member, kept 24 hours.
 *
 * A key is claimed by the first request that brings it. While that request is being processed (until its reply has
 * gone out, or its connection closed) the key is in flight; a request with the same key then gets `in_flight`. Once
 * the first request has its result, a request with the same key and the same body gets that result again, and one
 * with another body gets `mismatch`. A request that ends without a result (the handler failed) frees the key.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Printable ASCII without spaces at either end, 1 to 255 characters. */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

export const isValidIdempotencyKey = (key: string) => KEY_PATTERN.test(key);

/** What a request's result looks like to the store: the HTTP status and the (decrypted) reply body. */
export interface StoredResult {
  status: number;
  body: unknown;
}

export interface ClaimedKey {
  kind: 'claimed';
  /** Stores the first request's result; the key stays in flight until `release`. */
  record(result: StoredResult): void;
  /** The first request's reply has gone out (or its connection closed): the key answers with the result from now on. */
  release(): void;
  /** The first request ended without a result: the key is free again. */
  abandon(): void;
}

export type Claim = ClaimedKey | { kind: 'replay'; result: StoredResult } | { kind: 'mismatch' } | { kind: 'in_flight' };

interface KeyRecord {
  fingerprint: string;
  result: StoredResult | null;
  inFlight: boolean;
  expiresAt: number;
}

/** A stable text for a request body: keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class IdempotencyStore {
  private readonly keys = new Map<string, KeyRecord>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
  ) {}

  private purge(): void {
    const now = this.now();
    for (const [id, record] of this.keys) if (!record.inFlight && record.expiresAt <= now) this.keys.delete(id);
  }

  /**
   * `scope` names the member (`{prefix}:{cid}`), `fingerprint` the request (its route and body, without the token).
   * A different body with the same key is a mismatch, whether or not the first is still in flight.
   */
  claim(scope: string, key: string, fingerprint: string): Claim {
    this.purge();
    const id = `${scope}\n${key}`;
    const existing = this.keys.get(id);
    if (existing) {
      if (existing.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (existing.inFlight || existing.result === null) return { kind: 'in_flight' };
      return { kind: 'replay', result: existing.result };
    }
    const record: KeyRecord = { fingerprint, result: null, inFlight: true, expiresAt: this.now() + this.ttlMs };
    this.keys.set(id, record);
    return {
      kind: 'claimed',
      record: (result) => {
        record.result = result;
      },
      release: () => {
        record.inFlight = false;
        if (record.result === null && this.keys.get(id) === record) this.keys.delete(id);
      },
      abandon: () => {
        if (this.keys.get(id) === record) this.keys.delete(id);
      },
    };
  }

  /** Keys kept now (in flight or with a result). */
  get size(): number {
    this.purge();
    return this.keys.size;
  }

  reset(): void {
    this.keys.clear();
  }
}
