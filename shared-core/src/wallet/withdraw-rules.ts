import type { AccWebWithdrawLimit } from '../types/api';
import type { AccWeb, Service } from '../types/entities';
import { amountOf, validateAmount, type AmountError } from '../helpers/amount';

/** The minimum withdrawal, in baht, of a site whose acc_web announces none. */
export const DEFAULT_MIN_WITHDRAW = 100;

/** The site's minimum withdrawal: what its acc_web announces (`minWithdraw`), else the default. */
export function withdrawMinimum(accWeb: (AccWeb & Partial<AccWebWithdrawLimit>) | null | undefined): number {
  return accWeb?.minWithdraw ?? DEFAULT_MIN_WITHDRAW;
}

/** The account the withdraw form is about: the one the member picked, else the selected one, else the first. */
export function withdrawAccount<A extends { service: Service; selected: boolean }>(
  accounts: readonly A[],
  picked: Service | null,
): A | null {
  const service = picked ?? accounts.find((a) => a.selected)?.service;
  return accounts.find((a) => a.service === service) ?? accounts[0] ?? null;
}

export interface WithdrawOrder {
  gameuser: string;
  service: Service;
  /** Baht. */
  amount: number;
}

/**
 * The withdrawal the form's text asks for from this account, or why it may not be sent: the amount is read as the
 * member typed it (thousands commas too), so what is checked is what is sent.
 */
export function withdrawRequestOf(
  raw: string,
  account: { gameuser: string; service: Service; balance: number | null },
  minimum: number,
): { error: AmountError; request: null } | { error: null; request: WithdrawOrder } {
  const error = validateAmount(raw, { minimum, balance: account.balance });
  if (error) return { error, request: null };
  return { error: null, request: { gameuser: account.gameuser, service: account.service, amount: amountOf(raw)! } };
}
