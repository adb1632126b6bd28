import type { MenuItem, PageKey } from '@member/shared-core';
import { PAGE_MIDDLEWARE, redirectFor, type GuardState } from '../app/guards';

const MEMBER_MENU: readonly PageKey[] = ['profile', 'slot', 'fish', 'cards', 'deposit', 'withdraw', 'history', 'promotion', 'gameuser', 'info'];

/** The member's menu, in the order the layouts show it. */
export const memberMenu: readonly MenuItem[] = MEMBER_MENU.map((page) => ({ page, path: `/${page}`, label: `page.${page}` }));

/**
 * The entries this visitor can open: a page whose guards would send them elsewhere is left out, so a guest (or a LINE
 * member still registering) on /register is not offered links that would throw them out of the registration.
 */
export function menuFor(state: GuardState): readonly MenuItem[] {
  const open = memberMenu.filter((item) => PAGE_MIDDLEWARE[item.page].every((middleware) => redirectFor(middleware, state) === null));
  return open.length === memberMenu.length ? memberMenu : open;
}
