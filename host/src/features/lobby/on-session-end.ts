import type { SessionEnd } from '../../core/base/session-end';
import { local } from '../../core/lib/safe-storage';
import { lobbyClearedAtom } from './state';
import { KEPT_LIST_TAGS_KEY, KEPT_LISTS_KEY } from './kept-lists';

/** The lobby's answer to the end of a session: favourites, recent games and the countdown go, and so do the lists stored for the member's next visit. */
export function lobbyOnSessionEnd({ set, prefix }: SessionEnd): void {
  set(lobbyClearedAtom);
  for (const key of [KEPT_LISTS_KEY, KEPT_LIST_TAGS_KEY]) local.remove(`${key}${prefix}`);
}
