import { atom } from 'jotai';
import { serverClock } from './server-clock';

const offsetBase = atom(serverClock.offset());
// While anything reads the offset, it follows the clock the API client feeds. Replies that came in before the first
// reader mounted (the module loads with a page's chunk, after boot's calls) count too: take the offset as it is now.
offsetBase.onMount = (setOffset) => {
  setOffset(serverClock.offset());
  return serverClock.subscribe(() => setOffset(serverClock.offset()));
};

/** Server time minus device time, in ms: a dependency for anything computed from `serverNow()`. */
export const serverClockOffsetAtom = atom((get) => get(offsetBase));
