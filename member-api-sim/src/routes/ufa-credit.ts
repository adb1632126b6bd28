import type { UfaCreditReply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall } from './provider';

const PATH = '/api/ufaCredit';

/** `POST /api/ufaCredit` {username} (plain): `{status: true, credit}`; no live UFA session → HTTP 401. */
export const ufaCreditRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: PATH,
  name: PATH,
  kind: 'api',
  handler: ({ body }) => {
    const { username } = new Problems().done({ username: new Fields(body, sim.cipher).plain('username') });
    const account = sim.providers.account('UFA', username);
    countCall(sim, account, PATH);
    if (!account || !sim.providers.ufaSession(account.gameuser)) throw unauthorized();
    const reply: UfaCreditReply = { status: true, credit: sim.wallets.balanceOf(account.gameuser) };
    return api(reply);
  },
});
