import type { GameFavouritesReply, GameRecentReply } from '../../types/api';
import { aNonEmptyString, aTime, arrayOf, objectOf, optional, statusReply } from '../validate';
import { message, type ReplySchema } from './parts';

const gameRef = objectOf({ brand: aNonEmptyString, id: aNonEmptyString });

/** gameFavourites and gameFavouriteSet. */
export const gameFavouritesReplySchema: ReplySchema<GameFavouritesReply> = statusReply({ favourites: optional(arrayOf(gameRef)), message }, {});
export const gameRecentReplySchema: ReplySchema<GameRecentReply> = statusReply(
  { recent: optional(arrayOf(objectOf({ brand: aNonEmptyString, id: aNonEmptyString, at: aTime }))), message },
  {},
);
