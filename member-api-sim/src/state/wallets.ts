/**
 * The balance of every game account, in one place (the money ledger will own it). Amounts are decimal baht at the
 * edges (1520.5) and whole satang inside, so sums never pick up floating-point dust.
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

  reset(): void {
    this.satang.clear();
  }
}
