import type { MenuItem, PageKey } from '@member/shared-core';

const MEMBER_MENU: readonly PageKey[] = ['profile', 'slot', 'fish', 'cards', 'deposit', 'withdraw', 'history', 'promotion', 'gameuser', 'info'];

/** The member's menu, in the order the layouts show it. */
export const memberMenu: readonly MenuItem[] = MEMBER_MENU.map((page) => ({ page, path: `/${page}`, label: `page.${page}` }));
