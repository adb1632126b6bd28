import { atom } from 'jotai';
import type { DepositModel } from '@member/shared-core';

/** Local-storage key of the member's withdrawal intents, followed by the prefix. */
export const WITHDRAW_INTENTS_KEY = 'withdrawIntents_';

/**
 * Told on `window` whenever this tab changes the stored intents (other tabs hear of it through the `storage` event):
 * what waits for withdrawals to resolve (the update offer) reads them again.
 */
export const INTENTS_CHANGED_EVENT = 'member:withdraw-intents';

export function announceIntentsChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(INTENTS_CHANGED_EVENT));
}

/** The last deposit the private channel announced (the deposit page confirms it live). */
/** A deposit the private channel announced: its game user and time, with its amount and provider where the event carried them. */
export type AnnouncedDeposit = NonNullable<DepositModel['lastDeposit']>;

const lastDepositBase = atom<AnnouncedDeposit | null>(null);
export const lastDepositAtom = atom((get) => get(lastDepositBase));
export const setLastDepositAtom = atom(null, (_get, set, value: AnnouncedDeposit | null) => set(lastDepositBase, value));

/**
 * The last withdrawal the private channel announced as completed, with its Idempotency-Key where the event carried one.
 * The withdrawal flow (loaded with the money pages) listens to it, so the realtime code does not carry the flow along.
 */
const withdrawSettledBase = atom<{ gameuser: string; key?: string; seq: number } | null>(null);
export const withdrawSettledSignalAtom = atom((get) => get(withdrawSettledBase));
export const signalWithdrawSettledAtom = atom(null, (get, set, { gameuser, key }: { gameuser: string; key?: string }) => {
  set(withdrawSettledBase, { gameuser, ...(key !== undefined ? { key } : {}), seq: (get(withdrawSettledBase)?.seq ?? 0) + 1 });
});

/** Logout: no announcement of the last member is left for the next. */
export const walletClearedAtom = atom(null, (_get, set) => {
  set(lastDepositBase, null);
  set(withdrawSettledBase, null);
});
