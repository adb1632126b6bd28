import { local } from '../../core/lib/safe-storage';
import { announceIntentsChanged, INTENTS_CHANGED_EVENT, WITHDRAW_INTENTS_KEY } from './state';
import { CHECKING_REASONS, isUnresolved, mergeIntent, type WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';

/**
 * Withdrawal intents in local storage, one per game user, shared by every tab of the site and kept across reloads
 * until their outcome is known. A submit claims its game user under a Web Lock, so two tabs pressing at once cannot
 * both start a withdrawal: the second finds the first's intent and shows it instead.
 */
export interface IntentStore {
  read(): Record<string, WithdrawIntent>;
  /**
   * Stores what became of an intent already stored (the same key), and returns what is stored now: `intent`; the
   * stored one when it already says more (a slower tab's late answer, shared-core's mergeIntent); or null when the
   * account holds no intent of that key any more (the member started another, or the session ended), and nothing is
   * written.
   */
  update(intent: WithdrawIntent): WithdrawIntent | null;
  /**
   * Runs `make` on the stored intents while no other tab can claim; what it returns is stored (null: nothing, as the
   * session it was asked in has ended meanwhile). Resolves with the intent stored, or with the unresolved one that
   * was already there.
   */
  claim(gameuser: string, make: (previous: WithdrawIntent | null) => WithdrawIntent | null): Promise<Claim>;
  /** Calls back when another tab changes the intents. */
  subscribe(onChange: () => void): () => void;
}

/** What a claim found: the account's new intent, the unresolved one it already had, or nothing made. */
export type Claim = { claimed: true; intent: WithdrawIntent } | { claimed: false; intent: WithdrawIntent | null };

/** Where the intents are kept: the browser's local storage and its `storage` event, or a test's stand-in for a device. */
export interface IntentStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  /** Calls back with the key another tab changed (null: all of them). */
  subscribe(onChange: (key: string | null) => void): () => void;
}

const browserStorage: IntentStorage = {
  get: (key) => local.get(key),
  set: (key, value) => {
    local.set(key, value);
    announceIntentsChanged();
  },
  subscribe(onChange) {
    const handler = (event: StorageEvent) => onChange(event.key);
    window.addEventListener('storage', handler);
    return () => window.removeEventListener('storage', handler);
  },
};

export const intentsKey = (prefix: string) => `${WITHDRAW_INTENTS_KEY}${prefix}`;

const isCount = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));

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
    ['sending', 'pending', 'checking', 'unbooked', 'completed', 'rejected'].includes(v.state) &&
    isCount(v.sends) &&
    isCount(v.sentAt) &&
    isCount(v.inFlightAt) &&
    isCount(v.nextSendAt) &&
    (v.sendOut === undefined || typeof v.sendOut === 'boolean') &&
    (v.reason === undefined || (CHECKING_REASONS as readonly unknown[]).includes(v.reason)) &&
    (v.refusal === undefined || typeof v.refusal === 'string')
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

export function createIntentStore(
  prefix: string,
  locks: LockManager | undefined = globalThis.navigator?.locks,
  storage: IntentStorage = browserStorage,
): IntentStore {
  const key = intentsKey(prefix);
  const read = () => parse(storage.get(key));
  const store = (intent: WithdrawIntent) => storage.set(key, JSON.stringify({ ...read(), [intent.gameuser]: intent }));
  const claimNow = (gameuser: string, make: (previous: WithdrawIntent | null) => WithdrawIntent | null): Claim => {
    const previous = read()[gameuser] ?? null;
    if (isUnresolved(previous)) return { claimed: false, intent: previous };
    const intent = make(previous);
    if (!intent) return { claimed: false, intent: null };
    store(intent);
    return { claimed: true, intent };
  };
  return {
    read,
    update(intent) {
      const stored = read()[intent.gameuser];
      const kept = mergeIntent(stored, intent);
      if (kept === intent) store(intent);
      return kept;
    },
    claim(gameuser, make) {
      if (!locks) return Promise.resolve(claimNow(gameuser, make));
      return locks.request(`member-withdraw-claim-${prefix}`, () => claimNow(gameuser, make));
    },
    subscribe(onChange) {
      return storage.subscribe((changed) => {
        if (changed === key || changed === null) onChange();
      });
    },
  };
}

/** The part of Storage the scan reads, so a test can hand in its own. */
export type StorageReader = Pick<Storage, 'length' | 'key' | 'getItem'>;

/**
 * Whether any brand's stored withdrawal is still unresolved on this device (every `withdrawIntents_{prefix}` key): the
 * update offer waits while one is (features/worker/update-rule.ts). Unreadable storage holds nothing back.
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
