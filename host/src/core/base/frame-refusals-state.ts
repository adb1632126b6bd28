import { atom } from 'jotai';

/** Origins whose pages this page may not frame, as the browser reported them. */
const refusedOriginsBaseAtom = atom<ReadonlySet<string>>(new Set<string>());

export const refusedFrameOriginsAtom = atom((get) => get(refusedOriginsBaseAtom));

/** Notes one refused origin; the same origin again changes nothing. */
export const noteFrameRefusedAtom = atom(null, (get, set, origin: string) => {
  const current = get(refusedOriginsBaseAtom);
  if (current.has(origin)) return;
  set(refusedOriginsBaseAtom, new Set([...current, origin]));
});
