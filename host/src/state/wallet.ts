import { atom } from 'jotai';

/** SPEC §3 Global settings' withdraw-button flag: locked from the first click until MemberTrans or a definite failure. */
const withdrawLockedBase = atom(false);

export const withdrawLockedAtom = atom((get) => get(withdrawLockedBase));
export const setWithdrawLockedAtom = atom(null, (_get, set, locked: boolean) => set(withdrawLockedBase, locked));

/** The last deposit the private channel announced (the deposit page confirms it live). */
const lastDepositBase = atom<{ gameuser: string; at: string } | null>(null);
export const lastDepositAtom = atom((get) => get(lastDepositBase));
export const setLastDepositAtom = atom(null, (_get, set, value: { gameuser: string; at: string } | null) => set(lastDepositBase, value));
