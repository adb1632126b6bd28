import type { GclubCreditReply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields } from '../wire/fields';
import { countCall } from './provider';

/**
 * `gclubCredit` {token} (plain GCLUB session token): `{status: true, result: {totalMoney}}`, extending the
 * session. A missing or expired GCLUB session → HTTP 401 (the host returns silently).
 */
export const gclubCreditHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const account = sim.providers.gclubAccount(new Fields(body).plain('token'), true);
    if (!account) throw unauthorized();
    countCall(sim, account, 'gclubCredit');
    const reply: GclubCreditReply = { status: true, result: { totalMoney: sim.wallets.balanceOf(account.gameuser) } };
    return api(reply);
  };
