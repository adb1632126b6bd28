import { type GclubGameReply } from '@member/shared-core';
import { gameMenuEntryByUrl } from '@member/shared-core/games/menu';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { gameList } from '../views/games';
import { Fields, Problems } from '../wire/fields';

export const UNKNOWN_BRAND = 'Unknown game brand';

/**
 * `gclubGame` {url} (plain): the game list of the brand whose GAME_MENU `url` this is →
 * `{status: true, games: [{imageName, id, tag, name}]}`. `tag` is the brand's storageKey, `imageName` the tile image's
 * absolute URL ('' or absent for about one game in twenty), `name` beyond the operator's published calls. Sizes: GAME_LIST_SIZES (one fish brand
 * has none). A brand not open yet (url_token '-') still has its list; no session is needed, and maintenance does not
 * hide the lists. Unknown url → `{status: false, message}`; missing url → 422.
 */
export const gclubGameHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const { url } = new Problems().done({ url: new Fields(body).plain('url') });
    const entry = gameMenuEntryByUrl(url);
    const reply: GclubGameReply = entry
      ? { status: true, games: gameList(sim.urls.base, entry) }
      : { status: false, message: UNKNOWN_BRAND };
    return api(reply);
  };
