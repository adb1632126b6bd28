import type { GameFavouritesReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { memberKey } from '../state/game-prefs';
import { Fields } from '../wire/fields';
import { requireMember } from './auth';

/**
 * `POST /api/gameFavourites` {token} (beyond the operator's published calls; plain member access token, HTTP 401 when bad) →
 * `{status: true, favourites: [{brand, id}]}`, the member's favourite games in the order they were added; `brand` is
 * the brand's storageKey (a list's `tag`), `id` the game's id.
 */
export const gameFavouritesRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/api/gameFavourites',
  name: '/api/gameFavourites',
  kind: 'api',
  handler: ({ body }) => {
    const { member } = requireMember(sim, new Fields(body, sim.cipher).plain('token'));
    const reply: GameFavouritesReply = { status: true, favourites: sim.gamePrefs.favourites(memberKey(member.prefix, member.cid)) };
    return api(reply);
  },
});
