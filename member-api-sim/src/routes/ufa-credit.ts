import type { UfaCreditReply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall } from './provider';

/** `ufaCredit` {username} (plain): `{status: true, credit}`; no live UFA session → HTTP 401. */
export const ufaCreditHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const { username } = new Problems().done({ username: new Fields(body).plain('username') });
    const account = sim.providers.account('UFA', username);
    countCall(sim, account, 'ufaCredit');
    if (!account || !sim.providers.ufaSession(account.gameuser)) throw unauthorized();
    const reply: UfaCreditReply = { status: true, credit: sim.wallets.balanceOf(account.gameuser) };
    return api(reply);
  };
