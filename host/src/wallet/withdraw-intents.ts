import { local } from '../lib/safe-storage';
import { announceIntentsChanged, INTENTS_CHANGED_EVENT, WITHDRAW_INTENTS_KEY } from './state';
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
    announceIntentsChanged();
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

/** The part of Storage the scan reads, so a test can hand in its own. */
export type StorageReader = Pick<Storage, 'length' | 'key' | 'getItem'>;

/**
 * Whether any brand's stored withdrawal is still unresolved on this device (every `withdrawIntents_{prefix}` key): the
 * update offer waits while one is (worker/update-rule.ts). Unreadable storage holds nothing back.
 */
export function anyUnresolvedIntent(storage: StorageReader | null): boolean {
  if (!storage) return false;
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const name = storage.key(i);
      if (!name?.startsWith(WITHDRAW_INTENTS_KEY)) continue;
      if (Object.values(parse(storage.getItem(name))).some((intent) => isUnresolved(intent))) return true;
    }
  } catch {
    return false;
  }
  return false;
}

/** Calls back when any tab changes any brand's intents (this tab's own writes included). */
export function watchAllIntents(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(WITHDRAW_INTENTS_KEY)) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(INTENTS_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(INTENTS_CHANGED_EVENT, onChange);
  };
}
