import { MENU_PAGES, PAGES, type MenuItem } from '@member/shared-core';
import { redirectFor, type GuardState } from '../../core/base/guard-rules';

/** The member's menu, in the order the layouts show it (the pages registry's). */
export const memberMenu: readonly MenuItem[] = MENU_PAGES.map((page) => ({ page, path: `/${page}`, label: `page.${page}` }));

/**
 * The entries this visitor can open: a page whose guards would send them elsewhere is left out, so a guest (or a LINE
 * member still registering) on /register is not offered links that would throw them out of the registration.
 */
export function menuFor(state: GuardState): readonly MenuItem[] {
  const open = memberMenu.filter((item) => PAGES[item.page].middleware.every((middleware) => redirectFor(middleware, state) === null));
  return open.length === memberMenu.length ? memberMenu : open;
}
