import { local } from '../lib/safe-storage';
import { WITHDRAW_INTENTS_KEY } from './state';
import { isUnresolved, type WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';

/**
 * Withdrawal intents in local storage, one per game user, shared by every tab of the site and kept across reloads
 * until their outcome is known. A submit claims its game user under a Web Lock, so two tabs pressing at once cannot
 * both start a withdrawal: the second finds the first's intent and shows it instead.
 */
export interface IntentStore {
  read(): Record<string, WithdrawIntent>;
  write(intent: WithdrawIntent): void;
  /**
   * Runs `decide` on the stored intents while no other tab can claim; what it returns (if anything) is stored.
   * Resolves with the intent stored, or with the unresolved one that was already there.
   */
  claim(gameuser: string, make: (previous: WithdrawIntent | null) => WithdrawIntent): Promise<{ claimed: boolean; intent: WithdrawIntent }>;
  /** Calls back when another tab changes the intents. */
  subscribe(onChange: () => void): () => void;
}

export const intentsKey = (prefix: string) => `${WITHDRAW_INTENTS_KEY}${prefix}`;

function isIntent(value: unknown): value is WithdrawIntent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    typeof v.gameuser === 'string' &&
    (v.service === 'GCLUB' || v.service === 'UFA') &&
    typeof v.amount === 'number' &&
    typeof v.createdAt === 'number' &&
    typeof v.state === 'string' &&
    ['sending', 'pending', 'checking', 'unbooked', 'completed', 'rejected'].includes(v.state)
  );
}

function parse(text: string | null): Record<string, WithdrawIntent> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, WithdrawIntent] => isIntent(entry[1])));
  } catch {
    return {};
  }
}

export function createIntentStore(prefix: string, locks: LockManager | undefined = globalThis.navigator?.locks): IntentStore {
  const key = intentsKey(prefix);
  const read = () => parse(local.get(key));
  const write = (intent: WithdrawIntent) => {
    local.set(key, JSON.stringify({ ...read(), [intent.gameuser]: intent }));
  };
  const claimNow = (gameuser: string, make: (previous: WithdrawIntent | null) => WithdrawIntent) => {
    const previous = read()[gameuser] ?? null;
    if (isUnresolved(previous)) return { claimed: false, intent: previous };
    const intent = make(previous);
    write(intent);
    return { claimed: true, intent };
  };
  return {
    read,
    write,
    claim(gameuser, make) {
      if (!locks) return Promise.resolve(claimNow(gameuser, make));
      return locks.request(`member-withdraw-claim-${prefix}`, () => claimNow(gameuser, make));
    },
    subscribe(onChange) {
      const handler = (event: StorageEvent) => {
        if (event.key === key || event.key === null) onChange();
      };
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
    },
  };
}
