import { type GclubOpenReply } from '@member/shared-core';
import { gameMenuEntryByUrl, isGameBrandOpen } from '@member/shared-core/games/menu';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { catalogGame } from '../state/game-catalog';
import { memberKey } from '../state/game-prefs';
import { gameLaunchUrl } from '../views/games';
import { Fields, Problems } from '../wire/fields';
import { UNKNOWN_BRAND } from './gclub-game';
import { launchReply, maintenanceRefusal, openingAccount } from './gclub-open';

export const UNKNOWN_GAME = 'Unknown game';
export const BRAND_NOT_OPEN = 'Games are not available yet';

/**
 * `gclubOpenGame` {token, url, code} (plain; `token` = GCLUB session token, `url` = the brand's menu url,
 * `code` = a game's `id`) → `{status: true, result: {urlInfo}}`, urlInfo =
 * `{SIM_PUBLIC_BASE}/launch/game?brand={storageKey}&code={id}&ticket={one-time ticket}`, and the game becomes the
 * newest recently played game of the member who owns the GCLUB account. No live GCLUB session → 401; missing url or
 * code → 422; maintenance, unknown brand, a brand whose url_token is '-', or a code not in its list → `{status: false,
 * message}`.
 */
export const gclubOpenGameHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const account = openingAccount(sim, body, 'gclubOpenGame');
    const f = new Fields(body);
    const { url, code } = new Problems().done({ url: f.plain('url'), code: f.plain('code') });
    const answer = (reply: GclubOpenReply) => api(reply);

    const refusal = maintenanceRefusal(sim);
    if (refusal) return answer(refusal);
    const entry = gameMenuEntryByUrl(url);
    if (!entry) return answer({ status: false, message: UNKNOWN_BRAND });
    if (!isGameBrandOpen(entry)) return answer({ status: false, message: BRAND_NOT_OPEN });
    const game = catalogGame(entry, code);
    if (!game) return answer({ status: false, message: UNKNOWN_GAME });

    const owner = sim.members.byGameUser(account.gameuser)?.member;
    if (owner) sim.gamePrefs.addRecent(memberKey(owner.prefix, owner.cid), { brand: entry.storageKey, id: game.id }, sim.now());
    const grant = { kind: 'game', brand: entry.storageKey, code: game.id, product: null, gameuser: account.gameuser } as const;
    return answer(launchReply(sim, grant, (ticket) => gameLaunchUrl(sim.urls.base, entry.storageKey, game.id, ticket)));
  };
