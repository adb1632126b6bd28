import type { UfaLoginReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import type { UfaSession } from '../state/providers';
import { ufaGamesMap } from '../views/ufa-games';
import { Fields, Problems } from '../wire/fields';
import { countCall, maintenanceMessage, WRONG_GAME_CREDENTIALS } from './provider';

/** The reply of ufaLogin and ufaCheckLogged for a live UFA session. */
export function ufaSessionReply(sim: Sim, gameuser: string, session: UfaSession): UfaLoginReply {
  return {
    status: true,
    accid: session.accid,
    sessions: session.sessions,
    credit: sim.wallets.balanceOf(gameuser),
    games: ufaGamesMap(sim.urls, session.accid),
  };
}

/**
 * `ufaLogin` {username, password} (plain): `{status: true, accid, sessions, credit, games}`. A login while
 * the UFA session lives returns the same accid/sessions and extends it; otherwise a new session starts
 * (SIM_PROVIDER_SESSION_MS). Wrong password or unknown user → `{status: false, message}`; maintenance likewise.
 */
export const ufaLoginHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const problems = new Problems();
    const ok = problems.done({ username: f.plain('username'), password: f.plain('password') });
    const answer = (reply: UfaLoginReply) => api(reply);

    countCall(sim, sim.providers.account('UFA', ok.username), 'ufaLogin');
    if (sim.providers.inMaintenance('UFA')) return answer({ status: false, message: maintenanceMessage('UFA') });
    const account = sim.providers.login('UFA', ok.username, ok.password);
    if (!account) return answer({ status: false, message: WRONG_GAME_CREDENTIALS });
    return answer(ufaSessionReply(sim, account.gameuser, sim.providers.openUfaSession(account)));
  };
