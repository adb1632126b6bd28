import { atom } from 'jotai';
import { serverClock } from '../lib/server-clock';

const offsetBase = atom(serverClock.offset());
// While anything reads the offset, it follows the clock the API client feeds.
offsetBase.onMount = (setOffset) => serverClock.subscribe(() => setOffset(serverClock.offset()));

/** Server time minus device time, in ms: a dependency for anything computed from `serverNow()`. */
export const serverClockOffsetAtom = atom((get) => get(offsetBase));
