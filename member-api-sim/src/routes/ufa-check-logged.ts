import type { UfaCheckLoggedReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall } from './provider';
import { ufaSessionReply } from './ufa-login';

const PATH = '/api/ufaCheckLogged';

/**
 * `POST /api/ufaCheckLogged` {username} (plain): the ufaLogin reply `{status: true, credit, games, accid, sessions}`
 * while the UFA session lives (without extending it), `{status: false}` otherwise.
 */
export const ufaCheckLoggedRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: PATH,
  name: PATH,
  kind: 'api',
  handler: ({ body }) => {
    const { username } = new Problems().done({ username: new Fields(body, sim.cipher).plain('username') });
    const account = sim.providers.account('UFA', username);
    countCall(sim, account, PATH);
    const session = account ? sim.providers.ufaSession(account.gameuser) : null;
    const reply: UfaCheckLoggedReply = account && session ? ufaSessionReply(sim, account.gameuser, session) : { status: false };
    return api(reply);
  },
});
