/**
 * The balance of every game account, in one place. Amounts are decimal baht at the edges (1520.5) and whole satang
 * inside, so sums never pick up floating-point dust. Money moves only through the ledger (`state/ledger.ts`, the one
 * caller of `apply`); `open` and `set` place an opening balance (seed, `/__sim/balance`) and are not money movements.
 */

export const MAX_BALANCE = 1_000_000_000;

/** Whole satang of a baht amount, or null when it is negative, too large or has more than two decimals. */
export function toSatang(baht: unknown): number | null {
  if (typeof baht !== 'number' || !Number.isFinite(baht) || baht < 0 || baht > MAX_BALANCE) return null;
  const satang = Math.round(baht * 100);
  return Math.abs(satang - baht * 100) < 1e-6 ? satang : null;
}

export const toBaht = (satang: number) => satang / 100;

export class WalletBook {
  private readonly satang = new Map<string, number>();

  /** Opens (or reopens) the wallet of a game user with a balance in baht. */
  open(gameuser: string, baht: number): void {
    const amount = toSatang(baht);
    if (amount === null) throw new Error(`invalid opening balance ${baht} for ${gameuser}`);
    this.satang.set(gameuser, amount);
  }

  has(gameuser: string): boolean {
    return this.satang.has(gameuser);
  }

  /** The balance in baht; 0 for a game user without a wallet. */
  balanceOf(gameuser: string): number {
    return toBaht(this.satang.get(gameuser) ?? 0);
  }

  /** Sets a balance in baht; false when the amount is not a valid balance or the game user has no wallet. */
  set(gameuser: string, baht: unknown): boolean {
    const amount = toSatang(baht);
    if (amount === null || !this.satang.has(gameuser)) return false;
    this.satang.set(gameuser, amount);
    return true;
  }

  /**
   * Moves money: adds `deltaSatang` (negative to debit). Only the ledger calls this, after checking the amount; a
   * game user without a wallet, or a debit below zero, is a bug in the caller.
   */
  apply(gameuser: string, deltaSatang: number): void {
    const current = this.satang.get(gameuser);
    if (current === undefined) throw new Error(`no wallet for ${gameuser}`);
    const next = current + deltaSatang;
    if (!Number.isInteger(deltaSatang) || next < 0) throw new Error(`invalid balance change of ${deltaSatang} satang for ${gameuser}`);
    this.satang.set(gameuser, next);
  }

  /** The balance in whole satang; 0 for a game user without a wallet. */
  satangOf(gameuser: string): number {
    return this.satang.get(gameuser) ?? 0;
  }

  reset(): void {
    this.satang.clear();
  }
}
