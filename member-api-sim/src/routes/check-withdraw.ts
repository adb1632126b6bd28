import type { CheckWithdrawReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { requireMember } from './auth';
import { NOT_YOUR_GAME_USER } from './update-game-password';

/**
 * `checkWithdraw` {game_user, prefix, token} (plain; `token` is the member's access token, `prefix` the
 * member's site → 401 otherwise). → `{status: true, pending: false}` when no withdrawal of that game user is pending
 * (a new one may be made), `{status: false, pending: true, ref, key?}` while one is (`key`: its Idempotency-Key, while
 * the operator's `pendingKeys` setting is on). The host's withdraw status is true (a withdrawal in progress) when this
 * status is false, and MemberTrans sets it false again. A game user that is not the member's → `{status: false,
 * pending: false, code: 'not_your_game_user', message}`. Missing field → 422.
 */
export const checkWithdrawHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const problems = new Problems();
    const ok = problems.done({ game_user: f.plain('game_user'), prefix: f.plain('prefix') });
    const { member } = requireMember(sim, f.plain('token'), ok.prefix);
    const answer = (reply: CheckWithdrawReply) => api(reply);
    if (!member.games.some((g) => g.game_user === ok.game_user)) {
      return answer({ status: false, pending: false, code: 'not_your_game_user', message: NOT_YOUR_GAME_USER });
    }
    const pending = sim.ledger.pendingWithdrawal(ok.game_user);
    if (!pending) return answer({ status: true, pending: false });
    const key = sim.operator.current.pendingKeys ? pending.idempotencyKey : undefined;
    return answer({ status: false, pending: true, ref: pending.ref, ...(key !== undefined ? { key } : {}) });
  };
