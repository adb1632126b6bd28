import { atom } from 'jotai';

/**
 * Whether the member's live events reach this tab.
 * - `connecting`: not yet, or a short reconnect is under way (nothing to tell the member yet);
 * - `live`: the socket is up and the member channel is subscribed;
 * - `off`: the server refused us, the channel was refused, or we have been cut off too long; a retry is scheduled.
 * Other features read it to decide whether to lean on their own polling (a pending withdrawal's 4 s check does anyway).
 */
export type LiveUpdates = 'connecting' | 'live' | 'off';

/** What the member is told: nothing, that live updates are off, or that the browser is offline. */
export type LiveUpdatesNotice = 'off' | 'offline' | null;

const liveUpdatesBase = atom<LiveUpdates>('connecting');
const offlineBase = atom(false);

export const liveUpdatesAtom = atom((get) => get(liveUpdatesBase));
export const setLiveUpdatesAtom = atom(null, (_get, set, value: LiveUpdates) => set(liveUpdatesBase, value));

/** The browser says it has no network (`navigator.onLine` false). */
export const isOfflineAtom = atom((get) => get(offlineBase));
export const setOfflineAtom = atom(null, (_get, set, offline: boolean) => set(offlineBase, offline));

/** Offline says more than "live updates are off", so it wins. */
export const liveUpdatesNoticeAtom = atom<LiveUpdatesNotice>((get) =>
  get(offlineBase) ? 'offline' : get(liveUpdatesBase) === 'off' ? 'off' : null,
);
