import { atom } from 'jotai';
import { checkSafeUrl } from '@member/shared-core/helpers/safe-url';
import { runtimeConfigAtom } from '../../core/base/boot-state';
import { markAwayForGameAtom } from '../accounts/state';

const isMobile = () => window.matchMedia('(max-width: 767px), (pointer: coarse)').matches;

/**
 * Opens a launch link only through the safe-URL guard: a new window on desktop, the same tab on phones and
 * wherever the browser blocks the pop-up. Returns false when the link is refused.
 */
export const openExternalAtom = atom(null, (get, set, raw: unknown): boolean => {
  const checked = checkSafeUrl(raw, get(runtimeConfigAtom)?.allowedOrigins ?? []);
  if (!checked.ok) {
    console.warn(`[launch] refused a link (${checked.reason})`);
    return false;
  }
  set(markAwayForGameAtom);
  if (!isMobile()) {
    // Without "noopener" in the features the browser says whether it opened the window (with it, the answer is
    // always null); the game's window is then cut from this one at once, before the game's page loads.
    const opened = window.open(checked.url, '_blank');
    if (opened) {
      opened.opener = null;
      return true;
    }
  }
  window.location.assign(checked.url);
  return true;
});
