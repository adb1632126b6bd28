import type { GameRecentReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { memberKey } from '../state/game-prefs';
import { Fields } from '../wire/fields';
import { requireMember } from './auth';

/**
 * `gameRecent` {token} (beyond the operator's published calls; plain member access token, 401 when bad) →
 * `{status: true, recent: [{brand, id, at}]}`: the games gclubOpenGame opened for the member's GCLUB account, newest
 * first, one entry per game, at most 20; `at` is an ISO time.
 */
export const gameRecentHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const { member } = requireMember(sim, new Fields(body).plain('token'));
    const reply: GameRecentReply = { status: true, recent: sim.gamePrefs.recent(memberKey(member.prefix, member.cid)) };
    return api(reply);
  };
