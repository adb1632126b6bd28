import { atom } from 'jotai';
import { updateOffer } from './update-rule';

/**
 * The update offer's state: whether a new worker waits, whether a withdrawal holds it back, and how to apply it. Set by
 * register-worker.ts (loaded once the first page is idle); read by the offer (update-offer.tsx).
 */
const waitingBase = atom(false);
const heldBase = atom(false);
const applyBase = atom<{ apply: () => void } | null>(null);
const applyingBase = atom(false);

export const updateOfferAtom = atom((get) => updateOffer({ waiting: get(waitingBase), withdrawalUnresolved: get(heldBase) }));

export const setUpdateWaitingAtom = atom(null, (_get, set, waiting: boolean) => set(waitingBase, waiting));
export const setUpdateHeldAtom = atom(null, (_get, set, held: boolean) => set(heldBase, held));
export const setUpdateApplyAtom = atom(null, (_get, set, apply: () => void) => set(applyBase, { apply }));
export const setUpdateApplyingAtom = atom(null, (_get, set, applying: boolean) => set(applyingBase, applying));

/** The member pressed reload and the new version is on its way: the page reloads once it has taken over. */
export const updateApplyingAtom = atom((get) => get(applyingBase));

/** The member pressed reload on the offer. */
export const applyUpdateAtom = atom(null, (get) => get(applyBase)?.apply());
