import type { GameCategory } from '@member/shared-core';

/** The lobbies: each shows one brand's game list, which needs no session to ask for. */
export const LOBBY_PAGES = ['slot', 'fish', 'cards'] as const satisfies readonly GameCategory[];

export const isLobbyPage = (page: string | undefined): page is (typeof LOBBY_PAGES)[number] =>
  (LOBBY_PAGES as readonly (string | undefined)[]).includes(page);

/** The local-storage key of the member's chosen brand in a lobby (read by the inline start too). */
export const brandStorageKey = (category: GameCategory) => `gclub-brand-${category}`;
