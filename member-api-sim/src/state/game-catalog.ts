import { createHash } from 'node:crypto';
import type { GameCategory, GameMenuEntry } from '@member/shared-core';

/**
 * The games of every brand of GAME_MENU, as the operator's catalogue would list them. Deterministic: the same brand
 * gives the same games (ids, names, order) on every run, so tests and screenshots can name them. Not part of the
 * state `/__sim/reset` restores; nothing changes it.
 *
 * - Sizes: GAME_LIST_SIZES, from a few games up to 500 for RSG slot; one fish brand (EMPTY_BRAND) has none.
 * - `id` = `{code}-{S|F|C}{0001…}` (`RSG-S0001`), the code gclubOpenGame takes; the tile image file is its lower case.
 * - About one game in twenty has no image (every 20th from the 8th): alternately an empty `imageName` and none at all.
 */

/** Games per brand (by storageKey). A brand missing here (a menu entry added later) gets 10 to 59 from its key's hash. */
export const GAME_LIST_SIZES: Readonly<Record<string, number>> = {
  slot_GOLD: 24,
  slot_TP: 60,
  slot_GR: 48,
  slot_AMEBA: 90,
  slot_NEXTSPIN: 36,
  slot_MG: 180,
  slot_JOKER: 120,
  slot_FC: 40,
  slot_JILI: 150,
  slot_PP: 240,
  slot_DS: 30,
  slot_JDB: 110,
  slot_RSG: 500,
  slot_GEMINI: 18,
  slot_RG: 12,
  slot_EG: 3,
  fish_JILI: 16,
  fish_FC: 8,
  fish_JDB: 10,
  fish_JOKER: 6,
  fish_CQ9: 12,
  fish_KA: 0,
  fish_YL: 4,
  fish_TP: 5,
  fish_RSG: 14,
  fish_GR: 7,
  cards_RTG: 9,
  cards_MT: 40,
};

/** The brand with an empty list (for the host's empty-state screen). */
export const EMPTY_BRAND = 'fish_KA';

export type ImageMode = 'file' | 'empty' | 'missing';

export interface CatalogGame {
  /** The game code (`RSG-S0001`). */
  id: string;
  /** Display name, English or Thai. */
  name: string;
  /** The brand's storageKey (the list's `tag`). */
  brand: string;
  /** File name of the tile image without `.svg` (`rsg-s0001`). */
  imageFile: string;
  /** `file`: imageName is the image's URL; `empty`: imageName is ''; `missing`: no imageName. */
  image: ImageMode;
}

const WORDS: Record<GameCategory, { first: readonly string[]; second: readonly string[]; thai: readonly string[] }> = {
  slot: {
    first: [
      'Golden',
      'Lucky',
      'Mighty',
      'Wild',
      'Fortune',
      'Royal',
      'Mystic',
      'Crazy',
      'Super',
      'Sweet',
      'Jungle',
      'Ocean',
      'Neon',
      'Diamond',
      'Treasure',
      'Magic',
      'Thunder',
      'Jade',
      'Ruby',
      'Silver',
      'Sacred',
      'Happy',
      'Fire',
      'Moon',
      'Sunny',
    ],
    second: [
      'Dragon',
      'Tiger',
      'Phoenix',
      'Koi',
      'Panda',
      'Gems',
      'Fruits',
      'Temple',
      'Elephant',
      'Buffalo',
      'Mahjong',
      'Pharaoh',
      'Ninja',
      'Empire',
      'Riches',
      'Bonanza',
      'Festival',
      'Naga',
      'Songkran',
      'Muay Thai',
      'Tuk Tuk',
      'Siam Queen',
      'Garuda',
      'Lotus',
    ],
    thai: [
      'มังกรทอง',
      'เสือนำโชค',
      'ช้างมหาเฮง',
      'นาคาศักดิ์สิทธิ์',
      'ปลาคาร์ปทอง',
      'สมบัติเงินล้าน',
      'ผลไม้หรรษา',
      'วัดทองคำ',
      'ราชินีสยาม',
      'ครุฑมหาเฮง',
      'มวยไทยเงินล้าน',
      'สงกรานต์นำโชค',
      'ตุ๊กตุ๊กซิ่ง',
      'บัวทอง',
      'ไพลินนำโชค',
      'หยกมังกร',
    ],
  },
  fish: {
    first: ['Golden', 'Lucky', 'Mega', 'Royal', 'Dragon', 'Thunder', 'Jackpot', 'Crazy', 'Happy', 'Bomb', 'All-Star', 'Fantasy'],
    second: ['Fishing', 'Ocean King', 'Shark Hunter', 'Mermaid', 'Reef', 'Deep Sea', 'Lobster Catch', 'Octopus', 'Whale Hunt', 'Koi Catch'],
    thai: ['ยิงปลาทอง', 'ยิงปลามหาสมุทร', 'ยิงปลานำโชค', 'ราชาแห่งท้องทะเล'],
  },
  cards: {
    first: ['', 'Speed', 'VIP', 'Classic', 'Mini', 'Royal'],
    second: [
      'Baccarat',
      'Pok Deng',
      'Blackjack',
      'Dragon Tiger',
      'Hi-Lo',
      'Fan Tan',
      'Sic Bo',
      'Three Cards',
      "Texas Hold'em",
      'Dummy',
      'Kaeng',
      'Roulette',
    ],
    thai: ['ป๊อกเด้ง', 'ไพ่แคง', 'ดัมมี่', 'ไฮโลไทย', 'เก้าเก'],
  },
};

const CATEGORY_LETTER: Record<GameCategory, string> = { slot: 'S', fish: 'F', cards: 'C' };

/** A small deterministic generator (mulberry32) seeded from the brand's key. */
function randomFor(key: string): () => number {
  let state = createHash('sha256').update(key).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every name a category can give, in an order shuffled per brand. */
function namesFor(entry: GameMenuEntry): string[] {
  const words = WORDS[entry.category];
  const names = [...words.thai];
  for (const first of words.first) for (const second of words.second) names.push(first === '' ? second : `${first} ${second}`);
  const random = randomFor(entry.storageKey);
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  return names;
}

export function listSizeOf(entry: GameMenuEntry): number {
  return GAME_LIST_SIZES[entry.storageKey] ?? 10 + Math.floor(randomFor(`${entry.storageKey}#size`)() * 50);
}

/** Every 20th game from the 8th has no image: alternately an empty imageName and none. */
export function imageModeOf(index: number): ImageMode {
  if (index % 20 !== 7) return 'file';
  return Math.floor(index / 20) % 2 === 0 ? 'empty' : 'missing';
}

function buildGames(entry: GameMenuEntry): CatalogGame[] {
  const size = listSizeOf(entry);
  const names = namesFor(entry);
  return Array.from({ length: size }, (_, i) => {
    const base = names[i % names.length]!;
    const round = Math.floor(i / names.length);
    const id = `${entry.code}-${CATEGORY_LETTER[entry.category]}${String(i + 1).padStart(4, '0')}`;
    return {
      id,
      name: round === 0 ? base : `${base} ${round + 1}`,
      brand: entry.storageKey,
      imageFile: id.toLowerCase(),
      image: imageModeOf(i),
    };
  });
}

const catalogue = new Map<string, readonly CatalogGame[]>();

/** The games of a brand, in list order (built once). */
export function gamesOf(entry: GameMenuEntry): readonly CatalogGame[] {
  let games = catalogue.get(entry.storageKey);
  if (!games) {
    games = Object.freeze(buildGames(entry));
    catalogue.set(entry.storageKey, games);
  }
  return games;
}

/** A game of the brand by its id (the `code` of gclubOpenGame). */
export const catalogGame = (entry: GameMenuEntry, id: string | undefined): CatalogGame | undefined =>
  id === undefined ? undefined : gamesOf(entry).find((game) => game.id === id);

/** A game of the brand by its image file name, when the game has an image. */
export const catalogGameByImage = (entry: GameMenuEntry, imageFile: string | undefined): CatalogGame | undefined =>
  imageFile === undefined ? undefined : gamesOf(entry).find((game) => game.imageFile === imageFile && game.image === 'file');
