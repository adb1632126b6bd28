import { atom } from 'jotai';
import { checkSafeUrl } from '@member/shared-core/helpers/safe-url';
import { runtimeConfigAtom } from '../app/boot-state';
import { awayForGameBase } from './state';

/** True once after the member comes back from a game opened here (the balance refresh hook reads it). */
export const takeReturnFromGameAtom = atom(null, (get, set): boolean => {
  const was = get(awayForGameBase);
  set(awayForGameBase, false);
  return was;
});

const isMobile = () => window.matchMedia('(max-width: 767px), (pointer: coarse)').matches;

/**
 * Opens a launch link only through the safe-URL guard: a new window without opener or referrer on
 * desktop, the same tab on phones (and wherever pop-ups are blocked). Returns false when refused.
 */
export const openExternalAtom = atom(null, (get, set, raw: unknown): boolean => {
  const checked = checkSafeUrl(raw, get(runtimeConfigAtom)?.allowedOrigins ?? []);
  if (!checked.ok) {
    console.warn(`[launch] refused a link (${checked.reason})`);
    return false;
  }
  set(awayForGameBase, true);
  if (!isMobile()) {
    const opened = window.open(checked.url, '_blank', 'noopener,noreferrer');
    // With noopener the call returns null even when it worked, so only a thrown block counts as failure.
    void opened;
    return true;
  }
  window.location.assign(checked.url);
  return true;
});
