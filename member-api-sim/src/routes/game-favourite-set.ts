import { type GameFavouritesReply } from '@member/shared-core';
import { gameMenuEntryByKey } from '@member/shared-core/games/menu';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { catalogGame } from '../state/game-catalog';
import { MAX_FAVOURITES, memberKey } from '../state/game-prefs';
import { Fields, Problems } from '../wire/fields';
import { requireMember } from './auth';
import { UNKNOWN_BRAND } from './gclub-game';
import { UNKNOWN_GAME } from './gclub-open-game';

export const TOO_MANY_FAVOURITES = `At most ${MAX_FAVOURITES} favourite games`;

/**
 * `gameFavouriteSet` {token, brand, id, on} (beyond the operator's published calls; plain; `token` = member access token, 401 when
 * bad; `brand` = storageKey; `on` a boolean) adds (`on: true`, idempotent) or removes a favourite →
 * `{status: true, favourites}` (as gameFavourites). Missing brand or id, or `on` not a boolean → 422; an unknown brand
 * or a game not in its list → `{status: false, message}` (removing works for any pair); more than 100 → the same.
 */
export const gameFavouriteSetHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const { member } = requireMember(sim, f.plain('token'));
    const problems = new Problems();
    if (typeof body.on !== 'boolean') problems.add('on', 'Must be true or false');
    const { brand, id } = problems.done({ brand: f.plain('brand'), id: f.plain('id') });
    const on = body.on === true;
    const key = memberKey(member.prefix, member.cid);
    const answer = (reply: GameFavouritesReply) => api(reply);

    if (on) {
      const entry = gameMenuEntryByKey(brand);
      if (!entry) return answer({ status: false, message: UNKNOWN_BRAND });
      if (!catalogGame(entry, id)) return answer({ status: false, message: UNKNOWN_GAME });
    }
    if (!sim.gamePrefs.setFavourite(key, { brand, id }, on)) return answer({ status: false, message: TOO_MANY_FAVOURITES });
    return answer({ status: true, favourites: sim.gamePrefs.favourites(key) });
  };
