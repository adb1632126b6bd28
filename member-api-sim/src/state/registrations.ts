import type { SimRegistrationRecord } from '../control-types';
import type { BankDetails } from './members';
import { newToken, tokenKey } from './tokens';

export const REGISTRATION_TTL_MS = 30 * 60 * 1000;

export interface Registration {
  id: number;
  time: string;
  prefix: string;
  phone: string;
  passwordHash: string | null;
  lineUserId: string | null;
  lineName: string | null;
  affiliate: SimRegistrationRecord['affiliate'];
  bank: BankDetails | null;
  step: 1 | 2 | 3;
  completed: boolean;
  cid: number | null;
  expiresAt: number;
}

/** Registrations in progress and done, keyed by the hash of their register_token. */
export class RegistrationStore {
  private readonly byKey = new Map<string, Registration>();
  private seq = 0;

  constructor(private readonly now: () => number) {}

  start(fields: Pick<Registration, 'prefix' | 'phone' | 'passwordHash' | 'lineUserId' | 'lineName' | 'affiliate'>): string {
    const token = newToken();
    const registration: Registration = {
      ...fields,
      id: ++this.seq,
      time: new Date(this.now()).toISOString(),
      bank: null,
      step: 1,
      completed: false,
      cid: null,
      expiresAt: this.now() + REGISTRATION_TTL_MS,
    };
    this.byKey.set(tokenKey(token), registration);
    return token;
  }

  /** An open registration (not completed, not expired) for this token. */
  open(token: string | undefined): Registration | null {
    if (!token) return null;
    const registration = this.byKey.get(tokenKey(token));
    if (!registration || registration.completed || registration.expiresAt <= this.now()) return null;
    return registration;
  }

  /** Every registration since the last reset, without tokens or passwords. */
  list(): SimRegistrationRecord[] {
    return [...this.byKey.values()]
      .sort((a, b) => a.id - b.id)
      .map((r) => ({
        id: r.id,
        time: r.time,
        prefix: r.prefix,
        phone: r.phone,
        step: r.step,
        completed: r.completed,
        cid: r.cid,
        viaLine: r.lineUserId !== null,
        affiliate: { ...r.affiliate },
      }));
  }

  reset(): void {
    this.byKey.clear();
    this.seq = 0;
  }
}
