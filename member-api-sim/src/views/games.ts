import type { GameListItem, GameMenuEntry } from '@member/shared-core';
import { gamesOf, type CatalogGame } from '../state/game-catalog';

/** `{base}/game-images/{storageKey}/{imageFile}.svg`: a game's tile image. */
export const gameImageUrl = (base: string, brand: string, imageFile: string) =>
  `${base}/game-images/${encodeURIComponent(brand)}/${encodeURIComponent(imageFile)}.svg`;

/** `{base}/launch/game?brand&code&ticket`: where gclubOpenGame sends the player. Never a token in it, only the ticket. */
export const gameLaunchUrl = (base: string, brand: string, code: string, ticket: string) =>
  `${base}/launch/game?${new URLSearchParams({ brand, code, ticket }).toString()}`;

/** `{base}/launch/product/{name}?ticket`: where a product open call sends the player. */
export const productLaunchUrl = (base: string, product: string, ticket: string) =>
  `${base}/launch/product/${encodeURIComponent(product)}?${new URLSearchParams({ ticket }).toString()}`;

/** One list item of gclubGame: imageName is the image's absolute URL, '' or absent for a game without one. */
export function gameListItem(base: string, game: CatalogGame): GameListItem {
  const item: GameListItem = { id: game.id, tag: game.brand, name: game.name };
  if (game.image === 'file') return { imageName: gameImageUrl(base, game.brand, game.imageFile), ...item };
  if (game.image === 'empty') return { imageName: '', ...item };
  return item;
}

/** The gclubGame list of a brand. */
export const gameList = (base: string, entry: GameMenuEntry): GameListItem[] => gamesOf(entry).map((game) => gameListItem(base, game));
