import type { Service } from '@member/shared-core';
import { local } from '../../core/lib/safe-storage';

/**
 * The member's last balances, kept on the device per site and member (by the member's id, never a token), so the
 * next visit shows them at once with the time they were true, while the providers are asked again. Removed at logout.
 */
export const KEPT_BALANCES_KEY = 'balances_';

export interface KeptBalance {
  balance: number;
  /** Server time of the reply that gave it (ISO). */
  updatedAt: string;
}

type Kept = { member: number } & Partial<Record<Service, KeptBalance>>;

function read(prefix: string): Kept | null {
  try {
    const value = JSON.parse(local.get(`${KEPT_BALANCES_KEY}${prefix}`) ?? 'null') as Kept | null;
    return value && typeof value === 'object' && typeof value.member === 'number' ? value : null;
  } catch {
    return null;
  }
}

const valid = (kept: KeptBalance | undefined): kept is KeptBalance =>
  !!kept &&
  typeof kept.balance === 'number' &&
  Number.isFinite(kept.balance) &&
  typeof kept.updatedAt === 'string' &&
  !Number.isNaN(Date.parse(kept.updatedAt));

export function keepBalance(prefix: string, member: number, service: Service, kept: KeptBalance): void {
  if (!member) return;
  const previous = read(prefix);
  // Another member's balances on this device are replaced, never mixed.
  const base: Kept = previous && previous.member === member ? previous : { member };
  local.set(`${KEPT_BALANCES_KEY}${prefix}`, JSON.stringify({ ...base, [service]: kept }));
}

/** This member's kept balances by provider; none for another member. */
export function keptBalances(prefix: string, member: number): Partial<Record<Service, KeptBalance>> {
  const kept = read(prefix);
  if (!member || !kept || kept.member !== member) return {};
  const out: Partial<Record<Service, KeptBalance>> = {};
  for (const service of ['GCLUB', 'UFA'] as const) if (valid(kept[service])) out[service] = kept[service];
  return out;
}
