import type { MoneyStatus, MoneyType, ServerGameUser } from '@member/shared-core';
import type { SimLedgerEntry } from '../control-types';
import { MAX_BALANCE, toBaht, type WalletBook } from './wallets';

/**
 * The money ledger: every deposit and withdrawal of every game account, in the order they happened. Entries are never
 * removed or reordered; a pending entry moves once, to `completed` or `rejected`. It is the only thing that moves money
 * in the WalletBook: a deposit credits when it completes (at once for `/__sim/deposit`), a withdrawal debits once when
 * it is accepted and refunds if it is rejected. Amounts are whole satang inside, baht in the views.
 *
 * A withdrawal stays pending for `pendingMs` (SIM_WITHDRAW_PENDING_MS), then settles: completed, or rejected while
 * `/__sim/withdraw/reject` has rejections armed (the next `times` withdrawals to settle); one made while
 * `/__sim/withdraw/keep-pending` is armed stays pending until settled by hand. `onSettled` hears every completion and
 * rejection (the simulator emits MemberTrans from it).
 */

/** The site minimum of a withdrawal in baht (acc_web.minWithdraw). */
export const MIN_WITHDRAW_BAHT = 100;
export const MIN_WITHDRAW_SATANG = MIN_WITHDRAW_BAHT * 100;
export const DEFAULT_WITHDRAW_PENDING_MS = 1500;
const MAX_REJECTIONS = 1000;

type Service = ServerGameUser['service'];

/** Whole satang of a positive amount of baht with at most two decimals (a number, or a string like "500.25"), else null. */
export function parseAmount(value: unknown): number | null {
  let baht: number;
  if (typeof value === 'number') baht = value;
  else if (typeof value === 'string' && /^\d{1,10}(\.\d{1,2})?$/.test(value.trim())) baht = Number(value.trim());
  else return null;
  if (!Number.isFinite(baht) || baht <= 0 || baht > MAX_BALANCE) return null;
  const satang = Math.round(baht * 100);
  return Math.abs(satang - baht * 100) < 1e-6 ? satang : null;
}

export interface LedgerAccount {
  prefix: string;
  cid: number;
  gameuser: string;
  service: Service;
}

interface Entry extends LedgerAccount {
  seq: number;
  time: number;
  type: MoneyType;
  satang: number;
  status: MoneyStatus;
  idempotencyKey: string | null;
  ref: string;
  settledAt: number | null;
}

export interface LedgerOptions {
  now: () => number;
  wallets: WalletBook;
  pendingMs: number;
  onSettled: (entry: SimLedgerEntry) => void;
}

export interface LedgerFilter {
  prefix?: string;
  cid?: number;
  gameuser?: string;
}

export class Ledger {
  private entries: Entry[] = [];
  private seq = 0;
  private rejections = 0;
  /** How many of the next withdrawals stay pending until settled by hand (settleNow). */
  private kept = 0;
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(private readonly options: LedgerOptions) {}

  get pendingMs(): number {
    return this.options.pendingMs;
  }

  private view(entry: Entry): SimLedgerEntry {
    return {
      seq: entry.seq,
      time: new Date(entry.time).toISOString(),
      prefix: entry.prefix,
      cid: entry.cid,
      gameuser: entry.gameuser,
      service: entry.service,
      type: entry.type,
      amount: toBaht(entry.satang),
      status: entry.status,
      ...(entry.idempotencyKey !== null ? { idempotencyKey: entry.idempotencyKey } : {}),
      ref: entry.ref,
      settledAt: entry.settledAt === null ? null : new Date(entry.settledAt).toISOString(),
    };
  }

  private append(
    account: LedgerAccount,
    type: MoneyType,
    satang: number,
    status: MoneyStatus,
    idempotencyKey: string | null,
    time = this.options.now(),
  ): Entry {
    const seq = ++this.seq;
    const entry: Entry = {
      prefix: account.prefix,
      cid: account.cid,
      gameuser: account.gameuser,
      service: account.service,
      seq,
      time,
      type,
      satang,
      status,
      idempotencyKey,
      ref: `${type === 'deposit' ? 'DP' : 'WD'}${String(seq).padStart(6, '0')}`,
      settledAt: null,
    };
    this.entries.push(entry);
    return entry;
  }

  /** A deposit that completes at once: credits the game account. `time` dates it (now by default). */
  deposit(account: LedgerAccount, satang: number, time = this.options.now()): SimLedgerEntry {
    if (!Number.isInteger(satang) || satang <= 0) throw new Error(`invalid deposit of ${satang} satang`);
    const entry = this.append(account, 'deposit', satang, 'completed', null, time);
    this.options.wallets.apply(account.gameuser, satang);
    entry.settledAt = entry.time;
    return this.view(entry);
  }

  /** The pending withdrawal of a game user, if any. */
  pendingWithdrawal(gameuser: string): SimLedgerEntry | undefined {
    const entry = this.entries.find((e) => e.gameuser === gameuser && e.type === 'withdraw' && e.status === 'pending');
    return entry ? this.view(entry) : undefined;
  }

  /**
   * Accepts a withdrawal the caller has validated (amount within the balance, none pending): debits it now, and
   * settles it after `pendingMs`.
   */
  withdraw(account: LedgerAccount, satang: number, idempotencyKey: string | null): SimLedgerEntry {
    if (!Number.isInteger(satang) || satang <= 0) throw new Error(`invalid withdrawal of ${satang} satang`);
    if (this.pendingWithdrawal(account.gameuser)) throw new Error(`${account.gameuser} already has a pending withdrawal`);
    const entry = this.append(account, 'withdraw', satang, 'pending', idempotencyKey);
    this.options.wallets.apply(account.gameuser, -satang);
    if (this.kept > 0) {
      this.kept -= 1;
      return this.view(entry);
    }
    const timer = setTimeout(() => this.settle(entry), this.options.pendingMs);
    timer.unref();
    this.timers.set(entry.seq, timer);
    return this.view(entry);
  }

  /** Settles the game user's pending withdrawal now rather than when its `pendingMs` run out. */
  settleNow(gameuser: string): SimLedgerEntry | undefined {
    const entry = this.entries.find((e) => e.gameuser === gameuser && e.type === 'withdraw' && e.status === 'pending');
    if (!entry) return undefined;
    clearTimeout(this.timers.get(entry.seq));
    this.settle(entry);
    return this.view(entry);
  }

  private settle(entry: Entry): void {
    this.timers.delete(entry.seq);
    if (entry.status !== 'pending') return;
    const reject = this.rejections > 0;
    if (reject) {
      this.rejections -= 1;
      entry.status = 'rejected';
      this.options.wallets.apply(entry.gameuser, entry.satang);
    } else {
      entry.status = 'completed';
    }
    entry.settledAt = this.options.now();
    this.options.onSettled(this.view(entry));
  }

  /** The next `times` withdrawals to settle (one pending now included) end rejected and refunded. 0 cancels. */
  rejectNext(times: number): void {
    if (!Number.isInteger(times) || times < 0 || times > MAX_REJECTIONS)
      throw new Error(`times must be an integer from 0 to ${MAX_REJECTIONS}`);
    this.rejections = times;
  }

  get pendingRejections(): number {
    return this.rejections;
  }

  /** The next `times` withdrawals stay pending until `settleNow` (0 cancels). */
  keepPendingNext(times: number): void {
    if (!Number.isInteger(times) || times < 0 || times > MAX_REJECTIONS)
      throw new Error(`times must be an integer from 0 to ${MAX_REJECTIONS}`);
    this.kept = times;
  }

  get keptPending(): number {
    return this.kept;
  }

  /** Entries in the order they were made, optionally of one site, member or game user. */
  list(filter: LedgerFilter = {}): SimLedgerEntry[] {
    return this.entries
      .filter(
        (e) =>
          (filter.prefix === undefined || e.prefix === filter.prefix) &&
          (filter.cid === undefined || e.cid === filter.cid) &&
          (filter.gameuser === undefined || e.gameuser === filter.gameuser),
      )
      .map((e) => this.view(e));
  }

  /** Stops the settlement timers (the simulator is closing, or resetting). */
  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Forgets every entry and armed rejection; balances are restored by reopening the wallets from the seed. */
  reset(): void {
    this.stop();
    this.entries = [];
    this.seq = 0;
    this.rejections = 0;
    this.kept = 0;
  }
}
