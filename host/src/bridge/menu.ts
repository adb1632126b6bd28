import { MENU_PAGES, type MenuItem } from '@member/shared-core';

/** The member's menu, in the order the layouts show it (the pages registry's). */
export const memberMenu: readonly MenuItem[] = MENU_PAGES.map((page) => ({ page, path: `/${page}`, label: `page.${page}` }));
