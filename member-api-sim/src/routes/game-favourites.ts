import type { GameFavouritesReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { memberKey } from '../state/game-prefs';
import { Fields } from '../wire/fields';
import { requireMember } from './auth';

/**
 * `gameFavourites` {token} (beyond the operator's published calls; plain member access token, HTTP 401 when bad) →
 * `{status: true, favourites: [{brand, id}]}`, the member's favourite games in the order they were added; `brand` is
 * the brand's storageKey (a list's `tag`), `id` the game's id.
 */
export const gameFavouritesHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const { member } = requireMember(sim, new Fields(body).plain('token'));
    const reply: GameFavouritesReply = { status: true, favourites: sim.gamePrefs.favourites(memberKey(member.prefix, member.cid)) };
    return api(reply);
  };
