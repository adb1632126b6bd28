import type { PageKey } from '@member/shared-core';
import { OutlineIcon, type IconProps } from './icons';

/** Outline icons (24 × 24, drawn in currentColor) so every theme can colour them from its tokens. */
const PAGE_ICON_PATHS: Record<PageKey, string> = {
  login: 'M14 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3',
  logout: 'M10 21H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
  register: 'M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8ZM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6',
  profile: 'M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8ZM4 21a8 8 0 0 1 16 0',
  info: 'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2ZM8 9a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM5 16.5c.6-1.4 1.7-2.2 3-2.2s2.4.8 3 2.2M14 10h5M14 14h4',
  deposit: 'M12 3v9M8 8l4 4 4-4M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4',
  withdraw: 'M12 13V4M8 8l4-4 4 4M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4',
  history: 'M3 12a9 9 0 1 0 2.6-6.4M3 4v5h5M12 7v5l3 2',
  promotion:
    'M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1ZM3 7h18v4H3ZM12 7v14M12 7C10.5 4 7 3.5 7 5.8 7 7 9.5 7 12 7Zm0 0c1.5-3 5-3.5 5-1.2C17 7 14.5 7 12 7Z',
  gameuser:
    'M7 8h10a5 5 0 0 1 4.6 7l-.6 1.4a2.4 2.4 0 0 1-4 .5L15 15H9l-2 1.9a2.4 2.4 0 0 1-4-.5L2.4 15A5 5 0 0 1 7 8ZM8 10.5v3M6.5 12h3M15.5 11h.01M17.5 13h.01',
  slot: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2ZM8 8h8l-5 9',
  fish: 'M2 12c3-5 9-6.5 14-3l4-3v12l-4-3c-5 3.5-11 2-14-3ZM7 11.5h.01',
  cards:
    'M9 3h9a2 2 0 0 1 2 2v12M5 6h9a1.5 1.5 0 0 1 1.5 1.5v12A1.5 1.5 0 0 1 14 21H5a1.5 1.5 0 0 1-1.5-1.5v-12A1.5 1.5 0 0 1 5 6ZM9.5 11c-1.4-1.4-3.3.2-2 1.8l2 2 2-2c1.3-1.6-.6-3.2-2-1.8Z',
};

export function PageIcon({ page, size = 24, className }: IconProps & { page: PageKey }) {
  return <OutlineIcon d={PAGE_ICON_PATHS[page]} size={size} strokeWidth="1.8" className={className} />;
}
