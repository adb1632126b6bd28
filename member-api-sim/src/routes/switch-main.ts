import type { StatusReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields } from '../wire/fields';
import { requireMember } from './auth';
import { NOT_YOUR_GAME_USER } from './update-game-password';

export const SWITCH_MAIN_REFUSED = 'The main account cannot be switched right now';

/**
 * `switchMain` {select_gameuser, switch_gameuser, token} (plain; `token` is the member's access token, HTTP
 * 401 when bad). Both game users must be the member's, different, and exactly one of them main; then both `main` flags
 * flip → `{status: true}` (the host flips its flags only then). Otherwise, or while `POST
 * /__sim/switch-main/refuse` has refusals pending, `{status: false, message}` and nothing changes.
 */
export const switchMainHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const { member } = requireMember(sim, f.plain('token'));
    const answer = (reply: StatusReply) => api(reply);
    if (sim.switchMain.take()) return answer({ status: false, message: SWITCH_MAIN_REFUSED });

    const select = member.games.find((g) => g.game_user === f.plain('select_gameuser'));
    const other = member.games.find((g) => g.game_user === f.plain('switch_gameuser'));
    if (!select || !other) return answer({ status: false, code: 'not_your_game_user', message: NOT_YOUR_GAME_USER });
    if (select === other) return answer({ status: false, message: 'Choose two different game users' });
    if (select.main === other.main) return answer({ status: false, message: 'Exactly one of the two game users must be the main account' });
    [select.main, other.main] = [other.main, select.main];
    return answer({ status: true });
  };
