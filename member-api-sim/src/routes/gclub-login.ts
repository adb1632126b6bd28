import type { GclubLoginReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall, maintenanceMessage, WRONG_GAME_CREDENTIALS } from './provider';

/**
 * `gclubLogin` {username, password} (plain): opens a GCLUB session (SIM_PROVIDER_SESSION_MS) and answers
 * `{status: true, result: {token, now_xinyong}}`; `now_xinyong` is the balance, so 0 for an empty account (the host
 * then asks gclubCredit). Wrong password or unknown user → `{status: false, message}`; maintenance → the same with
 * the maintenance message.
 */
export const gclubLoginHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const problems = new Problems();
    const ok = problems.done({ username: f.plain('username'), password: f.plain('password') });
    const answer = (reply: GclubLoginReply) => api(reply);

    countCall(sim, sim.providers.account('GCLUB', ok.username), 'gclubLogin');
    if (sim.providers.inMaintenance('GCLUB')) return answer({ status: false, message: maintenanceMessage('GCLUB') });
    const account = sim.providers.login('GCLUB', ok.username, ok.password);
    if (!account) return answer({ status: false, message: WRONG_GAME_CREDENTIALS });
    const token = sim.providers.openGclubSession(account);
    return answer({ status: true, result: { token, now_xinyong: sim.wallets.balanceOf(account.gameuser) } });
  };
