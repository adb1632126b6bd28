import type { UfaCheckLoggedReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall } from './provider';
import { ufaSessionReply } from './ufa-login';

/**
 * `ufaCheckLogged` {username} (plain): the ufaLogin reply `{status: true, credit, games, accid, sessions}`
 * while the UFA session lives (without extending it), `{status: false}` otherwise.
 */
export const ufaCheckLoggedHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const { username } = new Problems().done({ username: new Fields(body).plain('username') });
    const account = sim.providers.account('UFA', username);
    countCall(sim, account, 'ufaCheckLogged');
    const session = account ? sim.providers.ufaSession(account.gameuser) : null;
    const reply: UfaCheckLoggedReply = account && session ? ufaSessionReply(sim, account.gameuser, session) : { status: false };
    return api(reply);
  };
