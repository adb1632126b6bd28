import { atom } from 'jotai';

/** When the app first mounted: the realtime listener's 3 s count from there, wherever its code loads later. */
const mountedAtBase = atom<number | null>(null);

export const appMountedAtAtom = atom((get) => get(mountedAtBase));

/** The first mount counts; a later one (the shell again after a failed boot) changes nothing. */
export const markAppMountedAtom = atom(null, (get, set, now: number = Date.now()) => {
  if (get(mountedAtBase) === null) set(mountedAtBase, now);
});
