import type { GclubCheckLoggedReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { Fields } from '../wire/fields';
import { countCall } from './provider';

const PATH = '/api/gclubCheckLogged';

/**
 * `POST /api/gclubCheckLogged` {token} (plain GCLUB session token): `{status: true, result: {now_xinyong}}` while the
 * session lives (and the call extends it), `{status: false}` otherwise.
 */
export const gclubCheckLoggedRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: PATH,
  name: PATH,
  kind: 'api',
  handler: ({ body }) => {
    const account = sim.providers.gclubAccount(new Fields(body, sim.cipher).plain('token'), true);
    countCall(sim, account, PATH);
    const reply: GclubCheckLoggedReply = account
      ? { status: true, result: { now_xinyong: sim.wallets.balanceOf(account.gameuser) } }
      : { status: false };
    return api(reply);
  },
});
