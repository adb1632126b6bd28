import type { GameRecentReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { memberKey } from '../state/game-prefs';
import { Fields } from '../wire/fields';
import { requireMember } from './auth';

/**
 * `POST /api/gameRecent` {token} (beyond the operator's published calls; plain member access token, 401 when bad) →
 * `{status: true, recent: [{brand, id, at}]}`: the games gclubOpenGame opened for the member's GCLUB account, newest
 * first, one entry per game, at most 20; `at` is an ISO time.
 */
export const gameRecentRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/api/gameRecent',
  name: '/api/gameRecent',
  kind: 'api',
  handler: ({ body }) => {
    const { member } = requireMember(sim, new Fields(body, sim.cipher).plain('token'));
    const reply: GameRecentReply = { status: true, recent: sim.gamePrefs.recent(memberKey(member.prefix, member.cid)) };
    return api(reply);
  },
});
