import type { GclubCheckLoggedReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields } from '../wire/fields';
import { countCall } from './provider';

/**
 * `gclubCheckLogged` {token} (plain GCLUB session token): `{status: true, result: {now_xinyong}}` while the
 * session lives (and the call extends it), `{status: false}` otherwise.
 */
export const gclubCheckLoggedHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const account = sim.providers.gclubAccount(new Fields(body).plain('token'), true);
    countCall(sim, account, 'gclubCheckLogged');
    const reply: GclubCheckLoggedReply = account
      ? { status: true, result: { now_xinyong: sim.wallets.balanceOf(account.gameuser) } }
      : { status: false };
    return api(reply);
  };
