import type { UfaGame, UfaGameKey, UfaGamesMap } from '@member/shared-core';
import type { PublicUrls } from './member';

/** The UFA products , with the title and window size UFA hands out for each. */
export const UFA_GAMES: Readonly<Record<UfaGameKey, Omit<UfaGame, 'url'>>> = {
  lottery: { title: 'Lottery', w: 1200, h: 800 },
  casino: { title: 'Casino', w: 1280, h: 800 },
  games: { title: 'Games', w: 1280, h: 800 },
  gamecock: { title: 'Gamecock', w: 1024, h: 768 },
  muaystep: { title: 'Muay Step', w: 1024, h: 768 },
  esport: { title: 'E-Sport', w: 1280, h: 800 },
  card: { title: 'Card', w: 1280, h: 800 },
  fish: { title: 'Fish', w: 1280, h: 720 },
  slot: { title: 'Slot', w: 1280, h: 720 },
  itpslot: { title: 'ITP Slot', w: 1280, h: 720 },
};

export const UFA_GAME_KEYS = Object.keys(UFA_GAMES) as UfaGameKey[];

export const isUfaGameKey = (key: string | undefined): key is UfaGameKey => key !== undefined && Object.hasOwn(UFA_GAMES, key);

/** The games map of a UFA session: each url is the simulator's launch page for that product and account. */
export function ufaGamesMap(urls: PublicUrls, accid: string): UfaGamesMap {
  const entries = UFA_GAME_KEYS.map((key) => [key, { url: urls.ufaLaunch(key, accid), ...UFA_GAMES[key] }] as const);
  return Object.fromEntries(entries) as UfaGamesMap;
}
