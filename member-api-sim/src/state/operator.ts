/**
 * How the simulated operator reports what it did with a withdrawal's Idempotency-Key, and how fast its bank is: the
 * settings `npm run contract` asks a real operator's API about. By default it is a careful operator: the key in every
 * history row, in the pending check and in MemberTrans. A slow bank holds a withdrawal after its key was claimed and
 * before anything is booked, so a request sent again with the key meanwhile is answered 409 `in_flight`.
 */
import type { SimOperatorSettings } from '../control-types';

export const CAREFUL_OPERATOR: SimOperatorSettings = { historyKeys: true, eventKeys: true, pendingKeys: true };

/** The most withdrawals the bank can be told to hold at once. */
export const MAX_BANK_HOLDS = 100;

interface Hold {
  /** Resolves when the bank is done with the withdrawal. */
  done: Promise<void>;
  release: () => void;
}

export class Operator {
  private settings: SimOperatorSettings = { ...CAREFUL_OPERATOR };
  /** How many of the next withdrawals the bank holds, and for how long (null: until released). */
  private holds: Array<{ ms: number | null }> = [];
  private readonly held = new Set<Hold>();

  get current(): SimOperatorSettings {
    return { ...this.settings };
  }

  set(patch: Partial<SimOperatorSettings>): SimOperatorSettings {
    this.settings = { ...this.settings, ...patch };
    return this.current;
  }

  /** The next `times` withdrawals are held at the bank for `ms`, or until released. */
  holdNext(times: number, ms: number | null): void {
    this.holds.push(...Array.from({ length: times }, () => ({ ms })));
  }

  /** Withdrawals the bank still has to hold, and holds now. */
  get holding(): { next: number; now: number } {
    return { next: this.holds.length, now: this.held.size };
  }

  /** For a withdrawal that has claimed its key: resolves when the bank is done with it (at once unless held). */
  bank(): Promise<void> {
    const next = this.holds.shift();
    if (!next) return Promise.resolve();
    let release = () => undefined as void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const hold: Hold = { done, release };
    this.held.add(hold);
    const timer = next.ms === null ? null : setTimeout(release, next.ms);
    timer?.unref();
    return done.finally(() => {
      if (timer) clearTimeout(timer);
      this.held.delete(hold);
    });
  }

  /** Every held withdrawal goes on to be booked (or refused) now; returns how many. */
  releaseAll(): number {
    const count = this.held.size;
    for (const hold of [...this.held]) hold.release();
    return count;
  }

  reset(): void {
    this.settings = { ...CAREFUL_OPERATOR };
    this.holds = [];
    this.releaseAll();
  }
}
