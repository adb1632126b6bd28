import type { HistoryEntry, HistoryReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { requireMember } from './auth';
import { NOT_YOUR_GAME_USER } from './update-game-password';

/**
 * `history` {gameuser, token} (plain; `token` is the member's access token → 401 when bad): the game user's
 * deposits and withdrawals from the ledger, newest first → `{status: true, history: [{ref, type, amount, status,
 * time, service, gameuser, key?}]}`, `key` being the Idempotency-Key a withdrawal was made with (left out while the
 * operator's `historyKeys` setting is off, `/__sim/operator`). A game user that is not the member's → `{status: false,
 * code: 'not_your_game_user', message}`. Missing gameuser → 422.
 */
export const historyHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const ok = new Problems().done({ gameuser: f.plain('gameuser') });
    const { member } = requireMember(sim, f.plain('token'));
    const answer = (reply: HistoryReply) => api(reply);
    if (!member.games.some((g) => g.game_user === ok.gameuser)) {
      return answer({ status: false, code: 'not_your_game_user', message: NOT_YOUR_GAME_USER });
    }
    const withKeys = sim.operator.current.historyKeys;
    const history = sim.ledger
      .list({ prefix: member.prefix, cid: member.cid, gameuser: ok.gameuser })
      .reverse()
      .map(
        ({ ref, type, amount, status, time, service, gameuser, idempotencyKey }): HistoryEntry => ({
          ref,
          type,
          amount,
          status,
          time,
          service,
          gameuser,
          ...(withKeys && idempotencyKey !== undefined ? { key: idempotencyKey } : {}),
        }),
      );
    return answer({ status: true, history });
  };
