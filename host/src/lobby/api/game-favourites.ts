import type { GameFavouriteSetRequest, GameFavouritesReply, GameMemberRequest, GameRecentReply } from '@member/shared-core';
import { gameFavouritesReplySchema, gameRecentReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const favouritesEndpoint = defineEndpoint<GameMemberRequest, GameFavouritesReply>({
  name: 'gameFavourites',
  method: 'post',
  path: '/api/gameFavourites',
  idempotent: true,
  reply: gameFavouritesReplySchema,
});
const setEndpoint = defineEndpoint<GameFavouriteSetRequest, GameFavouritesReply>({
  name: 'gameFavouriteSet',
  method: 'post',
  path: '/api/gameFavouriteSet',
  reply: gameFavouritesReplySchema,
});
const recentEndpoint = defineEndpoint<GameMemberRequest, GameRecentReply>({
  name: 'gameRecent',
  method: 'post',
  path: '/api/gameRecent',
  idempotent: true,
  reply: gameRecentReplySchema,
});

/** Favourites and recently played, kept per member by the operator (beyond the operator's published calls). */
export const gameFavourites = (request: GameMemberRequest) => callApi(favouritesEndpoint, request);
export const gameFavouriteSet = (request: GameFavouriteSetRequest) => callApi(setEndpoint, request);
export const gameRecent = (request: GameMemberRequest) => callApi(recentEndpoint, request);
